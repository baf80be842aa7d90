import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Paged } from "../../schema/api/common";
import type { ReportView } from "../../schema/api/report";
import { Role } from "../../schema/enums";
import { createStudent, createUser } from "./factories-lessons";
import { call } from "./helpers";

const list = (token: string, query: string) => call("GET", `/api/v1/report/list?${query}`, { token });
const ids = (response: { body: unknown }) =>
  (response.body as Paged<ReportView>).list.map((report) => report.id);

/** A report stored as POST /report/with/asset stores it (the tests here read, sort and search). */
async function report(
  userId: number | null,
  title: string,
  message: string,
  resolved = false,
): Promise<number> {
  const now = new Date().toISOString();
  const row = await env.DB.prepare(
    "INSERT INTO reports (user_id, title, message, resolved, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(userId, title, message, resolved ? 1 : 0, now, now)
    .first<{ id: number }>();
  return row!.id;
}

describe("GET /report/list for the staff reports table", () => {
  it("searches the title, the text and the reporter's name or email as the admin types (q)", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const tag = `rp${Date.now().toString(36)}`;
    const reporter = await createUser(Role.Student, { name: `${tag} منى` });
    const byTitle = await report(null, `${tag} زر الحجز لا يعمل`, "عند الضغط لا يحدث شيء");
    const byText = await report(null, "مشكلة في الدفع", `الرقم المرجعي ${tag.toUpperCase()} لم يُقبل`);
    const byReporter = await report(reporter.id, "الصوت", "الصوت مقطوع");
    const response = await list(admin.token, `q=${tag}&size=100`);
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual([byReporter, byText, byTitle]);
    expect((response.body as Paged<ReportView>).total).toBe(3);
    expect(ids(await list(admin.token, `q=${encodeURIComponent(`${tag} زر`)}`))).toEqual([byTitle]);
    expect(ids(await list(admin.token, `q=${reporter.email.slice(0, 12)}`))).toEqual([byReporter]);
  });

  it("sorts by title, status or date, either way", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const tag = `rs${Date.now().toString(36)}`;
    const b = await report(null, `ب ${tag}`, tag, true);
    const a = await report(null, `أ ${tag}`, tag);
    const c = await report(null, `ت ${tag}`, tag);
    const sorted = async (sort: string) => ids(await list(admin.token, `q=${tag}&sort=${sort}`));
    expect(await sorted("title")).toEqual([a, b, c]);
    expect(await sorted("-title")).toEqual([c, b, a]);
    expect(await sorted("created")).toEqual([b, a, c]);
    expect(await sorted("-created")).toEqual([c, a, b]);
    expect(await sorted("status")).toEqual([c, a, b]); // open first, newest first within
    expect(await sorted("-status")).toEqual([b, c, a]);
  });

  it("keeps a user's search to their own reports", async () => {
    const tag = `ro${Date.now().toString(36)}`;
    const student = await createStudent();
    const mine = await report(student.id, `${tag} تقريري`, "نص");
    await report(null, `${tag} تقرير غيري`, "نص");
    expect(ids(await list(student.token, `q=${tag}`))).toEqual([mine]);
  });

  it("refuses an unknown sort with bad-request", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const response = await list(admin.token, "sort=reporter");
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("bad-request");
  });
});
