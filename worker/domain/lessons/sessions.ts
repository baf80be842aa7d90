// Live sessions (docs/rules.md, Live sessions): who may enter a lesson, interview or demo room
// and when, the attendance log in D1 (session_attendance), and the student's absence report.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type {
  AttendanceEntry,
  SessionKind,
  SessionMedia,
  SessionMember,
  SessionView,
} from "../../../schema/api/session";
import {
  demoSessions,
  interviews,
  lessonMembers,
  lessons,
  sessionAttendance,
  users,
} from "../../../schema/db";
import { Gender, Role, RoomMembershipEvent, isAdmin } from "../../../schema/enums";
import type { ErrorCode } from "../../../schema/errors";
import { lessonRules } from "../../../schema/pricing";
import type { SessionInfo } from "../../../schema/sessions";
import type { Db } from "../../core/context";
import { timeMark } from "../../notifications/clock";
import type { UserRow } from "../identity/users";

/**
 * The room opens lessonRules.roomOpensBeforeMs before the start and closes at the scheduled end; a
 * student may report the tutor absent from lessonRules.absenceReportAfterMs after the start.
 */
const { roomOpensBeforeMs, absenceReportAfterMs } = lessonRules;

/** Interview statuses 4, 5 and demo statuses 4, 5, 6 are cancellations. */
const CANCELED_INTERVIEW = [4, 5];
const CANCELED_DEMO = [4, 5, 6];

export type SessionRef = { kind: SessionKind; refId: number };

export type { SessionInfo };

export function parseSessionId(id: string): SessionRef | null {
  const match = /^(lesson|interview|demo):([1-9]\d{0,15})$/.exec(id);
  if (!match) return null;
  const refId = Number(match[2]);
  return Number.isSafeInteger(refId) ? { kind: match[1] as SessionKind, refId } : null;
}

/** The session behind an id, from D1 in one query, or null when there is none. */
export async function findSession(db: Db, id: string): Promise<SessionInfo | null> {
  const ref = parseSessionId(id);
  if (!ref) return null;
  if (ref.kind === "lesson") {
    const rows = await db
      .select({ lesson: lessons, userId: lessonMembers.userId, role: lessonMembers.role })
      .from(lessons)
      .innerJoin(lessonMembers, eq(lessonMembers.lessonId, lessons.id))
      .where(eq(lessons.id, ref.refId));
    const lesson = rows[0]?.lesson;
    if (!lesson) return null;
    return {
      id,
      ...ref,
      start: lesson.start,
      end: lesson.end,
      canceled: lesson.canceledAt !== null,
      hostId: lesson.tutorId,
      tutorEarning: lesson.tutorEarning,
      members: rows.map((row) => ({
        userId: row.userId,
        role: row.role === Role.Student ? "student" : "tutor",
      })),
    };
  }
  if (ref.kind === "interview") {
    const [row] = await db.select().from(interviews).where(eq(interviews.id, ref.refId));
    if (!row) return null;
    return {
      id,
      ...ref,
      start: row.start,
      end: row.end,
      canceled: row.canceledAt !== null || CANCELED_INTERVIEW.includes(row.status),
      hostId: row.interviewerId,
      members: [
        { userId: row.interviewerId, role: "interviewer" },
        { userId: row.intervieweeId, role: "interviewee" },
      ],
    };
  }
  const [row] = await db.select().from(demoSessions).where(eq(demoSessions.id, ref.refId));
  if (!row) return null;
  return {
    id,
    ...ref,
    start: row.start,
    end: row.end,
    canceled: row.canceledAt !== null || CANCELED_DEMO.includes(row.status),
    hostId: row.tutorManagerId,
    members: [
      { userId: row.tutorManagerId, role: "tutor-manager" },
      { userId: row.tutorId, role: "tutor" },
    ],
  };
}

export const isSessionMember = (session: SessionInfo, userId: number) =>
  session.members.some((member) => member.userId === userId);

/**
 * Whether a user may be in the room now: only members, only while the session is not cancelled,
 * from 10 minutes before the start until the scheduled end. Answers the refusal, or null.
 */
export function roomRefusal(
  session: SessionInfo,
  userId: number,
  now = new Date(),
): "not-member" | "closed" | null {
  if (!isSessionMember(session, userId)) return "not-member";
  if (session.canceled) return "closed";
  const opens = new Date(Date.parse(session.start) - roomOpensBeforeMs).toISOString();
  const at = now.toISOString();
  return at >= opens && at < session.end ? null : "closed";
}

/** Staff who may read any session: admins and tutor managers. */
export const isSessionStaff = (role: Role) => isAdmin(role) || role === Role.TutorManager;

export const canViewSession = (session: SessionInfo, user: Pick<UserRow, "id" | "role">) =>
  isSessionMember(session, user.id) || isSessionStaff(user.role as Role);

/**
 * Appends one join or leave. A redelivered event with the same user, kind and time (a LiveKit
 * webhook retry) is written once: one conditional INSERT ... SELECT ... WHERE NOT EXISTS.
 */
export async function recordAttendance(
  db: Db,
  sessionId: string,
  userId: number,
  event: RoomMembershipEvent,
  at: string,
): Promise<void> {
  await db.run(sql`INSERT INTO session_attendance (session_id, user_id, event, at)
    SELECT ${sessionId}, ${userId}, ${event}, ${at}
    WHERE NOT EXISTS (SELECT 1 FROM session_attendance WHERE session_id = ${sessionId} AND user_id = ${userId} AND event = ${event} AND at = ${at})`);
}

