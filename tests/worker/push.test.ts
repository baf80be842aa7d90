// Web push end to end inside the Worker: the contract and access of the subscription routes, and
// the "push" outbox channel, whose payloads the product encrypts and signs (@block65/webcrypto-web-push)
// and the local push emulator (emulators/push) checks and decrypts as a browser would.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { pushContracts } from "../../schema/api/push";
import { createDb } from "../../worker/core/db";
import { readConfig, type Env } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { enqueue } from "../../worker/notifications/outbox";
import { pushDevicesForExport, pushMessage, pushPayloadOf } from "../../worker/notifications/push";
import { backgroundScope } from "../../worker/core/scope";
import { createServices } from "../../worker/integrations";
import { eraseAccount } from "../../worker/domain/privacy/erasure";
import { storeRequest } from "../../worker/domain/privacy/deletion";
import { emulators } from "../../emulators/local";
import { sendLessonReminders } from "../../worker/notifications/reminders";
import { lessonMessages } from "../../worker/notifications/lesson-messages";
import { call, callContract, register } from "./helpers";
import { consume } from "./factories-messaging";
import { createTutor } from "./factories-lessons";

const db = () => createDb(env as Env);
const logger = createLogger("test");
const vapidKey = () => readConfig(env as Env).vapid.publicKey;

type Minted = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

/** A browser's subscription, minted by the push emulator for our VAPID key (its private key stays there). */
async function mint(applicationServerKey = vapidKey()): Promise<Minted> {
  const minted = await call("POST", "/api/v1/dev/push/subscriptions", { body: { applicationServerKey } });
  expect(minted.status).toBe(201);
  return minted.body as Minted;
}

const idOf = (subscription: Minted) => subscription.endpoint.split("/").pop()!;

/** What the emulator received for one subscription, decrypted, newest first. */
const received = async (subscription: Minted) =>
  (await call("GET", `/api/v1/dev/push/messages?subscription=${idOf(subscription)}`)).body.list as Array<{
    title: string;
    body: string;
    url: string;
    tag: string;
    ttl: number;
    urgency: string;
    encoding: string;
  }>;

const subscriptionsOf = async (userId: number) =>
  (
    await env.DB.prepare(
      "SELECT endpoint, last_sent_at AS lastSentAt FROM push_subscriptions WHERE user_id = ? ORDER BY id",
    )
      .bind(userId)
      .all<{ endpoint: string; lastSentAt: string | null }>()
  ).results;

const outboxRow = (id: number) =>
  env.DB.prepare("SELECT status, attempts, last_error AS lastError FROM notifications_outbox WHERE id = ?")
    .bind(id)
    .first<{ status: string; attempts: number; lastError: string | null }>();

async function subscribed(token: string, subscription?: Minted) {
  const browser = subscription ?? (await mint());
  const saved = await callContract(pushContracts.subscribe, { token, body: browser });
  expect(saved.status).toBe(201);
  return browser;
}

async function pushTo(userId: number, text: string, url?: string) {
  const row = await enqueue(db(), pushMessage(userId, text, null, { title: "تذكير", url }));
  return row!.id;
}

