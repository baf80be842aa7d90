import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { privacyDeletionContracts } from "../../schema/api/privacy-deletion";
import { userContracts } from "../../schema/api/user";
import { authContracts } from "../../schema/api/auth";
import { chatContracts } from "../../schema/api/chat";
import { platformSettingsContracts } from "../../schema/api/platform-settings";
import { defaultBusinessSettings } from "../../schema/pricing";
import { forgetBusinessSettings } from "../../worker/domain/staff/platform-settings";
import { emulators } from "../../emulators/local";
import { runScheduled, schedules } from "../../worker/jobs";
import { readConfig } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { backgroundScope } from "../../worker/core/scope";
import { createServices } from "../../worker/integrations";
import { ERASED_NAME, eraseAccount, erasedEmail, runDueErasures } from "../../worker/domain/privacy/erasure";
import { requestDeletion, storeRequest } from "../../worker/domain/privacy/deletion";
import { findUserById } from "../../worker/domain/identity/users";
import type { Failure } from "../../worker/core/failure";
import { callContract, createUserWithRole, latestMessage, PASSWORD, register, uniqueEmail } from "./helpers";
import { startRoom, verifiedStudent } from "./factories-chat";
import { db, subscribe } from "./factories-lessons";
import { seedLesson } from "./factories-stats";
import { requestWithdrawal, tutorWithEarnings, wallet } from "./factories-invoices";

const first = <T>(sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .first<T>();

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

function scopeAt(now: Date) {
  const config = readConfig(env);
  const pending: Promise<unknown>[] = [];
  const scope = backgroundScope(env, {
    config,
    logger: createLogger("test"),
    now,
    services: createServices(config, env, undefined, emulators),
    waitUntil: (promise) => void pending.push(promise),
  });
  return { scope, settled: () => Promise.allSettled(pending) };
}

/** Every text column of every D1 table that holds `value` (the erasure's proof). */
async function tablesHolding(value: string): Promise<string[]> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'd1_%'",
  ).all<{ name: string }>();
  const found: string[] = [];
  for (const { name } of tables) {
    const { results: columns } = await env.DB.prepare(`PRAGMA table_info("${name}")`).all<{
      name: string;
      type: string;
    }>();
    for (const column of columns) {
      if (!/text/i.test(column.type)) continue;
      const hit = await first<{ n: number }>(
        `SELECT count(*) AS n FROM "${name}" WHERE instr("${column.name}", ?) > 0`,
        value,
      );
      if (hit!.n > 0) found.push(`${name}.${column.name}`);
    }
  }
  return found;
}

/** The money rows the erasure must keep, summed. */
async function moneyTotals(userId: number) {
  return first(
    `SELECT
      (SELECT COALESCE(SUM(amount), 0) FROM subscriptions WHERE user_id = ?1) AS plans,
      (SELECT COALESCE(SUM(refund_amount), 0) FROM subscriptions WHERE user_id = ?1) AS planRefunds,
      (SELECT COALESCE(SUM(amount), 0) FROM transactions WHERE user_id = ?1) AS paid,
      (SELECT count(*) FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id WHERE m.user_id = ?1) AS lessons,
      (SELECT COALESCE(SUM(l.tutor_earning), 0) FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id WHERE m.user_id = ?1) AS earnings,
      (SELECT COALESCE(SUM(amount), 0) FROM invoices WHERE user_id = ?1) AS withdrawn,
      (SELECT count(*) || ':' || COALESCE(SUM(value), 0) FROM ratings WHERE rater_id = ?1 OR ratee_id = ?1) AS ratings`,
    userId,
  );
}

const cron = (at: Date) =>
  runScheduled(
    createScheduledController({ cron: schedules.daily, scheduledTime: at.getTime() }),
    env,
    emulators,
  );

