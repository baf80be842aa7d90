import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type {
  CouponListQuery,
  CouponListSort,
  CouponView,
  CreateCouponBody,
  UpdateCouponBody,
} from "../../../schema/api/coupon";
import { coupons } from "../../../schema/db";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { insertedRowId, withAudit, type AuditActor } from "../staff/audit";
import { likePattern } from "../tutors/topics";

export type CouponRow = typeof coupons.$inferSelect;

export const toCouponView = (row: CouponRow): CouponView => ({
  id: row.id,
  code: row.code,
  discount: row.discount,
  expiresAt: row.expiresAt,
  maxUses: row.maxUses,
  uses: row.uses,
  createdAt: row.createdAt,
});

/** Price after a coupon: floor(amount × (1 − discount)), never below zero. */
export const applyDiscount = (amount: number, discountBp: number) =>
  Math.max(0, Math.floor((amount * (10000 - discountBp)) / 10000));

const summary = (row: Pick<CouponRow, "code" | "discount" | "expiresAt" | "maxUses">) => ({
  code: row.code,
  discount: row.discount,
  expiresAt: row.expiresAt,
  maxUses: row.maxUses,
});

export async function createCoupon(
  db: Db,
  input: CreateCouponBody,
  createdBy: number,
  now = new Date(),
  actor?: AuditActor,
): Promise<CouponRow> {
  const at = now.toISOString();
  const values = {
    code: input.code,
    discount: input.discount,
    expiresAt: input.expiresAt,
    maxUses: input.maxUses ?? null,
    createdBy,
    createdAt: at,
    updatedAt: at,
  };
  const insert = db.insert(coupons).values(values).onConflictDoNothing().returning();
  const [row] = await withAudit(
    db,
    insert,
    actor,
    { action: "coupon.create", targetType: "coupon", targetId: insertedRowId, after: summary(values) },
    now,
  );
  return row ?? fail("invalid-coupon-code");
}

export async function findCoupon(db: Db, id: number): Promise<CouponRow> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)))
    .limit(1);
  return row ?? fail("coupon-not-found");
}

export async function updateCoupon(
  db: Db,
  id: number,
  input: UpdateCouponBody,
  now = new Date(),
  actor?: AuditActor,
): Promise<CouponRow> {
  const before = await findCoupon(db, id);
  const update = db
    .update(coupons)
    .set({ ...input, updatedAt: now.toISOString() })
    .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)))
    .returning();
  const changed = Object.keys(input) as (keyof UpdateCouponBody)[];
  const entry = {
    action: "coupon.update" as const,
    targetType: "coupon",
    targetId: id,
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, input[key]])),
  };
  const rows = await withAudit(db, update, actor, entry, now).catch(() => fail("invalid-coupon-code"));
  return rows[0] ?? fail("coupon-not-found");
}

/** Soft delete; the code is freed (renamed) so it can be issued again. */
export async function deleteCoupon(db: Db, id: number, now = new Date(), actor?: AuditActor): Promise<void> {
  const at = now.toISOString();
  const update = db
    .update(coupons)
    .set({ deletedAt: at, updatedAt: at, code: sql`${coupons.code} || '#' || ${coupons.id}` })
    .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)))
    .returning({ id: coupons.id, code: coupons.code });
  const rows = await withAudit(
    db,
    update,
    actor,
    { action: "coupon.delete", targetType: "coupon", targetId: id },
    now,
  );
  if (!rows.length) fail("coupon-not-found");
}

/** Each sort's ORDER BY (ties broken by id, so pages never repeat or skip a row). */
const couponOrder: Record<CouponListSort, SQL[]> = {
  created: [asc(coupons.id)],
  "-created": [desc(coupons.id)],
  code: [asc(coupons.code), asc(coupons.id)],
  "-code": [desc(coupons.code), desc(coupons.id)],
  discount: [asc(coupons.discount), asc(coupons.id)],
  "-discount": [desc(coupons.discount), desc(coupons.id)],
  expires: [asc(coupons.expiresAt), asc(coupons.id)],
  "-expires": [desc(coupons.expiresAt), desc(coupons.id)],
  uses: [asc(coupons.uses), asc(coupons.id)],
  "-uses": [desc(coupons.uses), desc(coupons.id)],
};

/** The admin's coupons table: part of the code (any case), one order, one page and the total in one batch. */
export async function listCoupons(
  db: Db,
  query: Pick<CouponListQuery, "page" | "size"> & Partial<Pick<CouponListQuery, "q" | "sort">>,
) {
  const { page, size } = query;
  const search = query.q
    ? sql`lower(${coupons.code}) LIKE ${likePattern(query.q.toLowerCase())} ESCAPE '\\'`
    : undefined;
  const where = and(isNull(coupons.deletedAt), search);
  const [list, [counted]] = await db.batch([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(...couponOrder[query.sort ?? "-created"])
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ total: sql<number>`count(*)` })
      .from(coupons)
      .where(where),
  ]);
  return { list: list.map(toCouponView), total: counted?.total ?? 0 };
}

/** A coupon usable now: exists, not expired, uses left (coupon-not-found and the coupon codes). */
export async function usableCoupon(db: Db, code: string, now = new Date()): Promise<CouponRow> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code), isNull(coupons.deletedAt)))
    .limit(1);
  if (!row) fail("coupon-not-found");
  if (row.expiresAt <= now.toISOString()) fail("coupon-expire-date-passed");
  if (row.maxUses !== null && row.uses >= row.maxUses) fail("coupon-max-uses-reached");
  return row;
}
