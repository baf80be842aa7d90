import { env } from "cloudflare:workers";
import { Role } from "../../schema/enums";
import type { SessionClientFrame } from "../../schema/events";
import { TestSocket, connect } from "./factories-chat";
import { addMinutes, createStudent, createTutor, createUser, type Session } from "./factories-lessons";

export { addMinutes, createStudent, createTutor, createUser };
export type { Session };

const iso = () => new Date().toISOString();

/** A 30-minute lesson starting `minutesFromNow` (negative: already started), written to D1. */
export async function createLesson(
  options: { minutesFromNow: number; duration?: number; canceled?: boolean } = { minutesFromNow: 5 },
) {
  const tutor = await createTutor();
  const student = await createStudent();
  const start = addMinutes(new Date(), options.minutesFromNow);
  const end = addMinutes(start, options.duration ?? 30);
  const row = await env.DB.prepare(
    'INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, canceled_at, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?) RETURNING id',
  )
    .bind(
      tutor.id,
      start.toISOString(),
      end.toISOString(),
      options.duration ?? 30,
      student.id,
      options.canceled ? iso() : null,
      iso(),
      iso(),
    )
    .first<{ id: number }>();
  const lessonId = row!.id;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
    ).bind(lessonId, tutor.id, Role.Tutor, iso()),
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
    ).bind(lessonId, student.id, Role.Student, iso()),
  ]);
  return { lessonId, sessionId: `lesson:${lessonId}`, tutor, student, start, end };
}

/** An interview starting `minutesFromNow` between a tutor manager and a tutor. */
export async function createInterview(minutesFromNow: number) {
  const interviewer = await createTutor({ role: Role.TutorManager });
  const interviewee = await createTutor();
  const start = addMinutes(new Date(), minutesFromNow);
  const row = await env.DB.prepare(
    'INSERT INTO interviews (interviewee_id, interviewer_id, start, "end", status, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?) RETURNING id',
  )
    .bind(
      interviewee.id,
      interviewer.id,
      start.toISOString(),
      addMinutes(start, 30).toISOString(),
      iso(),
      iso(),
    )
    .first<{ id: number }>();
  return { sessionId: `interview:${row!.id}`, interviewer, interviewee };
}

export const roomPath = (sessionId: string, who: Session) =>
  `/parties/session-room/${sessionId}?token=${who.token}`;

export const gateStatus = async (sessionId: string, who: Session) =>
  (await connect(roomPath(sessionId, who))).status;

/** A socket in a session room. */
export const openRoom = (sessionId: string, who: Session) => TestSocket.open(roomPath(sessionId, who));

export const send = (socket: TestSocket, frame: Omit<SessionClientFrame, "ackId">) =>
  socket.request(frame as never);

export async function attendance(sessionId: string) {
  const { results } = await env.DB.prepare(
    "SELECT user_id AS userId, event, at FROM session_attendance WHERE session_id = ? ORDER BY at, id",
  )
    .bind(sessionId)
    .all<{ userId: number; event: number; at: string }>();
  return results;
}
