import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons } from "../../schema/db";
import { auditStatement, insertedRowId } from "../../worker/domain/audit";
import { createDb } from "../../worker/db";

const now = new Date("2026-11-25T10:00:00.000Z");
const actor = { userId: null, requestId: "req-audit-1" };

async function auditRows(action: string) {
  const { results } = await env.DB.prepare("SELECT * FROM audit_log WHERE action = ? ORDER BY id").bind(action).all<Record<string, unknown>>();
  return results;
}

describe("audit statements", () => {
  it("records the row a batch has just inserted, with its id, summaries and request id", async () => {
    const db = createDb(env);
    const at = now.toISOString();
    await db.batch([
      db.insert(coupons).values({ code: "AUDIT1", discount: 1000, expiresAt: "2030-01-01T00:00:00.000Z", createdAt: at, updatedAt: at }),
      auditStatement(db, actor, { action: "coupon.create", targetType: "coupon", targetId: insertedRowId, after: { code: "AUDIT1" } }, now),
    ]);
    const [coupon] = await db.select().from(coupons).where(sql`${coupons.code} = 'AUDIT1'`);
    const rows = await auditRows("coupon.create");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ target_type: "coupon", target_id: String(coupon!.id), after: '{"code":"AUDIT1"}', before: null, request_id: "req-audit-1", created_at: at });
  });

  it("writes nothing when the change before it matched no row", async () => {
    const db = createDb(env);
    await db.batch([
      db.update(coupons).set({ discount: 5 }).where(sql`${coupons.id} = -1`),
      auditStatement(db, actor, { action: "coupon.update", targetType: "coupon", targetId: -1, before: { discount: 1 }, after: { discount: 5 } }, now),
    ]);
    expect(await auditRows("coupon.update")).toHaveLength(0);
  });

  it("is rolled back with the change when the batch fails", async () => {
    const db = createDb(env);
    const at = now.toISOString();
    await db.insert(coupons).values({ code: "AUDIT2", discount: 1000, expiresAt: "2030-01-01T00:00:00.000Z", createdAt: at, updatedAt: at });
    await expect(
      db.batch([
        auditStatement(db, actor, { action: "coupon.delete", targetType: "coupon", targetId: 1 }, now, false),
        // A duplicate code breaks the unique index: the whole batch, audit row included, is undone.
        db.insert(coupons).values({ code: "AUDIT2", discount: 1000, expiresAt: "2030-01-01T00:00:00.000Z", createdAt: at, updatedAt: at }),
      ]),
    ).rejects.toThrow();
    expect(await auditRows("coupon.delete")).toHaveLength(0);
  });
});