describe("the subscription routes", () => {
  it("gives the VAPID public key to anyone, the key the pushes are signed with", async () => {
    const key = await callContract(pushContracts.key);
    expect(key.status).toBe(200);
    expect(key.body.publicKey).toBe(vapidKey());
    expect(key.body.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
  });

  it("keeps several devices per person, and the same browser again replaces its keys instead of adding one", async () => {
    const { token, user } = await register(Role.Student);
    const phone = await subscribed(token);
    const laptop = await subscribed(token);
    expect((await subscriptionsOf(user.id)).map((row) => row.endpoint)).toEqual([
      phone.endpoint,
      laptop.endpoint,
    ]);
    const again = await callContract(pushContracts.subscribe, { token, body: phone });
    expect(again.status).toBe(201);
    expect(await subscriptionsOf(user.id)).toHaveLength(2);
  });

  it("needs a signed-in person, for tutors as for students", async () => {
    const anonymous = await callContract(pushContracts.subscribe, { body: await mint() });
    expect(anonymous.status).toBe(401);
    const tutor = await register(Role.Tutor);
    expect(
      (await callContract(pushContracts.subscribe, { token: tutor.token, body: await mint() })).status,
    ).toBe(201);
  });

  it("answers invalid-push-subscription for an endpoint that is not https or keys that are not a browser's, and stores nothing", async () => {
    const { token, user } = await register(Role.Student);
    const good = await mint();
    const bad = [
      { ...good, endpoint: "http://push.example.com/send/1" },
      { ...good, endpoint: "not a url" },
      { ...good, endpoint: `https://push.example.com/${"x".repeat(2100)}` },
      { ...good, keys: { ...good.keys, p256dh: "short" } },
      { ...good, keys: { ...good.keys, auth: "AAAA" } },
      { endpoint: good.endpoint },
    ];
    for (const body of bad) {
      const refused = await call("POST", "/api/v1/push/subscriptions", { token, body });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("invalid-push-subscription");
    }
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });

  it("removes the caller's own device by endpoint, and never another person's (push-subscription-not-found)", async () => {
    const owner = await register(Role.Student);
    const other = await register(Role.Student);
    const browser = await subscribed(owner.token);
    const stolen = await callContract(pushContracts.unsubscribe, {
      token: other.token,
      query: { endpoint: browser.endpoint },
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe("push-subscription-not-found");
    expect(await subscriptionsOf(owner.user.id)).toHaveLength(1);
    const removed = await callContract(pushContracts.unsubscribe, {
      token: owner.token,
      query: { endpoint: browser.endpoint },
    });
    expect(removed.status).toBe(204);
    expect(await subscriptionsOf(owner.user.id)).toEqual([]);
  });
});

describe("the push channel", () => {
  it("sends a payload the emulator decrypts to exactly what was written, to every device of the person", async () => {
    const { token, user } = await register(Role.Student);
    const phone = await subscribed(token);
    const laptop = await subscribed(token);
    const id = await pushTo(user.id, "حصتك بعد ساعة.", "/lesson/12");
    const result = await consume([{ outboxId: id }]);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    expect(result.retryMessages).toEqual([]);
    for (const device of [phone, laptop])
      expect(await received(device)).toEqual([
        expect.objectContaining({
          title: "تذكير",
          body: "حصتك بعد ساعة.",
          url: "/lesson/12",
          tag: `dars-${id}`,
          urgency: "high",
          ttl: 6 * 60 * 60,
          // RFC 8291's aes128gcm, the encoding every push service takes (Apple's included).
          encoding: "aes128gcm",
        }),
      ]);
    expect((await subscriptionsOf(user.id)).every((row) => row.lastSentAt !== null)).toBe(true);
  });

  it("deletes a subscription the push service says is gone (410), and still reaches the other device", async () => {
    const { token, user } = await register(Role.Student);
    const kept = await subscribed(token);
    const gone = await subscribed(token);
    // The browser unsubscribed on its side: the emulator answers 410 from now on.
    expect((await call("DELETE", `/api/v1/dev/push/subscriptions/${idOf(gone)}`)).status).toBe(204);
    const id = await pushTo(user.id, "رسالة جديدة");
    await consume([{ outboxId: id }]);
    expect(await outboxRow(id)).toMatchObject({ status: "sent" });
    expect((await subscriptionsOf(user.id)).map((row) => row.endpoint)).toEqual([kept.endpoint]);
    expect(await received(kept)).toHaveLength(1);
  });

  it("deletes a subscription answered 404 too; with no device left the row is done, marked no-devices", async () => {
    const { token, user } = await register(Role.Student);
    await subscribed(token);
    await call("POST", "/api/v1/dev/push/fail", { body: { status: 404 } });
    const id = await pushTo(user.id, "رسالة جديدة");
    const result = await consume([{ outboxId: id }]);
    expect(result.retryMessages).toEqual([]);
    expect(await subscriptionsOf(user.id)).toEqual([]);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", lastError: "no-devices" });

    const none = await pushTo(user.id, "ولا جهاز");
    await consume([{ outboxId: none }]);
    expect(await outboxRow(none)).toMatchObject({ status: "sent", attempts: 1, lastError: "no-devices" });
  });

  it("retries after a 500 like any channel, keeps the subscription, and delivers on the next attempt", async () => {
    const { token, user } = await register(Role.Student);
    const browser = await subscribed(token);
    await call("POST", "/api/v1/dev/push/fail", { body: { status: 500 } });
    const id = await pushTo(user.id, "حصتك بعد يوم.");
    const first = await consume([{ outboxId: id }]);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.delays).toEqual([30]);
    expect(await outboxRow(id)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await outboxRow(id))!.lastError).toContain("500");
    expect(await subscriptionsOf(user.id)).toHaveLength(1);
    expect(await received(browser)).toEqual([]);
    const second = await consume([{ outboxId: id }], { attempts: 2 });
    expect(second.retryMessages).toEqual([]);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await received(browser)).toHaveLength(1);
  });

  it("is refused by the push service when signed with another key than the one the browser subscribed with", async () => {
    const { token, user } = await register(Role.Student);
    // A browser subscribed with another site's key: our VAPID signature does not match it (403).
    const other = await mint(
      "BMo6ZFtyj8Y2-c7CoJ-ohCVhEIrmJFVybQAcHQJwqx5fhLXI_0ckAgxKsSgywqb7mZSelOL_7zHm6CYUwdQ63-g",
    );
    await subscribed(token, other);
    const id = await pushTo(user.id, "رسالة");
    await consume([{ outboxId: id }]);
    expect(await outboxRow(id)).toMatchObject({ status: "pending", attempts: 1 });
    expect((await outboxRow(id))!.lastError).toContain("403");
  });

  it("builds the payload from the row: its link line, and a tag that stays the same for the same reminder", () => {
    const message = pushMessage(7, "نص", "reminder:12:1h:7:push", { url: "/lesson/12" });
    expect(message).toMatchObject({ channel: "push", recipient: "user:7", subject: "درس" });
    expect(
      pushPayloadOf({ id: 1, subject: message.subject, body: message.body, dedupeKey: message.dedupeKey! }),
    ).toEqual({
      title: "درس",
      body: "نص",
      url: "/lesson/12",
      tag: "reminder:12:1h:7",
    });
    // A link that is not a path of ours is dropped: a tap opens the home page.
    expect(
      pushPayloadOf({
        id: 2,
        ...pushMessage(7, "نص", null, { url: "https://evil.example" }),
        dedupeKey: null,
      }).url,
    ).toBe("/");
  });

  it("carries a lesson reminder to the devices of a person who turned push on", async () => {
    const student = await register(Role.Student);
    const browser = await subscribed(student.token);
    const tutor = await createTutor();
    const now = new Date();
    const start = new Date(now.getTime() + 30 * 60_000).toISOString();
    const lesson = await env.DB.prepare(
      'INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, created_at, updated_at) VALUES (?, ?, ?, 30, 0, ?, ?, ?) RETURNING id',
    )
      .bind(tutor.id, start, new Date(Date.parse(start) + 30 * 60_000).toISOString(), tutor.id, start, start)
      .first<{ id: number }>();
    for (const id of [student.user.id, tutor.id])
      await env.DB.prepare(
        "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
      )
        .bind(lesson!.id, id, id === student.user.id ? 4 : 3, start)
        .run();
    const queued: number[] = [];
    await sendLessonReminders(
      db(),
      now,
      logger,
      async (rows) => void queued.push(...rows.map((row) => row.id)),
    );
    const pushRows = (
      await env.DB.prepare(
        "SELECT id, recipient FROM notifications_outbox WHERE channel = 'push' AND user_id = ?",
      )
        .bind(student.user.id)
        .all<{ id: number; recipient: string }>()
    ).results;
    expect(pushRows.map((row) => row.recipient)).toEqual([`user:${student.user.id}`]);
    // The tutor turned nothing on: no push row for them.
    expect(
      await env.DB.prepare(
        "SELECT count(*) AS n FROM notifications_outbox WHERE channel = 'push' AND user_id = ?",
      )
        .bind(tutor.id)
        .first("n"),
    ).toBe(0);
    await consume(queued.filter((id) => id === pushRows[0]!.id).map((outboxId) => ({ outboxId })));
    const [shown] = await received(browser);
    expect(shown!.title).toBe(lessonMessages.reminder(start, "1h").subject);
    expect(shown!.body).toContain("تذكير بحصتك");
  });
});

describe("personal data", () => {
  it("lists the devices in the data export without their endpoints or keys, and erasure removes them", async () => {
    const { token, user } = await register(Role.Student);
    const browser = await subscribed(token);
    const devices = await pushDevicesForExport(db(), user.id);
    expect(devices).toEqual([
      { pushService: "push.emulator.local", subscribedAt: expect.any(String), lastSentAt: null },
    ]);
    const exported = JSON.stringify(devices);
    for (const secret of [browser.keys.p256dh, browser.keys.auth, idOf(browser)])
      expect(exported).not.toContain(secret);

    const config = readConfig(env as Env);
    const scopeAt = (now: Date) =>
      backgroundScope(env as Env, {
        config,
        logger,
        now,
        services: createServices(config, env as Env, undefined, emulators),
        waitUntil: () => undefined,
      });
    // A deletion requested with no grace days, erased when due (docs/rules.md, "Your data: deletion").
    await storeRequest(scopeAt(new Date()), user, { userId: user.id, requestId: null }, user.id, 0, null);
    const scope = scopeAt(new Date(Date.now() + 1000));
    expect(await eraseAccount(scope, user.id)).toBe("erased");
    expect(await subscriptionsOf(user.id)).toEqual([]);
  });
});
