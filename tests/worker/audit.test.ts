import { env } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons } from "../../schema/db";
import { auditStatement, insertedRowId } from "../../worker/domain/staff/audit";
import { createDb } from "../../worker/core/db";
import { apiRoutes } from "../../worker/routes";
import type { AuditEntryView } from "../../schema/api/audit";
import type { Paged } from "../../schema/api/common";
import { Role } from "../../schema/enums";
import { createStudent, createUser } from "./factories-lessons";
import { call, callContract } from "./helpers";
import { userContracts } from "../../schema/api/user";

const now = new Date("2026-11-25T10:00:00.000Z");
const actor = { userId: null, requestId: "req-audit-1" };

async function auditRows(action: string) {
  const { results } = await env.DB.prepare("SELECT * FROM audit_log WHERE action = ? ORDER BY id")
    .bind(action)
    .all<Record<string, unknown>>();
  return results;
}

describe("audit statements", () => {
  it("records the row a batch has just inserted, with its id, summaries and request id", async () => {
    const db = createDb(env);
    const at = now.toISOString();
    await db.batch([
      db.insert(coupons).values({
        code: "AUDIT1",
        discount: 1000,
        expiresAt: "2030-01-01T00:00:00.000Z",
        createdAt: at,
        updatedAt: at,
      }),
      auditStatement(
        db,
        actor,
        { action: "coupon.create", targetType: "coupon", targetId: insertedRowId, after: { code: "AUDIT1" } },
        now,
      ),
    ]);
    const [coupon] = await db
      .select()
      .from(coupons)
      .where(sql`${coupons.code} = 'AUDIT1'`);
    const rows = await auditRows("coupon.create");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      target_type: "coupon",
      target_id: String(coupon!.id),
      after: '{"code":"AUDIT1"}',
      before: null,
      request_id: "req-audit-1",
      created_at: at,
    });
  });

  it("writes nothing when the change before it matched no row", async () => {
    const db = createDb(env);
    await db.batch([
      db
        .update(coupons)
        .set({ discount: 5 })
        .where(sql`${coupons.id} = -1`),
      auditStatement(
        db,
        actor,
        {
          action: "coupon.update",
          targetType: "coupon",
          targetId: -1,
          before: { discount: 1 },
          after: { discount: 5 },
        },
        now,
      ),
    ]);
    expect(await auditRows("coupon.update")).toHaveLength(0);
  });

  it("is rolled back with the change when the batch fails", async () => {
    const db = createDb(env);
    const at = now.toISOString();
    await db.insert(coupons).values({
      code: "AUDIT2",
      discount: 1000,
      expiresAt: "2030-01-01T00:00:00.000Z",
      createdAt: at,
      updatedAt: at,
    });
    await expect(
      db.batch([
        auditStatement(db, actor, { action: "coupon.delete", targetType: "coupon", targetId: 1 }, now, false),
        // A duplicate code breaks the unique index: the whole batch, audit row included, is undone.
        db.insert(coupons).values({
          code: "AUDIT2",
          discount: 1000,
          expiresAt: "2030-01-01T00:00:00.000Z",
          createdAt: at,
          updatedAt: at,
        }),
      ]),
    ).rejects.toThrow();
    expect(await auditRows("coupon.delete")).toHaveLength(0);
  });
});

describe("GET /admin/audit (admins)", () => {
  const list = (token: string, query = "") => call("GET", `/api/v1/admin/audit${query}`, { token });

  it("lists staff writes newest first with the actor's name, filtered and paged", async () => {
    const admin = await createUser(Role.SuperAdmin, { name: "مدير التدقيق" });
    const student = await createStudent();
    await callContract(userContracts.update, {
      params: { id: student.id },
      token: admin.token,
      body: { name: "اسم أول" },
    });
    await callContract(userContracts.update, {
      params: { id: student.id },
      token: admin.token,
      body: { name: "اسم ثان" },
    });
    const response = await list(admin.token, `?actorId=${admin.id}&action=user.update&size=1`);
    expect(response.status).toBe(200);
    const page = response.body as Paged<AuditEntryView>;
    expect(page.total).toBe(2);
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({
      actor: { id: admin.id, name: "مدير التدقيق", email: admin.email },
      action: "user.update",
      targetType: "user",
      targetId: String(student.id),
      before: { name: "اسم أول" },
      after: { name: "اسم ثان" },
      requestId: expect.any(String),
    });
    const second = (await list(admin.token, `?actorId=${admin.id}&action=user.update&size=1&page=2`))
      .body as Paged<AuditEntryView>;
    expect(second.list[0]?.after).toEqual({ name: "اسم أول" });
    const byTarget = (await list(admin.token, `?targetType=user&targetId=${student.id}`))
      .body as Paged<AuditEntryView>;
    expect(byTarget.total).toBe(2);
    const future = (await list(admin.token, `?actorId=${admin.id}&from=2100-01-01T00:00:00.000Z`))
      .body as Paged<AuditEntryView>;
    expect(future.total).toBe(0);
  });

  it("refuses a bad filter", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const response = await list(admin.token, "?action=user.hack");
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("bad-request");
  });

  it("is shown to admins only", async () => {
    for (const role of [Role.TutorManager, Role.Studio, Role.Tutor, Role.Student]) {
      const user = await createUser(role);
      expect((await list(user.token)).status).toBe(403);
    }
  });

  it("offers no way to edit or delete the log", async () => {
    const auditPaths = apiRoutes.filter((def) => def.path.includes("audit"));
    expect(auditPaths.map((def) => def.method)).toEqual(["get"]);
    const admin = await createUser(Role.SuperAdmin);
    for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
      for (const path of ["/api/v1/admin/audit", "/api/v1/admin/audit/1"]) {
        const response = await call(method, path, { token: admin.token, body: {} });
        expect([method, path, response.status]).toEqual([method, path, 404]);
      }
    }
  });
});
