import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import type { Paged } from "../../../schema/api/common";
import type { TopicBody, TopicView } from "../../../schema/api/topic";
import { topics, userTopics } from "../../../schema/db";
import { bounds } from "../../../schema/rules";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { auditStatement, insertedRowId, withAudit, type AuditActor } from "../staff/audit";

const topicView = { id: topics.id, nameAr: topics.nameAr, nameEn: topics.nameEn };

/** A unique index said no (D1 reports it in the message; drizzle wraps it as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (/UNIQUE constraint failed/i.test(e.message)) return true;
  return false;
}

/** `%`, `_` and `\` are literal in a user's search text. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Both names are unique (the English one case-insensitively); the unique indexes decide. */
export async function createTopic(
  db: Db,
  body: TopicBody,
  now = new Date(),
  actor?: AuditActor,
): Promise<TopicView> {
  const at = now.toISOString();
  const insert = db
    .insert(topics)
    .values({ ...body, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning(topicView);
  const [row] = await withAudit(
    db,
    insert,
    actor,
    { action: "topic.create", targetType: "topic", targetId: insertedRowId, after: body },
    now,
  );
  return row ?? fail("topic-exists");
}

export async function listTopics(
  db: Db,
  query: { page: number; size: number; search?: string },
): Promise<Paged<TopicView>> {
  const where = query.search
    ? or(
        sql`${topics.nameAr} LIKE ${likePattern(query.search)} ESCAPE '\\'`,
        sql`${topics.nameEn} LIKE ${likePattern(query.search)} ESCAPE '\\'`,
      )
    : undefined;
  const [list, [total]] = await db.batch([
    db
      .select(topicView)
      .from(topics)
      .where(where)
      .orderBy(asc(topics.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(topics).where(where),
  ]);
  return { list, total: total?.total ?? 0 };
}

export async function updateTopic(
  db: Db,
  id: number,
  changes: Partial<TopicBody>,
  now = new Date(),
  actor?: AuditActor,
): Promise<TopicView> {
  if (Object.keys(changes).length === 0) fail("empty-request");
  try {
    const [before] = actor ? await db.select(topicView).from(topics).where(eq(topics.id, id)).limit(1) : [];
    const update = db
      .update(topics)
      .set({ ...changes, updatedAt: now.toISOString() })
      .where(eq(topics.id, id))
      .returning(topicView);
    const summary = (row: Partial<TopicBody> | undefined) =>
      row
        ? Object.fromEntries(Object.keys(changes).map((key) => [key, row[key as keyof TopicBody]]))
        : undefined;
    const [row] = await withAudit(
      db,
      update,
      actor,
      { action: "topic.update", targetType: "topic", targetId: id, before: summary(before), after: changes },
      now,
    );
    return row ?? fail("topic-not-found");
  } catch (error) {
    if (isUniqueViolation(error)) fail("topic-exists");
    throw error;
  }
}

/** No cascade in the schema: the topic's user_topics rows go in the same batch, first. */
export async function deleteTopic(db: Db, id: number, now = new Date(), actor?: AuditActor): Promise<void> {
  const audit = actor
    ? [auditStatement(db, actor, { action: "topic.delete", targetType: "topic", targetId: id }, now)]
    : [];
  const [, deleted] = await db.batch([
    db.delete(userTopics).where(eq(userTopics.topicId, id)),
    db.delete(topics).where(eq(topics.id, id)).returning({ id: topics.id }),
    ...audit,
  ]);
  if (deleted.length === 0) fail("topic-not-found");
}

export async function topicsOfUser(db: Db, userId: number): Promise<TopicView[]> {
  return db
    .select(topicView)
    .from(userTopics)
    .innerJoin(topics, eq(topics.id, userTopics.topicId))
    .where(eq(userTopics.userId, userId))
    .orderBy(asc(topics.id));
}

/** Every id must name a topic (`topic-not-found`). */
async function requireTopics(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.select({ id: topics.id }).from(topics).where(inArray(topics.id, ids));
  if (found.length !== ids.length) fail("topic-not-found");
}

/**
 * Adds topics to the user's set; more than 30 in all is `forbidden`. The cap is part of the
 * INSERT itself, so two concurrent requests cannot push a user past it.
 */
export async function addUserTopics(
  db: Db,
  userId: number,
  ids: number[],
  now = new Date(),
): Promise<TopicView[]> {
  if (ids.length === 0) fail("empty-request");
  await requireTopics(db, ids);
  const newTopics = sql`(SELECT count(*) FROM topics n WHERE n.id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) AND NOT EXISTS (SELECT 1 FROM user_topics h WHERE h.user_id = ${userId} AND h.topic_id = n.id))`;
  const held = sql`(SELECT count(*) FROM user_topics h WHERE h.user_id = ${userId})`;
  const [inserted, held_] = await db.batch([
    db
      .insert(userTopics)
      .select(
        // drizzle's INSERT ... SELECT needs every column, in table order (a NULL id autoincrements).
        db
          .select({
            id: sql<null>`NULL`.as("id"),
            userId: sql<number>`${userId}`.as("user_id"),
            topicId: topics.id,
            createdAt: sql<string>`${now.toISOString()}`.as("created_at"),
          })
          .from(topics)
          .where(
            and(
              inArray(topics.id, ids),
              sql`NOT EXISTS (SELECT 1 FROM user_topics h WHERE h.user_id = ${userId} AND h.topic_id = ${topics.id})`,
              sql`${held} + ${newTopics} <= ${bounds.topicsPerUser}`,
            ),
          ),
      )
      .returning({ id: userTopics.id }),
    db
      .select(topicView)
      .from(userTopics)
      .innerJoin(topics, eq(topics.id, userTopics.topicId))
      .where(eq(userTopics.userId, userId))
      .orderBy(asc(topics.id)),
  ]);
  const heldIds = new Set(held_.map((topic) => topic.id));
  // Nothing inserted although some ids are not held: the cap refused them.
  if (inserted.length === 0 && ids.some((id) => !heldIds.has(id))) fail("forbidden");
  return held_;
}

export async function removeUserTopics(db: Db, userId: number, ids: number[]): Promise<TopicView[]> {
  if (ids.length === 0) fail("empty-request");
  await db.delete(userTopics).where(and(eq(userTopics.userId, userId), inArray(userTopics.topicId, ids)));
  return topicsOfUser(db, userId);
}

/** Makes `ids` the user's whole set, in one batch (at most 30, else `forbidden`). */
export async function replaceUserTopics(
  db: Db,
  userId: number,
  ids: number[],
  now = new Date(),
): Promise<TopicView[]> {
  if (ids.length > bounds.topicsPerUser) fail("forbidden");
  await requireTopics(db, ids);
  await db.batch([
    db.delete(userTopics).where(eq(userTopics.userId, userId)),
    // Selected from topics, so a topic deleted meanwhile is skipped rather than failing the batch.
    db.insert(userTopics).select(
      db
        .select({
          id: sql<null>`NULL`.as("id"),
          userId: sql<number>`${userId}`.as("user_id"),
          topicId: topics.id,
          createdAt: sql<string>`${now.toISOString()}`.as("created_at"),
        })
        .from(topics)
        .where(inArray(topics.id, ids.length ? ids : [0])),
    ),
  ]);
  return topicsOfUser(db, userId);
}