export async function attendanceLog(db: Db, sessionId: string): Promise<AttendanceEntry[]> {
  const rows = await db
    .select({ userId: sessionAttendance.userId, event: sessionAttendance.event, at: sessionAttendance.at })
    .from(sessionAttendance)
    .where(eq(sessionAttendance.sessionId, sessionId))
    .orderBy(asc(sessionAttendance.at), asc(sessionAttendance.id));
  return rows.map((row) => ({ userId: row.userId, event: row.event as 1 | 2, at: row.at }));
}

/**
 * What the viewer earned from the session: a lesson's tutor, once the lesson ended without being
 * cancelled (its stored earning, docs/rules.md "Tutor earnings"); null for anyone and anything else.
 */
export function viewerEarning(session: SessionInfo, viewerId: number, now: Date): number | null {
  if (session.kind !== "lesson" || session.canceled || session.hostId !== viewerId) return null;
  if (now.toISOString() < session.end) return null;
  return session.tutorEarning ?? null;
}

/** GET /session/:id: the members with their names, the attendance log and how to connect. */
export async function sessionView(
  db: Db,
  session: SessionInfo,
  media: SessionMedia,
  viewer: { id: number; now: Date },
): Promise<SessionView> {
  const ids = session.members.map((member) => member.userId);
  const [people, attendance] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, image: users.image, gender: users.gender })
      .from(users)
      .where(inArray(users.id, ids)),
    attendanceLog(db, session.id),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const members: SessionMember[] = session.members.map((member) => ({
    id: member.userId,
    name: byId.get(member.userId)?.name ?? null,
    image: byId.get(member.userId)?.image ?? null,
    gender: (byId.get(member.userId)?.gender ?? null) as Gender | null,
    role: member.role,
  }));
  return {
    id: session.id,
    kind: session.kind,
    start: session.start,
    end: session.end,
    canceled: session.canceled,
    members,
    attendance,
    media,
    earning: viewerEarning(session, viewer.id, viewer.now),
  };
}

/**
 * The absence report's rule without the write: only the lesson's student, only for a lesson not
 * cancelled, from 3 minutes after the start, and only when the tutor has no join in the log.
 */
export function absenceRefusal(
  session: SessionInfo,
  user: Pick<UserRow, "id">,
  log: AttendanceEntry[],
  now = new Date(),
): ErrorCode | null {
  if (session.kind !== "lesson") return "lesson-not-found";
  const student = session.members.find((member) => member.role === "student");
  if (student?.userId !== user.id) return "forbidden";
  if (session.canceled) return "illegal";
  if (now.getTime() < Date.parse(session.start) + absenceReportAfterMs) return "absence-report-too-early";
  if (log.some((entry) => entry.userId === session.hostId && entry.event === RoomMembershipEvent.UserJoined))
    return "tutor-attended";
  return null;
}

/**
 * Marks the tutor absent and cancels the lesson as the system (canceled_by null), so its minutes
 * return to the week. One conditional UPDATE: it does nothing if the lesson was cancelled or the
 * tutor joined in the meantime (answers null then).
 */
export async function markTutorAbsent(db: Db, session: SessionInfo, now = new Date()) {
  const at = now.toISOString();
  const [updated] = await db
    .update(lessons)
    .set({ reportedAbsentAt: at, canceledAt: at, canceledBy: null, updatedAt: at })
    .where(
      and(
        eq(lessons.id, session.refId),
        sql`${lessons.canceledAt} IS NULL`,
        sql`NOT EXISTS (SELECT 1 FROM session_attendance WHERE session_id = ${session.id} AND user_id = ${lessons.tutorId} AND event = ${RoomMembershipEvent.UserJoined})`,
      ),
    )
    .returning({ reportedAbsentAt: lessons.reportedAbsentAt, canceledAt: lessons.canceledAt });
  return updated ?? null;
}

/**
 * The absence report's notifications (Arabic): the student is told the minutes came back, the tutor
 * why. The words about the other member follow their gender (masculine when not known), as the
 * screens' do (docs/glossary.md, People and gender).
 */
export const absenceMessages = {
  toStudent: (start: string, tutorName: string | null, tutorGender?: string | null) => {
    const woman = tutorGender === Gender.Female;
    const title = woman ? "المدرّسة" : "المدرّس";
    const missed = woman ? "محضرتش" : "محضرش";
    return {
      subject: `اتلغت حصتك عشان ${title} ${missed}`,
      body: `سجّلنا إن ${tutorName ? `${title} ${tutorName}` : title} ${missed} حصة يوم ${timeMark(start)}. الحصة اتلغت ودقايقها رجعت لرصيدك الأسبوعي، وتقدر تحجز حصة تانية.`,
    };
  },
  toTutor: (start: string, studentName: string | null, studentGender?: string | null) => {
    const woman = studentGender === Gender.Female;
    const title = woman ? "الطالبة" : "الطالب";
    return {
      subject: "اتلغت حصة عشان مدخلتش الغرفة",
      body: `${studentName ? `${title} ${studentName}` : title} ${woman ? "بلّغت" : "بلّغ"} إنك مدخلتش غرفة حصة يوم ${timeMark(start)}، فالحصة اتلغت. لو ده حصل بالغلط كلّم فريق درس.`,
    };
  },
};
