// Problem reports: POST /report/with/asset (text + optional screenshot and log, checked before
// storing), GET /report/list (own vs staff), PUT /report (staff resolve/reopen and note), and the
// private attachments.
import { env } from "cloudflare:workers";
import { pngBytes } from "./media-files";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { call, callContract, createUserWithRole, register } from "./helpers";
import { reportContracts } from "../../schema/api/report";

const png = (bytes = 64) => new File([pngBytes(8, 8, bytes)], "screen.png", { type: "image/png" });
const logFile = (text = "12:00 ERROR booking failed\n") =>
  new File([text], "dars.log", { type: "text/plain" });

function reportForm(fields: Record<string, string | File | undefined> = {}) {
  const form = new FormData();
  const all = {
    title: "الحجز لا يعمل",
    description: "ضغطت على احجز ولم يحدث أي شيء في الصفحة",
    url: "/t/5",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) form.set(name, value);
  return form;
}

const send = (token: string, form: FormData) =>
  callContract(reportContracts.create, { token, raw: form, headers: { "user-agent": "DarsTest/1.0" } });

async function storedReport(id: number) {
  return env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, unknown>>();
}

async function mediaCount(prefix = "receipts/report-") {
  return (await env.MEDIA.list({ prefix })).objects.length;
}

describe("sending a report", () => {
  it("stores the title, description, page and browser of a text-only report", async () => {
    const student = await register();
    const response = await send(student.token, reportForm());
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      userId: student.user.id,
      title: "الحجز لا يعمل",
      status: "open",
      screenshot: null,
      log: null,
      url: "/t/5",
    });
    const row = await storedReport(response.body.id);
    expect(row).toMatchObject({
      user_id: student.user.id,
      message: "ضغطت على احجز ولم يحدث أي شيء في الصفحة",
      user_agent: "DarsTest/1.0",
      resolved: 0,
    });
  });

  it("records the link source the reporter came by, and drops an unknown one without refusing", async () => {
    const student = await register();
    const known = await send(student.token, reportForm({ source: "wa" }));
    expect(known.body.source).toBe("wa");
    expect(await storedReport(known.body.id)).toMatchObject({ source: "wa" });
    const unknown = await send(student.token, reportForm({ source: "billboard" }));
    expect([unknown.status, unknown.body.source]).toEqual([201, null]);
  });

  it("stores a screenshot and a log privately and serves them to the reporter", async () => {
    const student = await register();
    const response = await send(student.token, reportForm({ screenshot: png(), log: logFile() }));
    expect(response.status).toBe(201);
    expect(response.body.screenshot).toBe(`/api/v1/report/${response.body.id}/asset/screenshot`);
    const row = await storedReport(response.body.id);
    expect(String(row?.screenshot)).toMatch(/^receipts\/report-.+\.png$/);
    expect(String(row?.log)).toMatch(/^receipts\/report-.+\.log$/);
    const ledger = await env.DB.prepare("SELECT kind, size FROM assets WHERE key IN (?, ?) ORDER BY kind")
      .bind(row?.log, row?.screenshot)
      .all();
    expect(ledger.results).toEqual([
      { kind: "log", size: logFile().size },
      { kind: "screenshot", size: 64 },
    ]);
    const image = await call("GET", response.body.screenshot!, { token: student.token });
    expect([image.status, image.headers.get("content-type")]).toEqual([200, "image/png"]);
    const log = await call("GET", response.body.log!, { token: student.token });
    expect(log.body).toBe("12:00 ERROR booking failed\n");
  });

  it("refuses a screenshot that is not an image, before storing anything", async () => {
    const student = await register();
    const before = await mediaCount();
    const pdf = new File(["%PDF"], "x.pdf", { type: "application/pdf" });
    const response = await send(student.token, reportForm({ screenshot: pdf, log: logFile() }));
    expect([response.status, response.body.code]).toEqual([400, "invalid-type"]);
    expect(await mediaCount()).toBe(before);
  });

  it("refuses a screenshot over 8 MB with large-file-size", async () => {
    const student = await register();
    const before = await mediaCount();
    const response = await send(student.token, reportForm({ screenshot: png(8 * 1024 * 1024 + 1) }));
    expect([response.status, response.body.code]).toEqual([413, "large-file-size"]);
    expect(await mediaCount()).toBe(before);
  });

  it("refuses a log over 1 MB and a log that is not text", async () => {
    const student = await register();
    const big = await send(student.token, reportForm({ log: logFile("x".repeat(1024 * 1024 + 1)) }));
    expect([big.status, big.body.code]).toEqual([413, "large-file-size"]);
    const binary = await send(
      student.token,
      reportForm({ log: new File([new Uint8Array(4)], "x.bin", { type: "application/octet-stream" }) }),
    );
    expect(binary.body.code).toBe("invalid-type");
  });

  it("checks the title and description lengths with the contact codes", async () => {
    const student = await register();
    const short = await send(student.token, reportForm({ title: "خطأ" }));
    expect([short.status, short.body.code, short.body.fields]).toEqual([
      400,
      "short-contact-title",
      { title: "short-contact-title" },
    ]);
    const long = await send(student.token, reportForm({ description: "ا".repeat(1001) }));
    expect(long.body.code).toBe("long-contact-message");
    const missing = await send(student.token, reportForm({ description: undefined }));
    expect(missing.body.code).toBe("short-contact-message");
  });

  it("needs a signed-in caller", async () => {
    const response = await callContract(reportContracts.create, { raw: reportForm() });
    expect(response.status).toBe(401);
  });
});

