import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { CreateInviteBody, InviteView, UpdateInviteBody } from "../../../schema/api/invite";
import { invites, plans, users } from "../../../schema/db";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { insertedRowId, withAudit, type AuditActor } from "../staff/audit";

export type InviteRow = typeof invites.$inferSelect;

export const toInviteView = (row: InviteRow): InviteView => ({
  id: row.id,
  userId: row.userId,
  planId: row.planId,
  expiresAt: row.expiresAt,
  note: row.note,
  usedAt: row.usedAt,
  createdAt: row.createdAt,
});

export async function createInvite(
  db: Db,
  input: CreateInviteBody,
  createdBy: number,
  now = new Date(),
  actor?: AuditActor,
): Promise<InviteRow> {
  const [[user], [plan]] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).limit(1),
    db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.id, input.planId), isNull(plans.deletedAt)))
      .limit(1),
  ]);
  if (!user) fail("user-not-found");
  if (!plan) fail("plan-not-found");
  const at = now.toISOString();
  const values = {
    userId: input.userId,
    planId: input.planId,
    expiresAt: input.expiresAt,
    note: input.note ?? null,
    createdBy,
    createdAt: at,
    updatedAt: at,
  };
  const after = {
    userId: values.userId,
    planId: values.planId,
    expiresAt: values.expiresAt,
    note: values.note,
  };
  const [row] = await withAudit(
    db,
    db.insert(invites).values(values).returning(),
    actor,
    { action: "invite.create", targetType: "invite", targetId: insertedRowId, after },
    now,
  );
  return row!;
}

export async function findInvite(db: Db, id: number): Promise<InviteRow> {
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.id, id), isNull(invites.deletedAt)))
    .limit(1);
  return row ?? fail("invite-not-found");
}

export async function updateInvite(
  db: Db,
  id: number,
  input: UpdateInviteBody,
  now = new Date(),
  actor?: AuditActor,
): Promise<InviteRow> {
  if (input.planId !== undefined) {
    const [plan] = await db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.id, input.planId), isNull(plans.deletedAt)))
      .limit(1);
    if (!plan) fail("plan-not-found");
  }
  const before = actor ? await findInvite(db, id) : null;
  const changed = Object.keys(input) as (keyof UpdateInviteBody)[];
  const update = db
    .update(invites)
    .set({ ...input, updatedAt: now.toISOString() })
    .where(and(eq(invites.id, id), isNull(invites.deletedAt)))
    .returning();
  const entry = {
    action: "invite.update" as const,
    targetType: "invite",
    targetId: id,
    before: before ? Object.fromEntries(changed.map((key) => [key, before[key]])) : undefined,
    after: Object.fromEntries(changed.map((key) => [key, input[key]])),
  };
  const [row] = await withAudit(db, update, actor, entry, now);
  return row ?? fail("invite-not-found");
}

export async function deleteInvite(db: Db, id: number, now = new Date(), actor?: AuditActor): Promise<void> {
  const at = now.toISOString();
  const update = db
    .update(invites)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(invites.id, id), isNull(invites.deletedAt)))
    .returning({ id: invites.id });
  const rows = await withAudit(
    db,
    update,
    actor,
    { action: "invite.delete", targetType: "invite", targetId: id },
    now,
  );
  if (!rows.length) fail("invite-not-found");
}

export async function listInvites(
  db: Db,
  filter: { userId?: number; planId?: number; page: number; size: number },
) {
  const parts: SQL[] = [isNull(invites.deletedAt)];
  if (filter.userId !== undefined) parts.push(eq(invites.userId, filter.userId));
  if (filter.planId !== undefined) parts.push(eq(invites.planId, filter.planId));
  const where = and(...parts);
  const [list, [counted]] = await db.batch([
    db
      .select()
      .from(invites)
      .where(where)
      .orderBy(desc(invites.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size),
    db
      .select({ total: sql<number>`count(*)` })
      .from(invites)
      .where(where),
  ]);
  return { list: list.map(toInviteView), total: counted?.total ?? 0 };
}

/** The user's live invite for a plan (unused, unexpired), used at checkout of invite-only plans. */
export async function liveInviteFor(
  db: Db,
  userId: number,
  planId: number,
  now = new Date(),
): Promise<InviteRow | null> {
  const [row] = await db
    .select()
    .from(invites)
    .where(
      and(
        eq(invites.userId, userId),
        eq(invites.planId, planId),
        isNull(invites.usedAt),
        isNull(invites.deletedAt),
        sql`${invites.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .orderBy(desc(invites.id))
    .limit(1);
  return row ?? null;
}
