// The retention job's notification rows (docs/rules.md, "Your data: export, consents, retention";
// worker/domain/privacy/retention.ts deleteOldNotifications): a row sent
// retentionDays.sentNotificationRows days ago, or failed for good retentionDays.notificationRows
// days ago, is deleted whole; newer ones (a failed one the undelivered list still offers), rows not
// sent yet (queued, retrying, held) and the rows a dedupe key still needs stay; a run takes at
// most its batch and a second run finds nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { retentionDays } from "../../schema/retention";
import { DAY_MS } from "../../schema/time";
import { readConfig } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { backgroundScope } from "../../worker/core/scope";
import { deleteOldNotifications, runRetention } from "../../worker/domain/privacy/retention";
import { createServices } from "../../worker/integrations";
import { sendLessonReminders } from "../../worker/notifications/reminders";
import { roundTrips } from "./d1-trips";
import { createUser, db } from "./factories-lessons";

/** Days a sent row is kept (30). */
const SENT = retentionDays.sentNotificationRows;
/** Days a row failed for good is kept (180), for staff's undelivered list. */
const FAILED = retentionDays.notificationRows;
const logger = createLogger("notification-rows-test");

function scopeAt(now: Date) {
  const config = readConfig(env);
  return backgroundScope(env, {
    config,
    logger,
    now,
    services: createServices(config, env),
    waitUntil: () => undefined,
  });
}

type Row = {
  status: "pending" | "sent" | "failed";
  createdAt: string;
  sentAt?: string | null;
  deadAt?: string | null;
  attempts?: number;
  notBefore?: string | null;
  dedupeKey?: string | null;
};

