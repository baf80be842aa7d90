import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { notificationPreferencesContracts as contracts } from "../../schema/api/notification-preferences";
import { defaultChannels, defaultQuietHours } from "../../schema/notification-kinds";
import { emulators } from "../../emulators/local";
import { readConfig } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { createServices } from "../../worker/integrations";
import { messagesTo, messagesToSql } from "../../worker/notifications/channels";
import { claimRows, deliverPending, enqueue, sweepQuery } from "../../worker/notifications/outbox";
import { findRecipient, quietUntil } from "../../worker/notifications/preferences";
import { sendLessonReminders } from "../../worker/notifications/reminders";
import { statement } from "../../worker/core/db";
import { sql } from "drizzle-orm";
import { callContract } from "./helpers";
import { book, createStudent, createTutor, db, gridTime, subscribe, tutorFreeAt } from "./factories-lessons";

const logger = createLogger("test");
const text = { subject: "موضوع", body: "نص الرسالة" };
const rows = async (userId: number) =>
  (
    await env.DB.prepare(
      "SELECT channel, kind, not_before AS notBefore, status FROM notifications_outbox WHERE user_id = ? ORDER BY id",
    )
      .bind(userId)
      .all<{ channel: string; kind: string | null; notBefore: string | null; status: string }>()
  ).results;

async function verifiedWhatsapp(userId: number) {
  await env.DB.prepare(
    "UPDATE users SET phone = '01012345678', verified_phone = 1, notification_method = 1 WHERE id = ?",
  )
    .bind(userId)
    .run();
}

/** 03:00 in Cairo (inside the default quiet hours, 23:00–08:00) on a winter day. */
const cairoNight = new Date("2026-12-10T01:00:00Z");
/** 12:00 in Cairo. */
const cairoNoon = new Date("2026-12-10T10:00:00Z");