describe("listing and handling reports", () => {
  it("shows users only their own reports and staff everyone's with the reporter", async () => {
    const mine = await register();
    const other = await register();
    const a = await send(mine.token, reportForm({ title: "مشكلة في الدفع" }));
    const b = await send(other.token, reportForm({ title: "مشكلة في الدردشة" }));
    const own = await callContract(reportContracts.list, { token: mine.token });
    expect(own.body.total).toBe(1);
    expect(own.body.list.map((r: { id: number }) => r.id)).toEqual([a.body.id]);
    const admin = await createUserWithRole(Role.RegularAdmin);
    const all = await callContract(reportContracts.list, { query: { size: "100" }, token: admin.token });
    const ids = all.body.list.map((r: { id: number }) => r.id);
    expect(ids.indexOf(b.body.id)).toBeLessThan(ids.indexOf(a.body.id)); // newest first
    expect(all.body.list.find((r: { id: number }) => r.id === a.body.id)!.reporter).toEqual({
      name: null,
      email: mine.user.email,
    });
  });

  it("lets staff resolve a report with a note, filter by status, and reopen it", async () => {
    const student = await register();
    const admin = await createUserWithRole(Role.SuperAdmin);
    const { body: report } = await send(student.token, reportForm());
    const resolved = await callContract(reportContracts.update, {
      token: admin.token,
      body: { id: report.id, status: "resolved", note: "تم إصلاح زر الحجز" },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      status: "resolved",
      note: "تم إصلاح زر الحجز",
      resolvedBy: admin.user.id,
    });
    expect(await storedReport(report.id)).toMatchObject({
      resolved: 1,
      resolved_by: admin.user.id,
      note: "تم إصلاح زر الحجز",
    });
    const open = await callContract(reportContracts.list, {
      query: { status: "open", size: "100" },
      token: admin.token,
    });
    expect(open.body.list.some((r: { id: number }) => r.id === report.id)).toBe(false);
    const done = await callContract(reportContracts.list, {
      query: { status: "resolved", size: "100" },
      token: admin.token,
    });
    expect(done.body.list.some((r: { id: number }) => r.id === report.id)).toBe(true);
    const reopened = await callContract(reportContracts.update, {
      token: admin.token,
      body: { id: report.id, status: "open" },
    });
    expect(reopened.body).toMatchObject({
      status: "open",
      resolvedBy: null,
      resolvedAt: null,
      note: "تم إصلاح زر الحجز",
    });
  });

  it("keeps who resolved a report first when another admin resolves it again", async () => {
    const student = await register();
    const first = await createUserWithRole(Role.SuperAdmin);
    const second = await createUserWithRole(Role.RegularAdmin);
    const { body: report } = await send(student.token, reportForm());
    await callContract(reportContracts.update, {
      token: first.token,
      body: { id: report.id, status: "resolved" },
    });
    const again = await callContract(reportContracts.update, {
      token: second.token,
      body: { id: report.id, status: "resolved", note: "تمت المراجعة" },
    });
    expect(again.body).toMatchObject({ resolvedBy: first.user.id, note: "تمت المراجعة" });
  });

  it("answers report-not-found for an unknown report and empty-request for a change of nothing", async () => {
    const admin = await createUserWithRole(Role.RegularAdmin);
    const missing = await callContract(reportContracts.update, {
      token: admin.token,
      body: { id: 999999, status: "resolved" },
    });
    expect([missing.status, missing.body.code]).toEqual([404, "report-not-found"]);
    const nothing = await callContract(reportContracts.update, { token: admin.token, body: { id: 1 } });
    expect(nothing.body.code).toBe("empty-request");
  });

  it("refuses report changes to users who are not admins", async () => {
    const student = await register();
    const manager = await createUserWithRole(Role.TutorManager);
    const { body: report } = await send(student.token, reportForm());
    expect(
      (
        await callContract(reportContracts.update, {
          token: student.token,
          body: { id: report.id, status: "resolved" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await callContract(reportContracts.update, {
          token: manager.token,
          body: { id: report.id, status: "resolved" },
        })
      ).status,
    ).toBe(403);
    expect(await storedReport(report.id)).toMatchObject({ resolved: 0 });
  });

  it("serves an attachment to staff but not to another user", async () => {
    const student = await register();
    const stranger = await register();
    const admin = await createUserWithRole(Role.RegularAdmin);
    const { body: report } = await send(student.token, reportForm({ screenshot: png() }));
    expect((await call("GET", report.screenshot!, { token: admin.token })).status).toBe(200);
    const refused = await call("GET", report.screenshot!, { token: stranger.token });
    expect([refused.status, refused.body.code]).toEqual([404, "report-not-found"]);
    const noLog = await callContract(reportContracts.asset, {
      params: { id: report.id, kind: "log" },
      token: student.token,
    });
    expect(noLog.body.code).toBe("asset-not-found");
  });
});
