// Contact requests for staff (docs/product.md, admin screens; worker/domain/staff/contact-requests.ts):
// the public form's kind, the paged and searched list, one request, the emailed reply with the
// message quoted, the state and the notes, an audit row for every change, and who may do it.
import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../emulators/local";
import { schedules } from "../../worker/jobs";
import { contactRequestContracts } from "../../schema/api/contact-request";
import { Role } from "../../schema/enums";
import { createUser } from "./factories-lessons";
import { call, callContract, latestMessage } from "./helpers";

let address = 0;
/** A unique word of letters only (a name takes no digits). */
const tag = () =>
  `cr${Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

/** A request sent through the public form (POST /contact-request/). */
async function send(body: Record<string, unknown>): Promise<number> {
  const response = await callContract(contactRequestContracts.create, {
    body: {
      name: "منى أحمد",
      title: "سؤال عن الباقات",
      message: "هل يمكن تغيير الباقة في منتصف الشهر؟",
      ...body,
    } as never,
    headers: { "cf-connecting-ip": `198.18.${Math.floor(++address / 250)}.${address % 250}` },
  });
  if (response.status !== 201) throw new Error(JSON.stringify(response.body));
  return response.body.id;
}

const auditRows = (id: number) =>
  env.DB.prepare(
    "SELECT actor_id, action, before, after FROM audit_log WHERE target_type = 'contact-request' AND target_id = ? ORDER BY id",
  )
    .bind(String(id))
    .all<{ actor_id: number; action: string; before: string | null; after: string | null }>()
    .then((result) => result.results);

describe("the public form's kind", () => {
  it("stores a data-rights request as such, tells the team so, and a plain one as general", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const email = `${tag()}@example.com`;
    const rights = await send({ email, kind: "data-rights", title: "أريد نسخة من بياناتي" });
    const plain = await send({ email: `${tag()}@example.com` });
    const stored = await env.DB.prepare(
      "SELECT id, kind, state FROM contact_requests WHERE id IN (?, ?) ORDER BY id",
    )
      .bind(rights, plain)
      .all();
    expect(stored.results).toEqual([
      { id: rights, kind: "data-rights", state: "new" },
      { id: plain, kind: "general", state: "new" },
    ]);
    const told = await latestMessage(admin.email);
    expect(told.subject).toContain("طلب تواصل جديد");
    const rightsMail = await env.DB.prepare(
      "SELECT subject FROM notifications_outbox WHERE recipient = ? AND subject LIKE ? ORDER BY id DESC LIMIT 1",
    )
      .bind(admin.email, "%بيانات شخصية%")
      .first<{ subject: string }>();
    expect(rightsMail?.subject).toBe("طلب بيانات شخصية جديد: أريد نسخة من بياناتي");
  });

  it("refuses an unknown kind with bad-request and stores nothing", async () => {
    const email = `${tag()}@example.com`;
    const response = await call("POST", "/api/v1/contact-request/", {
      body: {
        name: "منى أحمد",
        email,
        title: "سؤال عن الباقات",
        message: "هل يمكن تغيير الباقة؟؟",
        kind: "gdpr",
      },
      headers: { "cf-connecting-ip": "198.19.0.1" },
    });
    expect([response.status, response.body.code]).toEqual([400, "bad-request"]);
    const n = await env.DB.prepare("SELECT count(*) AS n FROM contact_requests WHERE email = ?")
      .bind(email)
      .first<number>("n");
    expect(n).toBe(0);
  });
});

describe("GET /contact-request/list", () => {
  it("searches name, email, phone, title and message, filters by state and kind, sorts by date and pages", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const t = tag();
    const byName = await send({ name: `${t} منى`, email: `a-${tag()}@example.com` });
    const byEmail = await send({ email: `${t}@example.com` });
    const byTitle = await send({ email: `b-${tag()}@example.com`, title: `سؤال ${t.toUpperCase()}` });
    const byMessage = await send({
      email: `c-${tag()}@example.com`,
      message: `عندي سؤال عن ${t} والباقات`,
      kind: "data-rights",
    });
    await send({ email: `d-${tag()}@example.com` }); // not matched
    const list = (query: Record<string, unknown>) =>
      callContract(contactRequestContracts.list, { query: { q: t, ...query }, token: admin.token });

    const all = await list({});
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(all.body.list.map((row) => row.id)).toEqual([byMessage, byTitle, byEmail, byName]);
    expect((await list({ sort: "created" })).body.list.map((row) => row.id)).toEqual([
      byName,
      byEmail,
      byTitle,
      byMessage,
    ]);

    const first = await list({ size: 3, page: 1 });
    const second = await list({ size: 3, page: 2 });
    expect([first.body.total, second.body.total]).toEqual([4, 4]);
    expect([...first.body.list, ...second.body.list].map((row) => row.id)).toEqual([
      byMessage,
      byTitle,
      byEmail,
      byName,
    ]);

    const rights = await list({ kind: "data-rights" });
    expect(rights.body.list).toMatchObject([{ id: byMessage, kind: "data-rights", state: "new" }]);

    await callContract(contactRequestContracts.update, {
      params: { id: byTitle },
      body: { state: "closed" },
      token: admin.token,
    });
    expect((await list({ state: "closed" })).body.list.map((row) => row.id)).toEqual([byTitle]);
    expect((await list({ state: "new" })).body.total).toBe(3);
    expect((await list({ sort: "-state" })).body.list[0]?.id).toBe(byTitle);

    const phone = await send({ phone: "01098765432", name: `${t} هاتف` });
    const byPhone = await callContract(contactRequestContracts.list, {
      query: { q: "01098765432" },
      token: admin.token,
    });
    expect(byPhone.body.list.map((row) => row.id)).toContain(phone);
  });

  it("answers bad-request for a bad page, size, state, kind or sort", async () => {
    const admin = await createUser(Role.RegularAdmin);
    for (const query of [
      "page=0",
      "size=101",
      "state=open",
      "kind=other",
      "sort=name",
      `q=${"x".repeat(101)}`,
    ]) {
      const response = await call("GET", `/api/v1/contact-request/list?${query}`, { token: admin.token });
      expect([query, response.status, response.body.code]).toEqual([query, 400, "bad-request"]);
    }
  });
});

describe("one contact request for staff", () => {
  it("answers it in full, and contact-request-not-found for an unknown id", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const email = `${tag()}@example.com`;
    const id = await send({ email, phone: "01012345678", kind: "data-rights" });
    const response = await callContract(contactRequestContracts.get, { params: { id }, token: admin.token });
    expect(response.body).toMatchObject({
      id,
      name: "منى أحمد",
      email,
      phone: "01012345678",
      kind: "data-rights",
      state: "new",
      notes: null,
      reply: null,
      handledBy: null,
    });
    const missing = await callContract(contactRequestContracts.get, {
      params: { id: 99_999_999 },
      token: admin.token,
    });
    expect([missing.status, missing.body.code]).toEqual([404, "contact-request-not-found"]);
  });

  it("emails the reply to the sender with the message quoted, marks it answered and audits it", async () => {
    const admin = await createUser(Role.RegularAdmin, { name: "هبة من الدعم" });
    const email = `${tag()}@example.com`;
    const id = await send({ email, title: "تغيير الباقة", message: "هل يمكن تغيير الباقة؟\nشكرًا لكم" });
    const response = await callContract(contactRequestContracts.reply, {
      params: { id },
      body: { reply: "  أيوه، تقدر تغيّرها من صفحة الباقات في أي وقت.  " },
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id,
      state: "answered",
      reply: "أيوه، تقدر تغيّرها من صفحة الباقات في أي وقت.",
      handledBy: { id: admin.id, name: "هبة من الدعم" },
    });
    expect(response.body.repliedAt).toBe(response.body.handledAt);
    const mail = await latestMessage(email);
    expect(mail.subject).toBe("رد فريق درس: تغيير الباقة");
    expect(mail.body).toContain("أيوه، تقدر تغيّرها من صفحة الباقات في أي وقت.");
    expect(mail.body).toContain("> هل يمكن تغيير الباقة؟\n> شكرًا لكم");
    expect(await auditRows(id)).toEqual([
      {
        actor_id: admin.id,
        action: "contact-request.reply",
        before: JSON.stringify({ state: "new" }),
        after: JSON.stringify({ state: "answered", replyLength: response.body.reply?.length }),
      },
    ]);
  });

  it("refuses a reply to a sender who left no email, and an empty or too long reply, storing nothing", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const phoneOnly = await send({ phone: "01112345678" });
    const noEmail = await callContract(contactRequestContracts.reply, {
      params: { id: phoneOnly },
      body: { reply: "أهلًا، هنكلمك على الموبايل." },
      token: admin.token,
    });
    expect([noEmail.status, noEmail.body.code]).toEqual([422, "contact-request-no-email"]);

    const email = `${tag()}@example.com`;
    const id = await send({ email });
    const reply = (body: unknown) =>
      call("POST", `/api/v1/contact-request/${id}/reply`, { body, token: admin.token });
    expect((await reply({ reply: "   " })).body.code).toBe("empty-contact-reply");
    expect((await reply({})).body.code).toBe("empty-contact-reply");
    const long = await reply({ reply: "ر".repeat(4001) });
    expect([long.status, long.body.code]).toEqual([400, "long-contact-reply"]);
    const missing = await callContract(contactRequestContracts.reply, {
      params: { id: 99_999_999 },
      body: { reply: "أهلًا" },
      token: admin.token,
    });
    expect([missing.status, missing.body.code]).toEqual([404, "contact-request-not-found"]);

    const rows = await env.DB.prepare(
      "SELECT state, reply FROM contact_requests WHERE id IN (?, ?) ORDER BY id",
    )
      .bind(phoneOnly, id)
      .all();
    expect(rows.results).toEqual([
      { state: "new", reply: null },
      { state: "new", reply: null },
    ]);
    const mails = await env.DB.prepare("SELECT count(*) AS n FROM notifications_outbox WHERE recipient = ?")
      .bind(email)
      .first<number>("n");
    expect(mails).toBe(0);
    expect([...(await auditRows(phoneOnly)), ...(await auditRows(id))]).toEqual([]);
  });

  it("sets the state and the notes, clears the notes, audits each change", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const id = await send({ email: `${tag()}@example.com` });
    const update = (body: Record<string, unknown>) =>
      callContract(contactRequestContracts.update, { params: { id }, body, token: admin.token });
    const noted = await update({ notes: "  اتصلت بها، هترد بكرة  " });
    expect(noted.body).toMatchObject({
      state: "new",
      notes: "اتصلت بها، هترد بكرة",
      handledBy: { id: admin.id },
    });
    expect((await update({ state: "closed" })).body).toMatchObject({
      state: "closed",
      notes: "اتصلت بها، هترد بكرة",
    });
    expect((await update({ state: "new", notes: "" })).body).toMatchObject({ state: "new", notes: null });
    expect((await auditRows(id)).map((row) => [row.action, row.after])).toEqual([
      ["contact-request.update", JSON.stringify({ notesLength: 20 })],
      ["contact-request.update", JSON.stringify({ state: "closed" })],
      ["contact-request.update", JSON.stringify({ state: "new", notesLength: 0 })],
    ]);
  });

  it("refuses bad changes with their codes and stores nothing", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const id = await send({ email: `${tag()}@example.com` });
    const patch = (body: unknown, at = id) =>
      call("PATCH", `/api/v1/contact-request/${at}`, { body, token: admin.token });
    expect((await patch({})).body.code).toBe("empty-request");
    expect((await patch({ state: "done" })).body.code).toBe("bad-request");
    const long = await patch({ notes: "م".repeat(2001) });
    expect([long.status, long.body.code]).toEqual([400, "long-contact-notes"]);
    const missing = await patch({ state: "closed" }, 99_999_999);
    expect([missing.status, missing.body.code]).toEqual([404, "contact-request-not-found"]);
    const row = await env.DB.prepare("SELECT state, notes, handled_by FROM contact_requests WHERE id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ state: "new", notes: null, handled_by: null });
    expect(await auditRows(id)).toEqual([]);
  });
});

describe("GET /contact-request/new-count", () => {
  it("counts the requests still new", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const before = (await callContract(contactRequestContracts.newCount, { token: admin.token })).body.new;
    const id = await send({ email: `${tag()}@example.com` });
    await send({ email: `${tag()}@example.com` });
    expect((await callContract(contactRequestContracts.newCount, { token: admin.token })).body.new).toBe(
      before + 2,
    );
    await callContract(contactRequestContracts.update, {
      params: { id },
      body: { state: "closed" },
      token: admin.token,
    });
    expect((await callContract(contactRequestContracts.newCount, { token: admin.token })).body.new).toBe(
      before + 1,
    );
  });
});

describe("who may handle contact requests", () => {
  it("a Student, a Tutor and a TutorManager get forbidden everywhere; a visitor unauthenticated", async () => {
    const id = await send({ email: `${tag()}@example.com` });
    for (const role of [Role.Student, Role.Tutor, Role.TutorManager]) {
      const { token } = await createUser(role);
      const answers = await Promise.all([
        callContract(contactRequestContracts.list, { token }),
        callContract(contactRequestContracts.newCount, { token }),
        callContract(contactRequestContracts.get, { params: { id }, token }),
        callContract(contactRequestContracts.reply, { params: { id }, body: { reply: "أهلًا" }, token }),
        callContract(contactRequestContracts.update, { params: { id }, body: { state: "closed" }, token }),
      ]);
      expect(answers.map((answer) => [role, answer.status, answer.body.code])).toEqual(
        answers.map(() => [role, 403, "forbidden"]),
      );
    }
    const visitor = await callContract(contactRequestContracts.list);
    expect(visitor.status).toBe(401);
    const row = await env.DB.prepare("SELECT state, reply FROM contact_requests WHERE id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ state: "new", reply: null });
  });
});

describe("how long contact requests are kept (docs/rules.md, Contact requests)", () => {
  it("the hourly job deletes a request one year after the last staff action, or after it arrived when nobody acted", async () => {
    const day = 24 * 60 * 60_000;
    const ago = (days: number) => new Date(Date.now() - days * day).toISOString();
    const insert = (createdAt: string, handledAt: string | null) =>
      env.DB.prepare(
        "INSERT INTO contact_requests (name, email, title, message, created_at, handled_at, state) VALUES ('منى', 'old@example.com', 'سؤال قديم', 'رسالة قديمة جدًا', ?, ?, ?) RETURNING id",
      )
        .bind(createdAt, handledAt, handledAt ? "closed" : "new")
        .first<number>("id");
    const untouchedOld = await insert(ago(366), null);
    const handledOld = await insert(ago(900), ago(366));
    const handledRecently = await insert(ago(900), ago(360));
    const recent = await insert(ago(10), null);
    await worker.scheduled(
      createScheduledController({ cron: schedules.hourly, scheduledTime: Date.now() }),
      env,
    );
    const left = await env.DB.prepare("SELECT id FROM contact_requests WHERE id IN (?, ?, ?, ?) ORDER BY id")
      .bind(untouchedOld, handledOld, handledRecently, recent)
      .all<{ id: number }>();
    expect(left.results.map((row) => row.id)).toEqual([handledRecently, recent]);
  });
});
