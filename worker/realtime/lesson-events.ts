import { inArray } from "drizzle-orm";
import { lessonMembers } from "../../schema/db";
import type { Db } from "../core/context";
import type { Logger } from "../core/logger";
import { publishToUsers } from "../../durable-objects/clients";

type Channels = Parameters<typeof publishToUsers>[0];

/** The realtime events of a lesson's life (docs/product.md §7, events pushed to users). */
export type LessonEventType = "LessonBooked" | "LessonRebooked" | "LessonCanceled";

/** A lesson and the users to tell: its tutor and its student. */
export type LessonAudience = { id: number; memberIds: readonly number[] };

/**
 * Tells both members of each lesson, on every open socket, that it was booked, moved or
 * cancelled, so their screens refetch it. Like every publish, a failure is logged and never
 * fails the change that caused it. Resolves to how many (lesson, user) pairs were reached.
 */
export async function publishLessonEvent(
  env: Channels,
  type: LessonEventType,
  lessons: readonly LessonAudience[],
  logger: Logger,
): Promise<number> {
  const reached = await Promise.all(
    lessons.map((lesson) =>
      publishToUsers(env, lesson.memberIds, { type, payload: { lessonId: lesson.id } }, logger),
    ),
  );
  return reached.reduce((sum, count) => sum + count, 0);
}

/** Both members of each lesson, read from lesson_members (one query). */
export async function lessonAudiences(db: Db, lessonIds: readonly number[]): Promise<LessonAudience[]> {
  if (lessonIds.length === 0) return [];
  const rows = await db
    .select({ lessonId: lessonMembers.lessonId, userId: lessonMembers.userId })
    .from(lessonMembers)
    .where(inArray(lessonMembers.lessonId, [...new Set(lessonIds)]));
  const members = new Map<number, number[]>();
  for (const row of rows) members.set(row.lessonId, [...(members.get(row.lessonId) ?? []), row.userId]);
  return [...members].map(([id, memberIds]) => ({ id, memberIds }));
}

/**
 * LessonCanceled to both members of lessons cancelled by anything but their own DELETE (a deleted
 * slot, a cancelled or refunded subscription, an absence report): reads the members, then publishes.
 * Never throws.
 */
export async function publishLessonCanceled(
  env: Channels,
  db: Db,
  lessonIds: readonly number[],
  logger: Logger,
): Promise<number> {
  try {
    return await publishLessonEvent(env, "LessonCanceled", await lessonAudiences(db, lessonIds), logger);
  } catch (error) {
    logger.warn("LessonCanceled not published", { lessonIds: lessonIds.join(","), error: String(error) });
    return 0;
  }
}
