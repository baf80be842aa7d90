import { and, eq, inArray, lte } from "drizzle-orm";
import { lessonMembers, lessons, users } from "../schema/db";
import { LessonDuration, Role } from "../schema/enums";
import { DAY_MS, MINUTE_MS } from "../schema/time";
import { lessonPrice, tutorEarning } from "../worker/domain/lessons/lessons";
import type { Db } from "../worker/core/context";

/**
 * The demo tutor's past, fulfilled lessons with the demo student (30 minutes each, 2 to 9 days
 * ago, before the student's subscription started), so /invoices has a balance to withdraw on a
 * fresh start. Idempotent: nothing is added once the tutor has any ended lesson.
 */
export async function seedDemoEarnings(db: Db, now: Date, count = 8): Promise<number> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["tutor@dars.test", "student@dars.test"]));
  const tutor = people.find((p) => p.email === "tutor@dars.test");
  const student = people.find((p) => p.email === "student@dars.test");
  if (!tutor || !student) return 0;
  const [ended] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.tutorId, tutor.id), lte(lessons.end, now.toISOString())))
    .limit(1);
  if (ended) return 0;
  const at = now.toISOString();
  const duration = LessonDuration.Long;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 15);
  const rows = Array.from({ length: count }, (_, index) => {
    const start = new Date(today - (index + 2) * DAY_MS);
    return {
      tutorId: tutor.id,
      start: start.toISOString(),
      end: new Date(start.getTime() + duration * MINUTE_MS).toISOString(),
      duration,
      price: lessonPrice(duration, Role.Tutor),
      tutorEarning: tutorEarning(duration),
      createdBy: student.id,
      createdAt: at,
      updatedAt: at,
    };
  });
  const inserted = await db.insert(lessons).values(rows).returning({ id: lessons.id });
  await db.insert(lessonMembers).values(
    inserted.flatMap(({ id }) => [
      { lessonId: id, userId: tutor.id, role: Role.Tutor, createdAt: at },
      { lessonId: id, userId: student.id, role: Role.Student, createdAt: at },
    ]),
  );
  return inserted.length;
}
