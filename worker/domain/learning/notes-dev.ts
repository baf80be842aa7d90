// Local only (the browser tests' setup, worker/routes/lesson-note.ts): a lesson of the signed-in
// student with a tutor at any time, an ended one included, which booking never makes. Never
// mounted outside the local environment.
import { sql } from "drizzle-orm";
import { Role } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { d1, statement } from "../../core/db";
import { fail } from "../../core/failure";

export async function addLessonForTests(
  db: Db,
  {
    studentId,
    tutorId,
    start,
    duration,
    now,
  }: { studentId: number; tutorId: number; start: Date; duration: number; now: Date },
): Promise<number> {
  const at = now.toISOString();
  const end = new Date(start.getTime() + duration * 60_000).toISOString();
  const lesson = sql`(SELECT id FROM lessons WHERE tutor_id = ${tutorId} AND start = ${start.toISOString()} AND created_by = ${studentId} ORDER BY id DESC LIMIT 1)`;
  const [inserted] = await d1(db).batch([
    statement(
      db,
      sql`INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, created_at, updated_at)
        SELECT u.id, ${start.toISOString()}, ${end}, ${duration}, 0, ${studentId}, ${at}, ${at} FROM users u
        WHERE u.id = ${tutorId} AND u.role IN (${Role.Tutor}, ${Role.TutorManager}) RETURNING id`,
    ),
    statement(
      db,
      sql`INSERT INTO lesson_members (lesson_id, user_id, role, created_at)
        SELECT ${lesson}, ${tutorId}, ${Role.Tutor}, ${at} WHERE ${lesson} IS NOT NULL
        UNION ALL SELECT ${lesson}, ${studentId}, ${Role.Student}, ${at} WHERE ${lesson} IS NOT NULL`,
    ),
  ]);
  const id = (inserted?.results as { id: number }[] | undefined)?.[0]?.id;
  if (!id) fail("tutor-not-found");
  return id;
}
