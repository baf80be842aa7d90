import {
  createMessageBatch,
  getQueueResult,
  createExecutionContext,
  createScheduledController,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MessagingApp, Role } from "../../schema/enums";
import { createDb } from "../../worker/core/db";
import { readConfig, type Env } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { createServices, type Services } from "../../worker/integrations";
import { schedules } from "../../worker/jobs";
import {
  QUEUE_NAMES,
  backoffSeconds,
  consumeNotifications,
  type DeliveryJob,
} from "../../worker/notifications/delivery";
import { enqueue } from "../../worker/notifications/outbox";
import { createRateGate } from "../../worker/notifications/rate-gate";
import local from "../../emulators/local";
import { call, callContract, createUserWithRole, register } from "./helpers";
import { consume, outboxFor, recordingQueue, settle } from "./factories-messaging";
import { confirmationCodeContracts } from "../../schema/api/confirmation-code";
import { outboxContracts } from "../../schema/api/outbox";

const db = () => createDb(env as Env);
const row = (id: number) =>
  env.DB.prepare(
    "SELECT status, attempts, dead_at AS deadAt, claimed_until AS claimedUntil, last_error AS lastError FROM notifications_outbox WHERE id = ?",
  )
    .bind(id)
    .first<{
      status: string;
      attempts: number;
      deadAt: string | null;
      claimedUntil: string | null;
      lastError: string | null;
    }>();
const whatsAppTo = async (phone: string) => {
  const stored = await enqueue(db(), {
    userId: null,
    channel: "whatsapp",
    recipient: phone,
    subject: "تذكير",
    body: "حصتك بعد ساعة.",
  });
  return stored!.id;
};
const failWhatsApp = (...codes: number[]) =>
  call("POST", "/api/v1/dev/whatsapp/__emu/fail", { body: { codes } });
const sentTo = async (phone: string) =>
  (await call("GET", `/api/v1/dev/whatsapp/__emu/messages?to=20${phone.slice(1)}`)).body.list as unknown[];

describe("the notifications queue carries each stored row to delivery", () => {
  it("puts one queue message per stored row after the response, and the request itself delivers nothing", async () => {
    const { token } = await register(Role.Student);
    const queued = recordingQueue();
    const ctx = createExecutionContext();
    const response = await local.fetch!(
      new Request("http://127.0.0.1/api/v1/confirmation-code/phone/send", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ phone: "01012345701", method: MessagingApp.Whatsapp }),
      }) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, NOTIFICATIONS: queued.queue } as Env,
      ctx,
    );
    expect(response.status).toBeLessThan(300);
    await getQueueResult(createMessageBatch(QUEUE_NAMES.delivery, []), ctx);
    const stored = await env.DB.prepare(
      "SELECT id, status FROM notifications_outbox WHERE recipient = '01012345701'",
    ).all<{ id: number; status: string }>();
    expect(stored.results.map((r) => r.status)).toEqual(["pending"]);
    expect(queued.sent).toEqual([{ outboxId: stored.results[0]!.id }]);
    expect(await sentTo("01012345701")).toEqual([]);
  });

  it("delivers a queued row and acknowledges its message", async () => {
    const id = await whatsAppTo("01012345702");
    const result = await consume([{ outboxId: id }]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toEqual([]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, claimedUntil: null });
    expect(await sentTo("01012345702")).toHaveLength(1);
  });

  it("here, delivers what the Worker queues only when a test hands it to the consumer (vitest.worker.config.ts), so no delivery runs inside another test", async () => {
    const { token } = await register(Role.Student);
    const sent = await callContract(confirmationCodeContracts.sendPhoneCode, {
      token,
      body: { phone: "01012345713", method: MessagingApp.Whatsapp },
    });
    expect(sent.status).toBeLessThan(300);
    // Longer than wrangler.toml's max_batch_timeout (1 s): the queue's own consumer would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [stored] = await outboxFor("01012345713");
    expect(stored).toMatchObject({ status: "pending", attempts: 0 });
    expect(await sentTo("01012345713")).toEqual([]);
    await consume([{ outboxId: stored!.id }]);
    expect(await sentTo("01012345713")).toHaveLength(1);
  });
});