describe("GET/PUT /user/current/notification-preferences", () => {
  it("answers the defaults: email always offered, WhatsApp only once verified, required kinds listed", async () => {
    const student = await createStudent();
    const first = await callContract(contracts.get, { token: student.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      available: ["email"],
      channels: defaultChannels,
      required: ["security", "receipts"],
      quietHours: defaultQuietHours,
    });
    await verifiedWhatsapp(student.id);
    const second = await callContract(contracts.get, { token: student.token });
    expect(second.body.available).toEqual(["whatsapp", "email"]);
  });

  it("stores the kinds given (others kept) and the quiet hours, and refuses bad quiet hours", async () => {
    const student = await createStudent();
    const saved = await callContract(contracts.put, {
      token: student.token,
      body: {
        channels: { marketing: ["email"], messages: ["push"] },
        quietHours: { start: "22:30", end: "07:15" },
      },
    });
    expect(saved.status).toBe(200);
    const again = await callContract(contracts.put, {
      token: student.token,
      body: { channels: { "booking-changes": ["email"] }, quietHours: null },
    });
    expect(again.body.channels).toMatchObject({
      marketing: ["email"],
      messages: ["push"],
      "booking-changes": ["email"],
      "lesson-reminders": defaultChannels["lesson-reminders"],
    });
    expect(again.body.quietHours).toBeNull();
    for (const quietHours of [
      { start: "25:00", end: "07:00" },
      { start: "08:00", end: "08:00" },
    ]) {
      const refused = await callContract(contracts.put, {
        token: student.token,
        body: { channels: {}, quietHours },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("invalid-quiet-hours");
    }
    const unknownKind = await callContract(contracts.put, {
      token: student.token,
      body: { channels: { nonsense: ["email"] } as never, quietHours: null },
    });
    expect(unknownKind.status).toBe(400);
    expect((await callContract(contracts.get, { token: student.token })).body.quietHours).toBeNull();
  });
});

describe("the outbox respects the preferences", () => {
  it("does not write a kind turned off on a channel, by messagesTo and by messagesToSql alike", async () => {
    const student = await createStudent();
    const tutor = await createTutor();
    await verifiedWhatsapp(student.id);
    await callContract(contracts.put, {
      token: student.token,
      body: { channels: { "booking-changes": ["email"], payments: [] }, quietHours: null },
    });
    const person = (await findRecipient(db(), student.id))!;
    expect(messagesTo(person, text, "booking-changes", undefined, cairoNoon).map((m) => m.channel)).toEqual([
      "email",
    ]);
    expect(messagesTo(person, text, "lesson-reminders", undefined, cairoNoon).map((m) => m.channel)).toEqual([
      "email",
      "whatsapp",
    ]);
    expect(messagesTo(person, text, "payments", undefined, cairoNoon)).toEqual([]);
    expect(messagesTo(person, text, "marketing", undefined, cairoNoon)).toEqual([]);
    await statement(
      db(),
      messagesToSql({
        userId: student.id,
        otherId: tutor.id,
        text: () => text,
        when: sql`1`,
        at: cairoNoon.toISOString(),
        kind: "booking-changes",
      }),
    ).run();
    expect(await rows(student.id)).toEqual([
      { channel: "email", kind: "booking-changes", notBefore: null, status: "pending" },
    ]);
  });

  it("writes push rows only with a subscribed browser and push allowed", async () => {
    const student = await createStudent();
    expect(
      messagesTo((await findRecipient(db(), student.id))!, text, "messages", undefined, cairoNoon).map(
        (m) => m.channel,
      ),
    ).toEqual(["email"]);
    await env.DB.prepare(
      "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, 'k', 'a', ?)",
    )
      .bind(student.id, `https://push.example/${student.id}`, new Date().toISOString())
      .run();
    const pushed = messagesTo(
      (await findRecipient(db(), student.id))!,
      text,
      "messages",
      undefined,
      cairoNoon,
    );
    expect(pushed.map((m) => [m.channel, m.recipient])).toEqual([
      ["email", student.email],
      ["push", `user:${student.id}`],
    ]);
    await statement(
      db(),
      messagesToSql({
        userId: student.id,
        otherId: student.id,
        text: () => text,
        when: sql`1`,
        at: cairoNoon.toISOString(),
        kind: "booking-changes",
      }),
    ).run();
    expect((await rows(student.id)).map((row) => row.channel)).toEqual(["email", "push"]);
  });

  it("always sends the required kinds, even with every kind turned off, and never holds a security code", async () => {
    const student = await createStudent();
    await verifiedWhatsapp(student.id);
    await callContract(contracts.put, {
      token: student.token,
      body: {
        channels: Object.fromEntries(Object.keys(defaultChannels).map((kind) => [kind, []])),
        quietHours: { start: "00:00", end: "23:59" },
      },
    });
    const person = (await findRecipient(db(), student.id))!;
    const security = messagesTo(person, text, "security", undefined, cairoNight);
    expect(security.map((m) => [m.channel, m.notBefore])).toEqual([
      ["email", null],
      ["whatsapp", null],
    ]);
    expect(messagesTo(person, text, "receipts", undefined, cairoNight).map((m) => m.channel)).toEqual([
      "email",
      "whatsapp",
    ]);
  });

  it("holds a message written in quiet hours until they end on the person's clock, then the cron sends it", async () => {
    const student = await createStudent();
    const person = (await findRecipient(db(), student.id))!;
    const [held] = messagesTo(person, text, "payments", undefined, cairoNight);
    // 03:00 in Cairo: held until 08:00 Cairo time (UTC+2 in December).
    expect(held!.notBefore).toBe("2026-12-10T06:00:00.000Z");
    const row = (await enqueue(db(), held!, cairoNight))!;
    expect(await claimRows(db(), [row.id], new Date("2026-12-10T05:59:00Z"))).toEqual([]);
    const services = createServices(readConfig(env), env, undefined, emulators);
    await deliverPending(db(), services, logger, 50, new Date("2026-12-10T05:59:00Z"));
    expect((await rows(student.id))[0]!.status).toBe("pending");
    await deliverPending(db(), services, logger, 50, new Date("2026-12-10T06:01:00Z"));
    expect((await rows(student.id))[0]!.status).toBe("sent");
  });

  it("the cron's sweep of held and pending rows reads them by the status index, not the whole outbox", async () => {
    const query = sweepQuery(db(), new Date(), 50).toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail);
    expect(
      details.some((detail) =>
        /notifications_outbox USING INDEX notifications_outbox_status_idx/.test(detail),
      ),
    ).toBe(true);
    expect(details.filter((detail) => /^SCAN notifications_outbox$/.test(detail))).toEqual([]);
  });

  it("never holds a booking change: a tutor booked at night for the early morning must know at once", async () => {
    const student = await createStudent();
    const person = (await findRecipient(db(), student.id))!;
    const [sent] = messagesTo(person, text, "booking-changes", undefined, cairoNight);
    expect(sent!.notBefore ?? null).toBeNull();
  });

  it("never holds a lesson reminder", async () => {
    const start = gridTime(30);
    const tutor = await tutorFreeAt(start, 2, { notice: 1 });
    const student = await createStudent();
    await subscribe(student.id, { weeklyMinutes: 120 });
    expect((await book(student, tutor.id, start, 30)).status).toBe(201);
    // Quiet all day long: the reminder still goes at once.
    await callContract(contracts.put, {
      token: student.token,
      body: { channels: {}, quietHours: { start: "00:00", end: "23:59" } },
    });
    await env.DB.prepare("DELETE FROM notifications_outbox WHERE user_id = ?").bind(student.id).run();
    await sendLessonReminders(db(), new Date(start.getTime() - 50 * 60_000), logger);
    expect(await rows(student.id)).toEqual([
      { channel: "email", kind: "lesson-reminders", notBefore: null, status: "pending" },
    ]);
  });

  it("works out the end of quiet hours across Cairo's DST changes, in TypeScript and in SQL alike", async () => {
    const cases = [
      // 23:30 Cairo on the night clocks go forward (24 April 2026, 00:00 → 01:00): 08:00 is UTC+3.
      ["2026-04-23T21:30:00Z", "2026-04-24T05:00:00.000Z"],
      // 23:30 Cairo (summer time) on the night clocks go back (29 October 2026): 08:00 is UTC+2.
      ["2026-10-29T20:30:00Z", "2026-10-30T06:00:00.000Z"],
      // 02:00 Cairo in summer: today's 08:00.
      ["2026-07-01T23:00:00Z", "2026-07-02T05:00:00.000Z"],
      // Noon: not held.
      ["2026-07-01T09:00:00Z", null],
    ] as const;
    const student = await createStudent();
    for (const [at, until] of cases) {
      expect(quietUntil(defaultQuietHours, "Africa/Cairo", new Date(at))).toBe(until);
      await env.DB.prepare("DELETE FROM notifications_outbox WHERE user_id = ?").bind(student.id).run();
      await statement(
        db(),
        messagesToSql({
          userId: student.id,
          otherId: student.id,
          text: () => text,
          when: sql`1`,
          at,
          zone: "Africa/Cairo",
          // A kind quiet hours hold (booking changes and reminders never wait).
          kind: "payments",
        }),
      ).run();
      expect((await rows(student.id))[0]!.notBefore).toBe(until);
    }
  });
});
