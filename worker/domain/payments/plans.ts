import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { CreatePlanBody, PlanView, UpdatePlanBody } from "../../../schema/api/plan";
import { invites, plans } from "../../../schema/db";
import { periodPrice } from "../../../schema/pricing";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { insertedRowId, withAudit, type AuditActor } from "../staff/audit";

export type PlanRow = typeof plans.$inferSelect;
// The pricing function is shared with the SPA (schema/pricing.ts); re-exported for the Worker's callers.
export { periodPrice };

export function toPlanView(plan: PlanRow): PlanView {
  return {
    id: plan.id,
    weeklyMinutes: plan.weeklyMinutes,
    baseMonthPrice: plan.baseMonthPrice,
    monthDiscount: plan.monthDiscount,
    quarterDiscount: plan.quarterDiscount,
    yearDiscount: plan.yearDiscount,
    monthPrice: periodPrice(plan, 0),
    quarterPrice: periodPrice(plan, 1),
    yearPrice: periodPrice(plan, 2),
    active: plan.active,
    inviteOnly: plan.inviteOnly,
    createdAt: plan.createdAt,
  };
}

export async function createPlan(
  db: Db,
  input: CreatePlanBody,
  createdBy: number,
  now = new Date(),
  actor?: AuditActor,
): Promise<PlanRow> {
  const at = now.toISOString();
  const insert = db
    .insert(plans)
    .values({ ...input, createdBy, createdAt: at, updatedAt: at })
    .returning();
  const [row] = await withAudit(
    db,
    insert,
    actor,
    { action: "plan.create", targetType: "plan", targetId: insertedRowId, after: input },
    now,
  );
  return row!;
}

export async function findPlan(db: Db, id: number): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), isNull(plans.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function updatePlan(
  db: Db,
  id: number,
  input: UpdatePlanBody,
  now = new Date(),
  actor?: AuditActor,
): Promise<PlanRow> {
  const before = actor ? await findPlan(db, id) : null;
  const changed = Object.keys(input) as (keyof UpdatePlanBody & keyof PlanRow)[];
  const update = db
    .update(plans)
    .set({ ...input, updatedAt: now.toISOString() })
    .where(and(eq(plans.id, id), isNull(plans.deletedAt)))
    .returning();
  const entry = {
    action: "plan.update" as const,
    targetType: "plan",
    targetId: id,
    before: before ? Object.fromEntries(changed.map((key) => [key, before[key]])) : undefined,
    after: input,
  };
  const [row] = await withAudit(db, update, actor, entry, now);
  return row ?? fail("plan-not-found");
}

/** Soft delete: subscriptions and transactions keep pointing at the plan. */
export async function deletePlan(db: Db, id: number, now = new Date(), actor?: AuditActor): Promise<void> {
  const at = now.toISOString();
  const update = db
    .update(plans)
    .set({ deletedAt: at, active: false, updatedAt: at })
    .where(and(eq(plans.id, id), isNull(plans.deletedAt)))
    .returning({ id: plans.id });
  const [row] = await withAudit(
    db,
    update,
    actor,
    { action: "plan.delete", targetType: "plan", targetId: id },
    now,
  );
  if (!row) fail("plan-not-found");
}

/** A live invite: not used, not deleted, not expired. */
function liveInvite(userId: number, at: string) {
  return sql`EXISTS (SELECT 1 FROM ${invites} WHERE ${invites.planId} = ${plans.id} AND ${invites.userId} = ${userId}
    AND ${invites.usedAt} IS NULL AND ${invites.deletedAt} IS NULL AND ${invites.expiresAt} > ${at})`;
}

/**
 * Whether a caller may see (and buy) a plan: active, not deleted, and either open to all or
 * invite-only with a live invite for the caller. Staff see every plan through `includeHidden`.
 */
function visibleTo(userId: number | null, at: string) {
  const open = eq(plans.inviteOnly, false);
  return and(
    isNull(plans.deletedAt),
    eq(plans.active, true),
    userId === null ? open : or(open, liveInvite(userId, at)),
  );
}

export async function listPlans(
  db: Db,
  options: { userId: number | null; includeHidden: boolean; page: number; size: number; now?: Date },
) {
  const at = (options.now ?? new Date()).toISOString();
  const where = options.includeHidden ? isNull(plans.deletedAt) : visibleTo(options.userId, at);
  const [list, [counted]] = await db.batch([
    db
      .select()
      .from(plans)
      .where(where)
      .orderBy(plans.weeklyMinutes, desc(plans.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db
      .select({ total: sql<number>`count(*)` })
      .from(plans)
      .where(where),
  ]);
  return { list: list.map(toPlanView), total: counted?.total ?? 0 };
}

/** A plan the caller may see; hidden ones answer plan-not-found, as if they did not exist. */
export async function findVisiblePlan(
  db: Db,
  id: number,
  userId: number | null,
  includeHidden: boolean,
  now = new Date(),
) {
  const where = includeHidden ? isNull(plans.deletedAt) : visibleTo(userId, now.toISOString());
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), where))
    .limit(1);
  return row ?? fail("plan-not-found");
}
