import { env } from "cloudflare:workers";
import { createScheduledController } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../emulators/local";
import { schedules } from "../../worker/jobs";
import { chatRoom } from "../../durable-objects/clients";
import { readConfig } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { backgroundScope } from "../../worker/core/scope";
import { createServices } from "../../worker/integrations";
import { runRetention } from "../../worker/domain/privacy/retention";
import { retentionDays } from "../../schema/rules";
import { startRoom, tutor, verifiedStudent } from "./factories-chat";

const DAY = 24 * 60 * 60_000;
const ago = (days: number, from = Date.now()) => new Date(from - days * DAY).toISOString();
const later = (ms: number) => new Date(Date.now() + ms).toISOString();

function scopeAt(now: Date) {
  const config = readConfig(env);
  return backgroundScope(env, {
    config,
    logger: createLogger("retention-test"),
    now,
    services: createServices(config, env),
    waitUntil: () => undefined,
  });
}

const one = async <T>(query: string, ...binds: unknown[]) =>
  (await env.DB.prepare(query)
    .bind(...binds)
    .first<T>()) as T;
const ids = async (query: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<{ id: number | string }>()
  ).results.map((row) => row.id);

describe("the retention job (docs/rules.md, Your data: export, consents, retention)", () => {
  it("the daily cron removes exactly what is past its period, and nothing else", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const userId = student.user.id;
    const now = Date.now();

    // Verification codes: one expired, one still running (unique per user and type).
    await env.DB.prepare("DELETE FROM confirmation_codes WHERE user_id = ?").bind(userId).run();
    await env.DB.prepare(
      "INSERT INTO confirmation_codes (user_id, type, code, destination, expires_at, attempts, created_at) VALUES (?, 3, '12345', 'a@example.com', ?, 0, ?), (?, 4, '54321', 'a@example.com', ?, 0, ?)",
    )
      .bind(userId, ago(0.01), ago(1), userId, later(10 * 60_000), ago(0))
      .run();
    // Socket tickets: one expired, one live.
    await env.DB.prepare(
      "INSERT INTO socket_tickets (id, user_id, session_id, party, name, expires_at) VALUES (?, ?, 's', 'user-channel', ?, ?), (?, ?, 's', 'user-channel', ?, ?)",
    )
      .bind(
        `old-${userId}`,
        userId,
        String(userId),
        ago(0.01),
        `live-${userId}`,
        userId,
        String(userId),
        later(60_000),
      )
      .run();
    // Sessions: ended 91 and 89 days ago, and one never ended (kept however old).
    for (const [id, endedAt, createdAt] of [
      [`s91-${userId}`, ago(91), ago(200)],
      [`s89-${userId}`, ago(89), ago(200)],
      [`sopen-${userId}`, null, ago(400)],
    ] as const)
      await env.DB.prepare(
        "INSERT INTO auth_sessions (id, user_id, device, created_at, last_seen_at, ended_at, end_reason) VALUES (?, ?, 'Test', ?, ?, ?, ?)",
      )
        .bind(id, userId, createdAt, createdAt, endedAt, endedAt ? "sign-out" : null)
        .run();
    // Debug logs of problem reports: 31 and 29 days old.
    const oldLog = `receipts/log-old-${userId}.log`;
    const newLog = `receipts/log-new-${userId}.log`;
    await env.MEDIA.put(oldLog, "old log");
    await env.MEDIA.put(newLog, "new log");
    for (const [key, at] of [
      [oldLog, ago(31)],
      [newLog, ago(29)],
    ])
      await env.DB.prepare(
        "INSERT INTO assets (key, kind, user_id, uploaded_by, content_type, size, created_at) VALUES (?, 'log', ?, ?, 'text/plain', 7, ?)",
      )
        .bind(key, userId, userId, at)
        .run();
    const reportId = await one<{ id: number }>(
      "INSERT INTO reports (user_id, message, log, created_at, updated_at) VALUES (?, 'مشكلة', ?, ?, ?) RETURNING id",
      userId,
      oldLog,
      ago(31),
      ago(31),
    );
    // Notifications: sent 181 and 179 days ago, and one still pending (never touched).
    const outboxIds: number[] = [];
    for (const [at, status] of [
      [ago(181), "sent"],
      [ago(179), "sent"],
      [ago(181), "pending"],
    ])
      outboxIds.push(
        (
          await one<{ id: number }>(
            "INSERT INTO notifications_outbox (user_id, channel, recipient, subject, body, code, status, created_at) VALUES (?, 'email', 'a@example.com', 'موضوع', 'نص الرسالة', '12345', ?, ?) RETURNING id",
            userId,
            status,
            at,
          )
        ).id,
      );
    // Chat: a room idle for 731 days and one idle for 729 days.
    const idleRoom = await startRoom(student, teacher, "رسالة قديمة جدًا");
    const other = await verifiedStudent();
    const recentRoom = await startRoom(other, teacher, "رسالة مش قديمة");
    await env.DB.prepare("UPDATE chat_rooms SET last_message_at = ? WHERE id = ?")
      .bind(ago(731), idleRoom)
      .run();
    await env.DB.prepare("UPDATE chat_rooms SET last_message_at = ? WHERE id = ?")
      .bind(ago(729), recentRoom)
      .run();
    // Data exports: one past its 7 days, one still downloadable.
    const expiredKey = `exports/${userId}/old.zip`;
    const liveKey = `exports/${userId}/live.zip`;
    await env.MEDIA.put(expiredKey, "zip");
    await env.MEDIA.put(liveKey, "zip");
    const exportIds: number[] = [];
    for (const [key, expiresAt] of [
      [expiredKey, ago(0.01)],
      [liveKey, later(DAY)],
    ])
      exportIds.push(
        (
          await one<{ id: number }>(
            "INSERT INTO data_exports (user_id, state, key, size, ready_at, expires_at, created_at, updated_at) VALUES (?, 'ready', ?, 3, ?, ?, ?, ?) RETURNING id",
            userId,
            key,
            ago(7),
            expiresAt,
            ago(7),
            ago(7),
          )
        ).id,
      );
    // Consents: 1096 and 1094 days old.
    const consentIds: number[] = [];
    for (const at of [ago(1096), ago(1094)])
      consentIds.push(
        (
          await one<{ id: number }>(
            "INSERT INTO consents (user_id, kind, granted, text_version, created_at) VALUES (?, 'marketing', 1, 'v', ?) RETURNING id",
            userId,
            at,
          )
        ).id,
      );

    await worker.scheduled(createScheduledController({ cron: schedules.daily, scheduledTime: now }), env);

    expect(await ids("SELECT type AS id FROM confirmation_codes WHERE user_id = ?", userId)).toEqual([4]);
    expect(await ids("SELECT id FROM socket_tickets WHERE user_id = ?", userId)).toEqual([`live-${userId}`]);
    expect(
      await ids(
        "SELECT id FROM auth_sessions WHERE user_id = ? AND device = 'Test' AND id LIKE 's%' ORDER BY id",
        userId,
      ),
    ).toEqual([`s89-${userId}`, `sopen-${userId}`].sort());
    expect(await env.MEDIA.head(oldLog)).toBeNull();
    expect(await env.MEDIA.head(newLog)).not.toBeNull();
    expect(
      await ids(
        "SELECT key AS id FROM assets WHERE user_id = ? AND kind = 'log' AND deleted_at IS NULL",
        userId,
      ),
    ).toEqual([newLog]);
    expect(
      (await one<{ log: string | null }>("SELECT log FROM reports WHERE id = ?", reportId.id)).log,
    ).toBeNull();
    const outboxRows = await env.DB.prepare(
      `SELECT id, subject, body, code FROM notifications_outbox WHERE id IN (${outboxIds.join(",")}) ORDER BY id`,
    ).all();
    expect(outboxRows.results).toEqual([
      { id: outboxIds[0], subject: "موضوع", body: "", code: null },
      { id: outboxIds[1], subject: "موضوع", body: "نص الرسالة", code: "12345" },
      { id: outboxIds[2], subject: "موضوع", body: "نص الرسالة", code: "12345" },
    ]);
    const idle = await chatRoom(env, idleRoom).listMessages(userId, 1, 50);
    expect(idle.list.map((m) => [m.text, m.deletedAt !== null])).toEqual([["", true]]);
    const recent = await chatRoom(env, recentRoom).listMessages(other.user.id, 1, 50);
    expect(recent.list.map((m) => m.text)).toEqual(["رسالة مش قديمة"]);
    expect(
      (
        await one<{ t: string | null }>(
          "SELECT last_message_text AS t FROM chat_rooms WHERE id = ?",
          idleRoom,
        )
      ).t,
    ).toBeNull();
    expect(await env.MEDIA.head(expiredKey)).toBeNull();
    expect(await env.MEDIA.head(liveKey)).not.toBeNull();
    const exportsLeft = await env.DB.prepare(
      `SELECT state, key FROM data_exports WHERE id IN (${exportIds.join(",")}) ORDER BY id`,
    ).all();
    expect(exportsLeft.results).toEqual([
      { state: "expired", key: null },
      { state: "ready", key: liveKey },
    ]);
    expect(await ids("SELECT id FROM consents WHERE user_id = ? ORDER BY id", userId)).toEqual([
      consentIds[1],
    ]);

    // A second run changes nothing more (idempotent).
    const again = await runRetention(scopeAt(new Date(now)));
    expect(again).toMatchObject({ debugLogs: 0, exports: 0, chatRooms: 0, sessions: 0, consents: 0 });
  });

  it("works in bounded batches: a run takes at most its batch, the next run the rest", async () => {
    const student = await verifiedStudent();
    const now = new Date();
    // Whatever earlier tests left past its period goes first.
    await runRetention(scopeAt(now));
    const old = ago(retentionDays.consents + 1, now.getTime());
    for (let i = 0; i < 5; i++)
      await env.DB.prepare(
        "INSERT INTO consents (user_id, kind, granted, text_version, created_at) VALUES (?, 'analytics', 0, 'v', ?)",
      )
        .bind(student.user.id, old)
        .run();
    const limits = { rows: 2, objects: 2, rooms: 1 };
    const left = () =>
      one<{ n: number }>("SELECT count(*) AS n FROM consents WHERE user_id = ?", student.user.id);
    expect((await runRetention(scopeAt(now), limits)).consents).toBe(2);
    expect((await left()).n).toBe(3);
    expect((await runRetention(scopeAt(now), limits)).consents).toBe(2);
    expect((await runRetention(scopeAt(now), limits)).consents).toBe(1);
    expect((await runRetention(scopeAt(now), limits)).consents).toBe(0);
    expect((await left()).n).toBe(0);
  });
});