describe("account deletion: the owner's request", () => {
  it("ends the sessions, cancels future lessons and the plan (with its refund), then only the deletion routes answer until restored", async () => {
    const student = await register(Role.Student);
    const tutor = await createUserWithRole(Role.Tutor);
    const sub = await subscribe(student.user.id, { amount: 80_000 });
    const future = await seedLesson(tutor.user.id, student.user.id, { start: hoursFromNow(48) });
    await env.DB.prepare("UPDATE lessons SET subscription_id = ? WHERE id = ?").bind(sub.id, future).run();

    const status = await callContract(privacyDeletionContracts.status, { token: student.token });
    expect(status.body).toMatchObject({
      state: "none",
      graceDays: 14,
      needsCode: false,
      allowed: true,
      blockedAmount: 0,
    });

    const asked = await callContract(privacyDeletionContracts.request, {
      token: student.token,
      body: { password: PASSWORD },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.state).toBe("pending");
    const due = Date.parse(asked.body.dueAt!) - Date.parse(asked.body.requestedAt!);
    expect(due).toBe(14 * 86_400_000);

    // Every session ended: the token that asked is refused.
    expect((await callContract(userContracts.current, { token: student.token })).status).toBe(401);
    expect(
      await first("SELECT canceled_at IS NOT NULL AS canceled FROM lessons WHERE id = ?", future),
    ).toEqual({
      canceled: 1,
    });
    expect(
      await first("SELECT status, refund_amount > 0 AS refunded FROM subscriptions WHERE id = ?", sub.id),
    ).toEqual({
      status: "canceled",
      refunded: 1,
    });

    // Signing in works during the grace period; every other route answers account-pending-deletion.
    const signedIn = await callContract(authContracts.password, {
      body: { email: student.user.email, password: PASSWORD },
      headers: { "cf-connecting-ip": "10.9.0.1" },
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token as string;
    const other = await callContract(userContracts.current, { token });
    expect([other.status, other.body.code]).toEqual([403, "account-pending-deletion"]);
    const again = await callContract(privacyDeletionContracts.status, { token });
    expect(again.body.state).toBe("pending");

    // A second request: a clear code, nothing changed.
    const second = await callContract(privacyDeletionContracts.request, {
      token,
      body: { password: PASSWORD },
    });
    expect([second.status, second.body.code]).toEqual([403, "account-pending-deletion"]);
    const rows = await first<{ n: number }>(
      "SELECT count(*) AS n FROM account_deletions WHERE user_id = ?",
      student.user.id,
    );
    expect(rows!.n).toBe(1);

    const restored = await callContract(privacyDeletionContracts.cancel, { token });
    expect([restored.status, restored.body.state]).toEqual([200, "none"]);
    expect((await callContract(userContracts.current, { token })).status).toBe(200);
    const twice = await callContract(privacyDeletionContracts.cancel, { token });
    expect([twice.status, twice.body.code]).toEqual([409, "deletion-not-requested"]);
  });

  it("refuses a wrong password, staff and suspended accounts, and a tutor whose money waits (with the amount), storing nothing", async () => {
    const student = await register(Role.Student);
    const wrong = await callContract(privacyDeletionContracts.request, {
      token: student.token,
      body: { password: "Wrong#Pass9" },
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, "wrong-password"]);
    const empty = await callContract(privacyDeletionContracts.request, { token: student.token, body: {} });
    expect([empty.status, empty.body.code]).toEqual([400, "empty-request"]);

    const manager = await createUserWithRole(Role.TutorManager);
    const staff = await callContract(privacyDeletionContracts.request, {
      token: manager.token,
      body: { password: PASSWORD },
    });
    expect([staff.status, staff.body.code]).toEqual([409, "deletion-not-allowed"]);

    const suspended = await register(Role.Student);
    await env.DB.prepare("UPDATE users SET suspended_at = ?, suspension_reason = 'x' WHERE id = ?")
      .bind(new Date().toISOString(), suspended.user.id)
      .run();
    const refused = await callContract(privacyDeletionContracts.request, {
      token: suspended.token,
      body: { password: PASSWORD },
    });
    expect([refused.status, refused.body.code]).toEqual([403, "account-suspended"]);

    const tutor = await createUserWithRole(Role.Tutor);
    const other = await register(Role.Student);
    await seedLesson(tutor.user.id, other.user.id, { start: hoursFromNow(-30), earning: 12_500 });
    const blocked = await callContract(privacyDeletionContracts.request, {
      token: tutor.token,
      body: { password: PASSWORD },
    });
    expect([blocked.status, blocked.body.code, (blocked.body as { details?: unknown }).details]).toEqual([
      409,
      "deletion-blocked-by-balance",
      { amount: 12_500 },
    ]);
    const status = await callContract(privacyDeletionContracts.status, { token: tutor.token });
    expect(status.body.blockedAmount).toBe(12_500);

    const ids = [student, manager, suspended, tutor].map((who) => who.user.id);
    const stored = await first<{ n: number }>(
      `SELECT count(*) AS n FROM account_deletions WHERE user_id IN (${ids.join(",")})`,
    );
    expect(stored!.n).toBe(0);
    // Their sessions still work (nothing ended).
    expect((await callContract(userContracts.current, { token: student.token })).status).toBe(200);
  });

  it("a request that passed the gate while another was being stored answers deletion-already-requested, storing nothing more", async () => {
    const student = await register(Role.Student);
    // The row as a second device's request read it, before the first request was stored.
    const row = (await findUserById(db(), student.user.id))!;
    const first_ = await callContract(privacyDeletionContracts.request, {
      token: student.token,
      body: { password: PASSWORD },
    });
    expect(first_.status).toBe(200);
    const { scope } = scopeAt(new Date());
    const actor = { userId: row.id, requestId: null };
    const late = await requestDeletion(scope, row, { password: PASSWORD }, actor).catch(
      (error: Failure) => error,
    );
    expect((late as Failure).code).toBe("deletion-already-requested");
    // Past the first check too: the partial unique index refuses the second row, and no audit row follows it.
    const raced = await storeRequest(scope, row, actor, row.id, 14, null).catch((error: Failure) => error);
    expect((raced as Failure).code).toBe("deletion-already-requested");
    const stored = await first<{ n: number }>(
      "SELECT count(*) AS n FROM account_deletions WHERE user_id = ?",
      student.user.id,
    );
    expect(stored!.n).toBe(1);
    const audited = await first<{ n: number }>(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'user.deletion-request' AND target_id = ?",
      String(student.user.id),
    );
    expect(audited!.n).toBe(1);
  });

  it("an account without a password confirms with an emailed code; a wrong code changes nothing", async () => {
    const student = await register(Role.Student);
    await env.DB.prepare("UPDATE users SET password_hash = NULL, google_sub = ? WHERE id = ?")
      .bind(`g-${student.user.id}`, student.user.id)
      .run();
    const withoutCode = await callContract(privacyDeletionContracts.request, {
      token: student.token,
      body: { password: "anything" },
    });
    expect([withoutCode.status, withoutCode.body.code]).toEqual([400, "deletion-code-required"]);
    expect((await callContract(privacyDeletionContracts.sendCode, { token: student.token })).status).toBe(
      200,
    );
    const { code } = await latestMessage(student.user.email);
    const wrong = await callContract(privacyDeletionContracts.request, {
      token: student.token,
      body: { code: code === "12345" ? "54321" : "12345" },
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, "invalid-verification-code"]);
    expect(
      (await first<{ n: number }>(
        "SELECT count(*) AS n FROM account_deletions WHERE user_id = ?",
        student.user.id,
      ))!.n,
    ).toBe(0);
    const right = await callContract(privacyDeletionContracts.request, {
      token: student.token,
      body: { code: code! },
    });
    expect([right.status, right.body.state]).toEqual([200, "pending"]);

    const withPassword = await register(Role.Student);
    const notNeeded = await callContract(privacyDeletionContracts.sendCode, { token: withPassword.token });
    expect([notNeeded.status, notNeeded.body.code]).toEqual([409, "deletion-code-not-needed"]);
  });
});

describe("account deletion: the grace period setting", () => {
  it("is a business number 0–30 days: a SuperAdmin sets it, a save without it keeps it, out of range is refused", async () => {
    const boss = await createUserWithRole(Role.SuperAdmin);
    const save = (extra: Record<string, unknown>) =>
      callContract(platformSettingsContracts.business, {
        token: boss.token,
        body: { ...defaultBusinessSettings, ...extra } as never,
      });
    const tooLong = await save({ deletionGraceDays: 31 });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, "invalid-deletion-grace"]);
    try {
      expect((await save({ deletionGraceDays: 3 })).status).toBe(200);
      expect((await save({})).status).toBe(200); // the admin form that does not show it
      forgetBusinessSettings();
      const student = await register(Role.Student);
      const asked = await callContract(privacyDeletionContracts.request, {
        token: student.token,
        body: { password: PASSWORD },
      });
      expect(asked.body.graceDays).toBe(3);
      expect(Date.parse(asked.body.dueAt!) - Date.parse(asked.body.requestedAt!)).toBe(3 * 86_400_000);
    } finally {
      await save({ deletionGraceDays: 14 });
      forgetBusinessSettings();
    }
  });
});

describe("account deletion: the erasure", () => {
  it("erases every trace of the person after the grace period, keeps the money and the other side's chat, and the email registers again", async () => {
    const student = await verifiedStudent();
    const id = student.user.id;
    const name = "زينب مسحوبة الاختبار";
    const phone = `010${String(id).padStart(8, "7").slice(-8)}`;
    const email = student.user.email;
    await env.DB.prepare(
      "UPDATE users SET name = ?, phone = ?, birth_year = 2001, city = 3, image = ? WHERE id = ?",
    )
      .bind(name, phone, `/api/v1/assets/uploads/avatars/${id}-a.png`, id)
      .run();
    const tutor = await createUserWithRole(Role.Tutor);
    await env.DB.prepare("UPDATE users SET verified_email = 1 WHERE id = ?").bind(tutor.user.id).run();
    const sub = await subscribe(id, { amount: 90_000 });
    await seedLesson(tutor.user.id, id, { start: hoursFromNow(-50), earning: 7_000 });
    // Chat: the student writes (with her phone in it), the tutor answers.
    const roomId = await startRoom(student, tutor, `رقمي ${phone} يا أستاذ`);
    const at = new Date().toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO ratings (rater_id, ratee_id, value, text, created_at, updated_at) VALUES (?, ?, 5, ?, ?, ?)",
      ).bind(id, tutor.user.id, `ممتاز — ${name}`, at, at),
      // The level history is about the student (its reason names her here): erasure deletes it.
      env.DB.prepare(
        "INSERT INTO student_levels (student_id, tutor_id, level, reason, created_at) VALUES (?, ?, 'B1', ?, ?)",
      ).bind(id, tutor.user.id, `${name} بتتكلم كويس`, at),
      env.DB.prepare(
        "INSERT INTO reports (user_id, title, message, screenshot, log, url, user_agent, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).bind(
        id,
        "مشكلة",
        `أنا ${name} وإيميلي ${email}`,
        `reports/${id}-s.png`,
        `reports/${id}-l.txt`,
        "/x",
        "UA",
        at,
        at,
      ),
      env.DB.prepare(
        "INSERT INTO assets (key, kind, user_id, uploaded_by, content_type, size, created_at) VALUES (?, 'screenshot', ?, ?, 'image/png', 3, ?)",
      ).bind(`reports/${id}-s.png`, id, id, at),
      env.DB.prepare(
        "INSERT INTO assets (key, kind, user_id, uploaded_by, content_type, size, created_at) VALUES (?, 'log', ?, ?, 'text/plain', 3, ?)",
      ).bind(`reports/${id}-l.txt`, id, id, at),
      env.DB.prepare(
        "INSERT INTO contact_requests (user_id, name, phone, email, title, message, created_at) VALUES (?, ?, ?, ?, 'سؤال', 'رسالة', ?)",
      ).bind(id, name, phone, email, at),
    ]);
    await env.MEDIA.put(`uploads/avatars/${id}-a.png`, "png");
    await env.MEDIA.put(`reports/${id}-s.png`, "png");
    await env.MEDIA.put(`reports/${id}-l.txt`, "log");
    const before = await moneyTotals(id);
    // The scan finds her before the erasure (so its silence afterwards means something).
    expect(await tablesHolding(phone)).toEqual(
      expect.arrayContaining(["users.phone", "contact_requests.phone", "chat_rooms.last_message_text"]),
    );
    expect(await tablesHolding(name)).toEqual(
      expect.arrayContaining(["users.name", "ratings.text", "reports.message"]),
    );

    const asked = await callContract(privacyDeletionContracts.request, {
      token: student.token,
      body: { password: PASSWORD },
    });
    expect(asked.status).toBe(200);
    const afterRequest = await moneyTotals(id);

    // Not due yet: the cron leaves it alone.
    await cron(new Date());
    expect(
      (await first<{ state: string }>("SELECT state FROM account_deletions WHERE user_id = ?", id))!.state,
    ).toBe("pending");

    const later = new Date(Date.now() + 15 * 86_400_000);
    await cron(later);
    const request = await first<{ state: string; step: string; email_hash: string | null }>(
      "SELECT state, step, email_hash FROM account_deletions WHERE user_id = ?",
      id,
    );
    expect(request).toMatchObject({ state: "erased", step: "profile" });
    expect(request!.email_hash).toMatch(/^[0-9a-f]{64}$/);

    for (const value of [email, phone, name])
      expect({ value, found: await tablesHolding(value) }).toEqual({ value, found: [] });
    for (const key of [`uploads/avatars/${id}-a.png`, `reports/${id}-s.png`, `reports/${id}-l.txt`])
      expect(await env.MEDIA.head(key)).toBeNull();
    expect((await env.MEDIA.list({ prefix: `uploads/avatars/${id}-` })).objects).toEqual([]);
    expect(
      await first("SELECT email, name, phone, birth_year, city, image FROM users WHERE id = ?", id),
    ).toEqual({
      email: erasedEmail(id),
      name: ERASED_NAME,
      phone: null,
      birth_year: null,
      city: null,
      image: null,
    });
    // The plan was cancelled at the request (its refund opened); the erasure changed no money row.
    expect(await moneyTotals(id)).toEqual(afterRequest);
    expect(afterRequest).toMatchObject({
      plans: (before as { plans: number }).plans,
      lessons: 1,
      earnings: 7_000,
    });
    expect(await first("SELECT value, text FROM ratings WHERE rater_id = ?", id)).toEqual({
      value: 5,
      text: null,
    });
    expect(
      await first(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'user.erase' AND target_id = ?",
        String(id),
      ),
    ).toEqual({
      n: 1,
    });
    expect(sub.id).toBeGreaterThan(0);

    // The tutor still has the room; the student's message is there, deleted.
    const rooms = await callContract(chatContracts.rooms, {
      token: tutor.token,
      params: { id: tutor.user.id },
    });
    expect(rooms.status).toBe(200);
    const room = rooms.body.list.find((item: { id: number }) => item.id === roomId);
    expect(room?.members.find((member: { id: number }) => member.id === id)).toMatchObject({
      name: ERASED_NAME,
      erased: true,
    });
    const messages = await callContract(chatContracts.messages, {
      token: tutor.token,
      params: { id: roomId },
    });
    expect(messages.status).toBe(200);
    const list = (messages.body as { list: { senderId: number; text: string; deletedAt: string | null }[] })
      .list;
    const hers = list.filter((message) => message.senderId === id);
    expect(hers.length).toBeGreaterThan(0);
    expect(hers.every((message) => message.text === "" && message.deletedAt !== null)).toBe(true);

    // The erasure again changes nothing.
    const snapshot = await first("SELECT * FROM users WHERE id = ?", id);
    const { scope } = scopeAt(later);
    expect(await eraseAccount(scope, id)).toBe("erased");
    expect(await runDueErasures(scope)).toBe(0);
    expect(await first("SELECT * FROM users WHERE id = ?", id)).toEqual(snapshot);

    // The same email registers again as a new account.
    const again = await callContract(userContracts.register, {
      body: { email, password: PASSWORD, role: Role.Student },
      headers: { "cf-connecting-ip": "10.9.1.2" },
    });
    expect(again.status).toBe(201);
    expect(again.body.user.id).not.toBe(id);
  });

  it("deletes the person's exports from R2 (rows expired, no key) and unlinks their consent records, which stay as anonymous proof", async () => {
    const student = await verifiedStudent();
    const id = student.user.id;
    const at = new Date().toISOString();
    const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const ready = await first<{ id: number }>(
      "INSERT INTO data_exports (user_id, state, key, size, ready_at, expires_at, created_at, updated_at) VALUES (?, 'ready', NULL, 3, ?, ?, ?, ?) RETURNING id",
      id,
      at,
      expires,
      at,
      at,
    );
    const key = `exports/${id}/${ready!.id}.zip`;
    await env.DB.prepare("UPDATE data_exports SET key = ? WHERE id = ?").bind(key, ready!.id).run();
    await env.DB.prepare(
      "INSERT INTO data_exports (user_id, state, created_at, updated_at) VALUES (?, 'pending', ?, ?)",
    )
      .bind(id, at, at)
      .run();
    await env.MEDIA.put(key, "zip");
    // A file under the person's prefix with no row (a build that stored its file, then failed).
    await env.MEDIA.put(`exports/${id}/orphan.zip`, "zip");
    const consent = await first<{ id: number }>(
      "INSERT INTO consents (user_id, kind, granted, text_version, created_at) VALUES (?, 'marketing', 1, 'marketing-2026-11', ?) RETURNING id",
      id,
      at,
    );
    expect((await env.MEDIA.list({ prefix: `exports/${id}/` })).objects).toHaveLength(2);

    const asked = await callContract(privacyDeletionContracts.request, {
      token: student.token,
      body: { password: PASSWORD },
    });
    expect(asked.status).toBe(200);
    const { scope } = scopeAt(new Date(Date.now() + 15 * 86_400_000));
    expect(await eraseAccount(scope, id)).toBe("erased");

    expect((await env.MEDIA.list({ prefix: `exports/${id}/` })).objects).toEqual([]);
    const { results: exports } = await env.DB.prepare(
      "SELECT state, key FROM data_exports WHERE user_id = ? ORDER BY id",
    )
      .bind(id)
      .all();
    expect(exports).toEqual([
      { state: "expired", key: null },
      { state: "expired", key: null },
    ]);
    expect(await first("SELECT count(*) AS n FROM consents WHERE user_id = ?", id)).toEqual({ n: 0 });
    // The record stays, naming no one: which text, which answer, when.
    expect(
      await first(
        "SELECT user_id, device_id, kind, granted, text_version FROM consents WHERE id = ?",
        consent!.id,
      ),
    ).toEqual({
      user_id: null,
      device_id: null,
      kind: "marketing",
      granted: 1,
      text_version: "marketing-2026-11",
    });
  });

  it("erases a tutor whose withdrawals are settled (confirmed by an emailed code): texts, files and payout details go, the amounts stay", async () => {
    const tutor = await tutorWithEarnings(10_000);
    const id = tutor.id;
    const name = "حازم مدرس ممسوح";
    const phone = `011${String(id).padStart(8, "5").slice(-8)}`;
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET name = ?, phone = ?, image = ? WHERE id = ?").bind(
        name,
        phone,
        `/api/v1/assets/uploads/tutors/images/${id}-p.png`,
        id,
      ),
      env.DB.prepare("UPDATE tutors SET bio = ?, about = ?, video = ? WHERE id = ?").bind(
        `أنا ${name}`,
        `كلمني على ${phone}`,
        `/api/v1/assets/uploads/intro-videos/${id}-v.mp4`,
        id,
      ),
    ]);
    const withdrawal = await requestWithdrawal(tutor, wallet(10_000, { phone, receiver: name, save: true }));
    expect(withdrawal.status).toBe(201);
    // Settled: the staff paid it (Approved), so nothing waits any more.
    await env.DB.prepare("UPDATE invoices SET status = 3 WHERE id = ?").bind(withdrawal.body.id).run();
    expect(
      (await first<{ n: number }>("SELECT count(*) AS n FROM withdraw_methods WHERE user_id = ?", id))!.n,
    ).toBe(1);
    await env.MEDIA.put(`uploads/tutors/images/${id}-p.png`, "png");
    await env.MEDIA.put(`uploads/intro-videos/${id}-v.mp4`, "mp4");
    const before = await moneyTotals(id);
    expect(await tablesHolding(phone)).toEqual(
      expect.arrayContaining(["users.phone", "tutors.about", "invoices.phone", "withdraw_methods.phone"]),
    );

    const status = await callContract(privacyDeletionContracts.status, { token: tutor.token });
    expect(status.body).toMatchObject({ needsCode: true, blockedAmount: 0, allowed: true });
    expect((await callContract(privacyDeletionContracts.sendCode, { token: tutor.token })).status).toBe(200);
    const { code } = await latestMessage(tutor.email);
    const asked = await callContract(privacyDeletionContracts.request, {
      token: tutor.token,
      body: { code: code! },
    });
    expect(asked.status).toBe(200);

    await cron(new Date(Date.now() + 15 * 86_400_000));
    for (const value of [tutor.email, phone, name])
      expect({ value, found: await tablesHolding(value) }).toEqual({ value, found: [] });
    for (const prefix of [`uploads/tutors/images/${id}-`, `uploads/intro-videos/${id}-`])
      expect((await env.MEDIA.list({ prefix })).objects).toEqual([]);
    expect(await moneyTotals(id)).toEqual(before);
    expect(
      await first("SELECT amount, status, phone, receiver FROM invoices WHERE id = ?", withdrawal.body.id),
    ).toEqual({
      amount: 10_000,
      status: 3,
      phone: null,
      receiver: null,
    });
    expect(await first("SELECT bio, about, video FROM tutors WHERE id = ?", id)).toEqual({
      bio: null,
      about: null,
      video: null,
    });
    expect(
      (await first<{ n: number }>("SELECT count(*) AS n FROM withdraw_methods WHERE user_id = ?", id))!.n,
    ).toBe(0);
  });

  it("resumes after a crash halfway: the next run finishes from the stored step", async () => {
    const student = await register(Role.Student, { email: uniqueEmail("crash") });
    const id = student.user.id;
    await env.DB.prepare("UPDATE users SET name = 'مريم نصف الطريق' WHERE id = ?").bind(id).run();
    await callContract(privacyDeletionContracts.request, {
      token: student.token,
      body: { password: PASSWORD },
    });
    const later = new Date(Date.now() + 15 * 86_400_000);
    const { scope } = scopeAt(later);
    await expect(
      eraseAccount(scope, id, {
        afterStep(step) {
          if (step === "chat") throw new Error("simulated crash");
        },
      }),
    ).rejects.toThrow("simulated crash");
    expect(await first("SELECT state, step FROM account_deletions WHERE user_id = ?", id)).toEqual({
      state: "erasing",
      step: "chat",
    });
    // Halfway: the profile is still there, and the account still answers account-pending-deletion, not a user.
    expect((await first<{ name: string }>("SELECT name FROM users WHERE id = ?", id))!.name).toBe(
      "مريم نصف الطريق",
    );
    const steps: string[] = [];
    expect(await eraseAccount(scope, id, { afterStep: (step) => void steps.push(step) })).toBe("erased");
    expect(steps).toEqual(["media", "records", "profile"]);
    expect(
      await first(
        "SELECT state, name FROM account_deletions d JOIN users u ON u.id = d.user_id WHERE d.user_id = ?",
        id,
      ),
    ).toEqual({
      state: "erased",
      name: ERASED_NAME,
    });
    expect(await tablesHolding(student.user.email)).toEqual([]);
  });

  it("a SuperAdmin erases an account at once on a written request (reason required, audited); never a SuperAdmin", async () => {
    const boss = await createUserWithRole(Role.SuperAdmin);
    const target = await register(Role.Student);
    const noReason = await callContract(privacyDeletionContracts.staffErase, {
      token: boss.token,
      params: { id: target.user.id },
      body: { reason: "" },
    });
    expect([noReason.status, noReason.body.code]).toEqual([400, "invalid-deletion-reason"]);
    const done = await callContract(privacyDeletionContracts.staffErase, {
      token: boss.token,
      params: { id: target.user.id },
      body: { reason: "طلب مكتوب رقم ١٢ بتاريخ اليوم" },
    });
    expect([done.status, done.body]).toEqual([200, { userId: target.user.id, state: "erased" }]);
    expect(await tablesHolding(target.user.email)).toEqual([]);
    expect(
      await first(
        "SELECT actor_id AS actor, json_extract(after, '$.reason') AS reason FROM audit_log WHERE action = 'user.deletion-request' AND target_id = ?",
        String(target.user.id),
      ),
    ).toEqual({ actor: boss.user.id, reason: "طلب مكتوب رقم ١٢ بتاريخ اليوم" });
    const self = await callContract(privacyDeletionContracts.staffErase, {
      token: boss.token,
      params: { id: boss.user.id },
      body: { reason: "تجربة حذف النفس" },
    });
    expect([self.status, self.body.code]).toEqual([409, "deletion-not-allowed"]);
  });
});