describe("retries with a growing delay", () => {
  it("retries a refused delivery later, each attempt after a longer delay, until one goes through", async () => {
    const id = await whatsAppTo("01012345703");
    await failWhatsApp(130429, 130429, 130429);
    const delays: Array<number | undefined> = [];
    for (const attempts of [1, 2, 3]) {
      const result = await consume([{ outboxId: id }], { attempts });
      expect([result.explicitAcks, result.retryMessages.length]).toEqual([[], 1]);
      delays.push(...result.delays);
    }
    expect(delays).toEqual([30, 60, 120]);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 3, claimedUntil: null });
    expect((await row(id))!.lastError).toContain("130429");
    const fourth = await consume([{ outboxId: id }], { attempts: 4 });
    expect([fourth.explicitAcks.length, fourth.retryMessages]).toEqual([1, []]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 4 });
    expect([backoffSeconds(4), backoffSeconds(9)]).toEqual([240, 900]);
  });
});

describe("dead letters", () => {
  it("fails a row for good on its last attempt, hands the message on to the dead-letter queue, and staff see it", async () => {
    const id = await whatsAppTo("01012345704");
    await env.DB.prepare("UPDATE notifications_outbox SET attempts = 4 WHERE id = ?").bind(id).run();
    await failWhatsApp(131026);
    const last = await consume([{ outboxId: id }], { attempts: 5 });
    // Retried once more: the queue, its max_retries used, moves it to the dead-letter queue.
    expect(last.retryMessages).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 5 });
    expect((await row(id))!.deadAt).not.toBeNull();

    // A message the consumer never finished (the row still pending) arrives on the dead-letter queue.
    const stuck = await whatsAppTo("01012345705");
    const dead = await consume([{ outboxId: stuck }], { queue: QUEUE_NAMES.dead });
    expect(dead.ackAll).toBe(true);
    expect(await row(stuck)).toMatchObject({ status: "failed" });
    expect(await sentTo("01012345705")).toEqual([]);

    const admin = await createUserWithRole(Role.RegularAdmin);
    const listed = await callContract(outboxContracts.dead, { query: { size: "100" }, token: admin.token });
    expect(listed.status).toBe(200);
    const ids = (listed.body.list as Array<{ id: number; channel: string; recipient: string }>).map(
      (item) => item.id,
    );
    expect(ids).toEqual(expect.arrayContaining([id, stuck]));
    expect(listed.body.list.find((item: { id: number }) => item.id === id)).toMatchObject({
      channel: "whatsapp",
      recipient: "01012345704",
      attempts: 5,
    });
  });

  it("lets staff send a dead notification again (audited), once; it goes back on the queue and out", async () => {
    const id = await whatsAppTo("01012345706");
    await consume([{ outboxId: id }], { queue: QUEUE_NAMES.dead });
    const admin = await createUserWithRole(Role.SuperAdmin);
    const retried = await settle("POST", `/api/v1/admin/outbox/${id}/retry`, { token: admin.token });
    expect(retried).toMatchObject({ status: 200, body: { id, status: "pending" } });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, deadAt: null });
    expect(await sentTo("01012345706")).toHaveLength(1);
    const audit = await env.DB.prepare(
      "SELECT action, target_type AS targetType, target_id AS targetId FROM audit_log WHERE actor_id = ?",
    )
      .bind(admin.user.id)
      .first();
    expect(audit).toEqual({ action: "outbox.retry", targetType: "outbox", targetId: String(id) });
    const again = await callContract(outboxContracts.retry, { params: { id }, token: admin.token });
    expect([again.status, again.body.code]).toEqual([409, "delivery-not-failed"]);
  });
});

