import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { createStudent, createTutor, createUser } from "./factories-lessons";
import { seedLesson } from "./factories-stats";
import { changeInvoice, pendingInvoice, tutorWithEarnings } from "./factories-invoices";
import { callContract } from "./helpers";
import { couponContracts } from "../../schema/api/coupon";
import { planContracts } from "../../schema/api/plan";
import { topicContracts } from "../../schema/api/topic";
import { platformSettingsContracts } from "../../schema/api/platform-settings";
import { tutorContracts } from "../../schema/api/tutor";
import { onboardingContracts } from "../../schema/api/onboarding";
import { lessonContracts } from "../../schema/api/lesson";
import { reportContracts } from "../../schema/api/report";

type AuditRow = {
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: string | null;
  after: string | null;
  request_id: string | null;
};

async function trail(actorId: number): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT actor_id, action, target_type, target_id, before, after, request_id FROM audit_log WHERE actor_id = ? ORDER BY id",
  )
    .bind(actorId)
    .all<AuditRow>();
  return results;
}

const future = () => new Date(Date.now() + 7 * 864e5).toISOString();
const code = () => `AUD${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

describe("every staff write leaves one audit row with the change", () => {
  it("records coupon create, update and delete with before and after and the request id", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const created = await callContract(couponContracts.create, {
      token: admin.token,
      body: { code: code(), discount: 2500, expiresAt: future() },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (
        await callContract(couponContracts.update, {
          params: { id },
          token: admin.token,
          body: { discount: 3000 },
        })
      ).status,
    ).toBe(200);
    expect((await callContract(couponContracts.remove, { params: { id }, token: admin.token })).status).toBe(
      204,
    );
    const rows = await trail(admin.id);
    expect(rows.map((row) => [row.action, row.target_type, row.target_id])).toEqual([
      ["coupon.create", "coupon", String(id)],
      ["coupon.update", "coupon", String(id)],
      ["coupon.delete", "coupon", String(id)],
    ]);
    expect(JSON.parse(rows[1]!.before!)).toEqual({ discount: 2500 });
    expect(JSON.parse(rows[1]!.after!)).toEqual({ discount: 3000 });
    expect(rows[0]!.request_id).toBe(created.headers.get("x-request-id"));
  });

  it("writes no row when the write changed nothing", async () => {
    const admin = await createUser(Role.SuperAdmin);
    expect(
      (await callContract(couponContracts.remove, { params: { id: "99999999" }, token: admin.token })).status,
    ).toBe(404);
    expect(
      (await callContract(planContracts.remove, { params: { id: "99999999" }, token: admin.token })).status,
    ).toBe(404);
    expect(await trail(admin.id)).toEqual([]);
  });

  it("records plans, topics, settings and the cache flush", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const plan = await callContract(planContracts.create, {
      token: admin.token,
      body: { weeklyMinutes: 60, baseMonthPrice: 50_000 },
    });
    expect([plan.status, plan.body?.code]).toEqual([201, undefined]);
    await callContract(planContracts.update, {
      params: { id: plan.body.id },
      token: admin.token,
      body: { active: false },
    });
    await callContract(planContracts.remove, { params: { id: plan.body.id }, token: admin.token });
    // Topic names are letters only: a random Latin and Arabic suffix keeps them unique.
    const letters = (alphabet: string) =>
      Array.from({ length: 6 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
    const suffix = letters("abcdefghijklmnopqrstuvwxyz");
    const topic = await callContract(topicContracts.create, {
      token: admin.token,
      body: { nameAr: `موضوع ${letters("ابتثجحخدذرزسشصضطظعغفقكلمنهوي")}`, nameEn: `Topic ${suffix}` },
    });
    expect([topic.status, topic.body?.code]).toEqual([201, undefined]);
    await callContract(topicContracts.update, {
      params: { id: topic.body.id },
      token: admin.token,
      body: { nameEn: `Renamed ${suffix}` },
    });
    await callContract(topicContracts.remove, { params: { id: topic.body.id }, token: admin.token });
    expect(
      (
        await callContract(platformSettingsContracts.withdrawals, {
          token: admin.token,
          body: { minInvoiceAmount: 20_000, maxInvoiceAmount: 1_000_000 },
        })
      ).status,
    ).toBe(200);
    expect((await callContract(tutorContracts.flushCache, { token: admin.token })).status).toBe(204);
    const rows = await trail(admin.id);
    expect(rows.map((row) => row.action)).toEqual([
      "plan.create",
      "plan.update",
      "plan.delete",
      "topic.create",
      "topic.update",
      "topic.delete",
      "settings.update",
      "cache.delete",
    ]);
    expect(JSON.parse(rows[1]!.before!)).toEqual({ active: true });
    expect(JSON.parse(rows[4]!.after!)).toEqual({ nameEn: `Renamed ${suffix}` });
    expect(JSON.parse(rows[6]!.after!)).toEqual({ minInvoiceAmount: 20_000, maxInvoiceAmount: 1_000_000 });
  });

  it("records a tutor's activation and a withdrawal decision", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const tutor = await createTutor({ activated: false });
    expect(
      (
        await callContract(onboardingContracts.update, {
          params: { id: tutor.id },
          token: admin.token,
          body: { activated: true },
        })
      ).status,
    ).toBe(200);
    const earner = await tutorWithEarnings(1_000_00);
    const invoiceId = await pendingInvoice(earner, 300_00);
    expect(
      (await changeInvoice(admin, invoiceId, { action: "reject", note: "بيانات المحفظة غير صحيحة" })).status,
    ).toBe(200);
    const rows = await trail(admin.id);
    expect(rows.map((row) => [row.action, row.target_type, row.target_id])).toEqual([
      ["onboarding.activate", "tutor", String(tutor.id)],
      ["invoice.reject", "invoice", String(invoiceId)],
    ]);
    expect(JSON.parse(rows[1]!.after!)).toMatchObject({ note: "بيانات المحفظة غير صحيحة" });
    // The tutor's own request is not a staff write.
    expect(await trail(earner.id)).toEqual([]);
  });

  it("records an admin's lesson cancellation, a report's handling and a tutor profile edit — not a member's own cancellation", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tutor = await createTutor();
    const student = await createStudent();
    const start = new Date(Math.ceil((Date.now() + 3 * 864e5) / 9e5) * 9e5).toISOString();
    const byAdmin = await seedLesson(tutor.id, student.id, { start });
    expect(
      (await callContract(lessonContracts.cancel, { params: { id: byAdmin }, token: admin.token })).status,
    ).toBe(200);
    const own = await seedLesson(tutor.id, student.id, {
      start: new Date(Date.parse(start) + 864e5).toISOString(),
    });
    expect(
      (await callContract(lessonContracts.cancel, { params: { id: own }, token: student.token })).status,
    ).toBe(200);
    const report = await env.DB.prepare(
      "INSERT INTO reports (user_id, title, message, url, created_at, updated_at) VALUES (?, 'عنوان', 'وصف المشكلة هنا', '/x', ?, ?) RETURNING id",
    )
      .bind(student.id, new Date().toISOString(), new Date().toISOString())
      .first<{ id: number }>();
    expect(
      (
        await callContract(reportContracts.update, {
          token: admin.token,
          body: { id: report!.id, status: "resolved", note: "تم" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await callContract(tutorContracts.updateProfile, {
          query: { tutorId: tutor.id },
          token: admin.token,
          body: { notice: 120 },
        })
      ).status,
    ).toBe(200);
    const rows = await trail(admin.id);
    expect(rows.map((row) => [row.action, row.target_id])).toEqual([
      ["lesson.cancel", String(byAdmin)],
      ["report.update", String(report!.id)],
      ["tutor.update", String(tutor.id)],
    ]);
    expect(JSON.parse(rows[1]!.after!)).toEqual({ resolved: true, note: "تم" });
    const memberRows = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'lesson.cancel' AND target_id = ?",
    )
      .bind(String(own))
      .first<{ n: number }>();
    expect(memberRows!.n).toBe(0);
  });
});