/** Stores one outbox row for `recipient`, as the delivery code leaves it; answers its id. */
async function stored(recipient: string, row: Row): Promise<number> {
  const inserted = await env.DB.prepare(
    `INSERT INTO notifications_outbox (user_id, channel, recipient, subject, body, status, attempts, dedupe_key, created_at, sent_at, dead_at, not_before)
     VALUES (NULL, 'email', ?, 'موضوع', 'نص الرسالة', ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      recipient,
      row.status,
      row.attempts ?? (row.status === "pending" ? 0 : 1),
      row.dedupeKey ?? null,
      row.createdAt,
      row.sentAt ?? null,
      row.deadAt ?? null,
      row.notBefore ?? null,
    )
    .first<{ id: number }>();
  return inserted!.id;
}

const left = async (recipient: string) =>
  (
    await env.DB.prepare("SELECT id FROM notifications_outbox WHERE recipient = ? ORDER BY id")
      .bind(recipient)
      .all<{ id: number }>()
  ).results.map((row) => row.id);

describe("notification rows past their period (worker/domain/privacy/retention.ts)", () => {
  it("keeps a sent row 30 days and a failed one 180, then deletes it; never an unsent, retrying or held row", async () => {
    expect(SENT).toBe(30);
    expect(FAILED).toBe(180);
    const now = new Date("2032-06-01T01:30:00.000Z");
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
    const to = `kept-rows-${Date.now()}@example.com`;
    const gone = [
      // Sent 31 and 60 days ago: past the sent rows' period.
      await stored(to, { status: "sent", createdAt: ago(SENT + 1), sentAt: ago(SENT + 1) }),
      await stored(to, { status: "sent", createdAt: ago(60), sentAt: ago(60) }),
      await stored(to, {
        status: "failed",
        createdAt: ago(FAILED + 2),
        deadAt: ago(FAILED + 1),
        attempts: 5,
      }),
      // A failure from before dead_at was recorded (migrations/0011): its creation decides.
      await stored(to, { status: "failed", createdAt: ago(FAILED + 30), attempts: 5 }),
    ];
    const kept = [
      await stored(to, { status: "sent", createdAt: ago(SENT - 1), sentAt: ago(SENT - 1) }),
      // Written long ago, sent lately (staff sent a dead one again): its sending decides.
      await stored(to, { status: "sent", createdAt: ago(FAILED + 100), sentAt: ago(10) }),
      // Failed for good 60 days ago: past the sent rows' period, still on the undelivered list.
      await stored(to, { status: "failed", createdAt: ago(60), deadAt: ago(60), attempts: 5 }),
      await stored(to, {
        status: "failed",
        createdAt: ago(FAILED + 100),
        deadAt: ago(FAILED - 1),
        attempts: 5,
      }),
      // Not sent yet, however old: queued, retrying, held by quiet hours.
      await stored(to, { status: "pending", createdAt: ago(3 * FAILED) }),
      await stored(to, { status: "pending", createdAt: ago(2 * FAILED), attempts: 3 }),
      await stored(to, { status: "pending", createdAt: ago(SENT + 5), notBefore: ago(-0.5) }),
    ];

    const counts = await runRetention(scopeAt(now));
    expect(counts.notificationRows).toBeGreaterThanOrEqual(gone.length);
    expect(await left(to)).toEqual(kept);
    // A second run finds nothing more to delete, and changes nothing.
    expect(await deleteOldNotifications(scopeAt(now), 500)).toBe(0);
    expect(await left(to)).toEqual(kept);
  });

  it("keeps the rows a dedupe key still needs: a reminder written is not written again, and its rows go only once the lesson is long over", async () => {
    const student = await createUser(Role.Student);
    const tutor = await createUser(Role.Tutor);
    // A lesson far from other tests' lessons, so the reminder cron's window holds only this one.
    const start = new Date("2033-03-15T16:00:00.000Z");
    const lesson = await env.DB.prepare(
      `INSERT INTO lessons (tutor_id, start, "end", duration, price, tutor_earning, is_trial, created_by, created_at, updated_at)
       VALUES (?1, ?2, ?3, 30, 6000, 3000, 0, ?4, ?5, ?5) RETURNING id`,
    )
      .bind(
        tutor.id,
        start.toISOString(),
        new Date(start.getTime() + 30 * 60_000).toISOString(),
        student.id,
        "2033-03-01T10:00:00.000Z",
      )
      .first<{ id: number }>();
    await env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?1, ?2, ?3, ?5), (?1, ?4, ?6, ?5)",
    )
      .bind(lesson!.id, student.id, Role.Student, tutor.id, "2033-03-01T10:00:00.000Z", Role.Tutor)
      .run();
    const keys = async () =>
      (
        await env.DB.prepare(
          "SELECT dedupe_key AS key FROM notifications_outbox WHERE dedupe_key LIKE ? ORDER BY dedupe_key",
        )
          .bind(`reminder:${lesson!.id}:%`)
          .all<{ key: string }>()
      ).results.map((row) => row.key);

    // The day before: both members' day reminders are written, then sent.
    const dayBefore = new Date(start.getTime() - 20 * 60 * 60_000);
    expect(await sendLessonReminders(db(), dayBefore, logger)).toBe(2);
    const written = await keys();
    expect(written).toEqual(
      [`reminder:${lesson!.id}:1d:${student.id}:email`, `reminder:${lesson!.id}:1d:${tutor.id}:email`].sort(),
    );
    await env.DB.prepare(
      "UPDATE notifications_outbox SET status = 'sent', attempts = 1, sent_at = ? WHERE dedupe_key LIKE ?",
    )
      .bind(dayBefore.toISOString(), `reminder:${lesson!.id}:%`)
      .run();

    // The retention job runs before the lesson: the rows are recent, so they stay, and the next
    // reminder run still finds its reminders written.
    const nightBefore = new Date(start.getTime() - 14 * 60 * 60_000);
    await deleteOldNotifications(scopeAt(nightBefore), 500);
    expect(await keys()).toEqual(written);
    expect(await sendLessonReminders(db(), new Date(nightBefore.getTime() + 5 * 60_000), logger)).toBe(0);

    // The period after they were sent, the rows go; the lesson is long over, so nothing is due again.
    const afterPeriod = new Date(dayBefore.getTime() + (SENT + 1) * DAY_MS);
    expect(await deleteOldNotifications(scopeAt(afterPeriod), 500)).toBeGreaterThanOrEqual(2);
    expect(await keys()).toEqual([]);
    expect(await sendLessonReminders(db(), afterPeriod, logger)).toBe(0);
    expect(await keys()).toEqual([]);
  });

  it("deletes at most its batches a run, stopping at the first batch not full; the next runs take the rest", async () => {
    const now = new Date("2034-06-01T01:30:00.000Z");
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
    // Whatever earlier tests left past the period goes first.
    while ((await deleteOldNotifications(scopeAt(now), 500)) > 0);
    const to = `batched-rows-${Date.now()}@example.com`;
    for (let i = 0; i < 4; i++)
      await stored(to, { status: "sent", createdAt: ago(SENT + 1 + i), sentAt: ago(SENT + 1 + i) });
    await stored(to, { status: "failed", createdAt: ago(FAILED + 9), deadAt: ago(FAILED + 8), attempts: 5 });
    const recent = await stored(to, { status: "sent", createdAt: ago(1), sentAt: ago(1) });

    // One batch of 2 a run: 2 of the 5 go.
    const limits = { rows: 2, objects: 2, rooms: 1, outboxBatches: 1 };
    expect((await runRetention(scopeAt(now), limits)).notificationRows).toBe(2);
    expect((await left(to)).length).toBe(4);
    // Up to 10 batches of 2: 2, then 1 (not full), and no third statement.
    const trips = await roundTrips(async () =>
      expect((await runRetention(scopeAt(now), { ...limits, outboxBatches: 10 })).notificationRows).toBe(3),
    );
    const deletes = trips
      .flatMap((trip) => trip.statements)
      .filter((statement) => statement.sql.startsWith("DELETE FROM notifications_outbox"));
    expect(deletes.length).toBe(2);
    expect(await left(to)).toEqual([recent]);
    expect(await deleteOldNotifications(scopeAt(now), 2)).toBe(0);
  });

  it("finds the sent rows on notifications_outbox_sent_idx (status, sent_at), not by walking every sent row", async () => {
    const trips = await roundTrips(() => deleteOldNotifications(scopeAt(new Date()), 500));
    const statements = trips.flatMap((trip) => trip.statements);
    expect(statements.length).toBe(1);
    const { sql, params } = statements[0]!;
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((row) => row.detail);
    expect(plan).toContainEqual(
      expect.stringMatching(
        /USING (COVERING )?INDEX notifications_outbox_sent_idx \(status=\? AND sent_at<\?\)$/,
      ),
    );
    expect(plan.filter((detail) => detail.startsWith("SCAN notifications_outbox"))).toEqual([]);
  });
});