describe("idempotent on redelivery", () => {
  it("sends a row once when its message arrives twice, one after the other or at the same time", async () => {
    const id = await whatsAppTo("01012345707");
    const first = await consume([{ outboxId: id }]);
    const second = await consume([{ outboxId: id }], { attempts: 2 });
    expect([first.explicitAcks.length, second.explicitAcks.length, second.retryMessages]).toEqual([1, 1, []]);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await sentTo("01012345707")).toHaveLength(1);

    const twin = await whatsAppTo("01012345708");
    await Promise.all([consume([{ outboxId: twin }]), consume([{ outboxId: twin }])]);
    expect(await row(twin)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await sentTo("01012345708")).toHaveLength(1);
  });

  it("acknowledges a message whose body names no row", async () => {
    const result = await consume([
      { outboxId: -1 } as DeliveryJob,
      { nothing: true } as unknown as DeliveryJob,
    ]);
    expect([result.explicitAcks.length, result.retryMessages]).toEqual([2, []]);
  });
});

describe("each provider's rate limit", () => {
  it("spaces one channel's sends so no second carries more than its cap, and leaves other channels alone", async () => {
    const gate = createRateGate({ email: 10, whatsapp: 80, telegram: 30 });
    const sends: Array<{ channel: string; at: number }> = [];
    const services: Services = {
      // Every other service as the configuration builds it (each on first use, none used here).
      ...createServices(readConfig(env as Env)),
      google: null,
      send: async (channel) => void sends.push({ channel, at: Date.now() }),
    };
    const ids: number[] = [];
    for (let index = 0; index < 4; index++)
      ids.push(
        (await enqueue(db(), {
          userId: null,
          channel: "email",
          recipient: `rate-${index}@example.com`,
          subject: "s",
          body: "b",
        }))!.id,
      );
    ids.push(await whatsAppTo("01012345712"));
    const batch = createMessageBatch<DeliveryJob>(
      QUEUE_NAMES.delivery,
      ids.map((outboxId, index) => ({
        id: `rate-${index}`,
        timestamp: new Date(),
        attempts: 1,
        body: { outboxId },
      })),
    );
    const started = Date.now();
    await consumeNotifications(batch, { db: db(), services, logger: createLogger("test"), gate });
    const emails = sends
      .filter((send) => send.channel === "email")
      .map((send) => send.at - started)
      .sort((a, b) => a - b);
    expect(emails).toHaveLength(4);
    // 10 a second: one every 100 ms (a timer may fire a millisecond or two early).
    for (let index = 1; index < emails.length; index++)
      expect(emails[index]! - emails[index - 1]!).toBeGreaterThanOrEqual(95);
    expect(sends.find((send) => send.channel === "whatsapp")!.at - started).toBeLessThan(95);
    const statuses = await env.DB.prepare(
      `SELECT DISTINCT status FROM notifications_outbox WHERE id IN (${ids.join(",")})`,
    ).all();
    expect(statuses.results).toEqual([{ status: "sent" }]);
  });
});

describe("the 5-minute cron, the safety net", () => {
  it("delivers a pending row the queue never carried once it is old enough, and leaves a fresh one to the queue", async () => {
    const old = await whatsAppTo("01012345709");
    const fresh = await whatsAppTo("01012345710");
    await env.DB.prepare("UPDATE notifications_outbox SET created_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 20 * 60_000).toISOString(), old)
      .run();
    await (local.scheduled as (controller: ScheduledController, env: Env) => Promise<void>)(
      createScheduledController({ cron: schedules.everyFiveMinutes, scheduledTime: Date.now() }),
      env as Env,
    );
    expect(await row(old)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await row(fresh)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await sentTo("01012345709")).toHaveLength(1);
  });

  it("leaves a row another consumer holds the lease of", async () => {
    const held = await whatsAppTo("01012345711");
    await env.DB.prepare("UPDATE notifications_outbox SET created_at = ?, claimed_until = ? WHERE id = ?")
      .bind(
        new Date(Date.now() - 20 * 60_000).toISOString(),
        new Date(Date.now() + 60_000).toISOString(),
        held,
      )
      .run();
    await (local.scheduled as (controller: ScheduledController, env: Env) => Promise<void>)(
      createScheduledController({ cron: schedules.everyFiveMinutes, scheduledTime: Date.now() }),
      env as Env,
    );
    expect(await row(held)).toMatchObject({ status: "pending", attempts: 0 });
  });
});
