import { env } from "cloudflare:workers";
import { Role } from "../../schema/enums";

type LessonSeed = {
  start: string;
  duration?: 15 | 30;
  canceled?: boolean;
  reportedAbsent?: boolean;
  earning?: number;
};

/** A lesson written straight to D1 with both members (any time, past or future, no booking rules). */
export async function seedLesson(tutorId: number, studentId: number, seed: LessonSeed): Promise<number> {
  const now = new Date().toISOString();
  const duration = seed.duration ?? 30;
  const end = new Date(Date.parse(seed.start) + duration * 60_000).toISOString();
  const lesson = await env.DB.prepare(
    `INSERT INTO lessons (tutor_id, start, "end", duration, price, tutor_earning, created_by, canceled_at, canceled_by, reported_absent_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      tutorId,
      seed.start,
      end,
      duration,
      seed.earning ?? duration * 250,
      studentId,
      seed.canceled ? now : null,
      seed.canceled ? studentId : null,
      seed.reportedAbsent ? now : null,
      now,
      now,
    )
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
    ).bind(lesson!.id, tutorId, Role.Tutor, now),
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
    ).bind(lesson!.id, studentId, Role.Student, now),
  ]);
  return lesson!.id;
}
