// The daily retention job (docs/rules.md, "Your data: export, consents, retention"; Law 151 of
// 2020: data kept no longer than its purpose needs). Each kind has its period in schema/rules.ts
// (retentionDays) and is handled in bounded batches, so one run stays short; what a run leaves
// the next one takes. Every step is idempotent. Contact requests are the hourly job's
// (purgeOldContactRequests, worker/domain/staff/contact-requests.ts), with the period from the same table.
import { sql } from "drizzle-orm";
import { retentionDays } from "../../../schema/rules";
import { DAY_MS } from "../../../schema/time";
import { chatRoom } from "../../../durable-objects/clients";
import type { Scope } from "../../core/scope";
import { d1, statement } from "../../core/db";
import { describeError } from "../../core/logger";
import { STALE_PENDING_MS } from "./export";

/** Rows one statement removes or changes per run, per kind. */
export const RETENTION_BATCH = 500;
/** Kinds that touch R2 (a delete per object) or a Durable Object: fewer per run. */
export const RETENTION_OBJECT_BATCH = 100;
export const RETENTION_ROOM_BATCH = 20;
/**
 * The outbox's batches a run: sent rows are most of D1's growth (about 800 a student-year), more
 * than one batch a day takes past a few hundred students, so a run repeats its delete while each
 * batch comes back full, up to this many (50,000 rows: the sent messages of about 20,000 active
 * students' day; docs/capacity.md, step 1).
 */
export const RETENTION_OUTBOX_BATCHES = 100;

/** Per-run bounds; `outboxBatches` defaults to RETENTION_OUTBOX_BATCHES. */
export type RetentionLimits = { rows: number; objects: number; rooms: number; outboxBatches?: number };

export type RetentionCounts = {
  codes: number;
  socketTickets: number;
  sessions: number;
  debugLogs: number;
  notificationBodies: number;
  notificationRows: number;
  chatRooms: number;
  exports: number;
  lostExports: number;
  consents: number;
};

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

/** One run: every kind once, each in its batch; a kind that fails is logged and the others still run. */
export async function runRetention(
  scope: Scope,
  limits: RetentionLimits = {
    rows: RETENTION_BATCH,
    objects: RETENTION_OBJECT_BATCH,
    rooms: RETENTION_ROOM_BATCH,
  },
): Promise<RetentionCounts> {
  const { db, now, logger } = scope;
  const at = now.toISOString();
  const counts: RetentionCounts = {
    codes: 0,
    socketTickets: 0,
    sessions: 0,
    debugLogs: 0,
    notificationBodies: 0,
    notificationRows: 0,
    chatRooms: 0,
    exports: 0,
    lostExports: 0,
    consents: 0,
  };
  const step = async (name: keyof RetentionCounts, work: () => Promise<number>) => {
    try {
      counts[name] = await work();
    } catch (error) {
      logger.error("retention step failed", { step: name, ...describeError(error) });
    }
  };

  // First, so the bodies step below does not blank rows that are about to go. Batch after batch
  // while each comes back full (the count kept as it goes, so a failure still logs what went).
  await step("notificationRows", async () => {
    const batches = limits.outboxBatches ?? RETENTION_OUTBOX_BATCHES;
    for (let batch = 0; batch < batches; batch++) {
      const deleted = await deleteOldNotifications(scope, limits.rows);
      counts.notificationRows += deleted;
      if (deleted < limits.rows) break;
    }
    return counts.notificationRows;
  });
  // The D1-only kinds in one batch: one round trip for the five statements.
  await step("codes", async () => {
    const results = await d1(db).batch([
      // Verification codes past their lifetime, or burnt by wrong guesses.
      statement(
        db,
        sql`DELETE FROM confirmation_codes WHERE id IN (SELECT id FROM confirmation_codes
          WHERE expires_at < ${at} OR attempts >= 5 LIMIT ${limits.rows})`,
      ),
      // Socket tickets are single-use and short; a used one is already gone.
      statement(
        db,
        sql`DELETE FROM socket_tickets WHERE id IN (SELECT id FROM socket_tickets
          WHERE expires_at < ${at} LIMIT ${limits.rows})`,
      ),
      statement(
        db,
        sql`DELETE FROM auth_sessions WHERE id IN (SELECT id FROM auth_sessions
          WHERE ended_at IS NOT NULL AND ended_at < ${before(now, retentionDays.endedSessions)} LIMIT ${limits.rows})`,
      ),
      // Old notifications lose what they said (the row itself goes with deleteOldNotifications).
      statement(
        db,
        sql`UPDATE notifications_outbox SET body = '', code = NULL, last_error = NULL
          WHERE id IN (SELECT id FROM notifications_outbox
            WHERE created_at < ${before(now, retentionDays.notificationBodies)} AND status != 'pending'
              AND (body != '' OR code IS NOT NULL) LIMIT ${limits.rows})`,
      ),
      statement(
        db,
        sql`DELETE FROM consents WHERE id IN (SELECT id FROM consents
          WHERE created_at < ${before(now, retentionDays.consents)} LIMIT ${limits.rows})`,
      ),
    ]);
    const changed = results.map((result) => result.meta.changes ?? 0);
    counts.socketTickets = changed[1] ?? 0;
    counts.sessions = changed[2] ?? 0;
    counts.notificationBodies = changed[3] ?? 0;
    counts.consents = changed[4] ?? 0;
    return changed[0] ?? 0;
  });

  await step("debugLogs", () => expireDebugLogs(scope, limits.objects));
  await step("lostExports", async () => {
    const lost = await db.run(sql`UPDATE data_exports SET state = 'failed', error = 'lost', updated_at = ${at}
      WHERE state = 'pending' AND created_at < ${new Date(now.getTime() - STALE_PENDING_MS).toISOString()}`);
    return lost.meta.changes ?? 0;
  });
  await step("exports", () => expireExports(scope, limits.objects));
  await step("chatRooms", () => eraseIdleRooms(scope, limits.rooms));
  logger.info("retention run", counts);
  return counts;
}

/**
 * Notification rows sent `retentionDays.sentNotificationRows` days ago (30), or failed for good
 * `retentionDays.notificationRows` days ago (180: staff's undelivered list sends them again until
 * then): deleted whole, at most `limit` a run. A pending row (queued, retrying, held by quiet
 * hours) is never touched, whatever its age. Nothing reads an older sent row: every dedupe key's
 * event is over within days and no screen lists sent messages (docs/rules.md, "Your data: export,
 * consents, retention"). The sent rows are found on notifications_outbox_sent_idx (status,
 * sent_at), the failed ones (few) on notifications_outbox_status_idx, so a run reads only the
 * rows it deletes.
 */
export async function deleteOldNotifications(scope: Scope, limit: number): Promise<number> {
  const { db, now } = scope;
  const sent = before(now, retentionDays.sentNotificationRows);
  const failed = before(now, retentionDays.notificationRows);
  const deleted = await db.run(sql`DELETE FROM notifications_outbox WHERE id IN (
    SELECT id FROM notifications_outbox WHERE status = 'sent' AND sent_at < ${sent}
    UNION ALL
    SELECT id FROM notifications_outbox WHERE status = 'failed' AND coalesce(dead_at, created_at) < ${failed}
    LIMIT ${limit})`);
  return deleted.meta.changes ?? 0;
}

/** The debug logs attached to problem reports (R2 "log" assets): the object, then its rows. */
async function expireDebugLogs(scope: Scope, limit: number): Promise<number> {
  const { db, env, now } = scope;
  const due = await db.all<{ id: number; key: string }>(sql`SELECT id, key FROM assets
    WHERE kind = 'log' AND deleted_at IS NULL AND created_at < ${before(now, retentionDays.debugLogs)}
    ORDER BY id LIMIT ${limit}`);
  if (!due.length) return 0;
  const keys = due.map((row) => row.key);
  await env.MEDIA.delete(keys);
  const at = now.toISOString();
  const ids = due.map((row) => row.id);
  await d1(db).batch([
    statement(db, sql`UPDATE assets SET deleted_at = ${at} WHERE id IN ${ids}`),
    statement(db, sql`UPDATE reports SET log = NULL, updated_at = ${at} WHERE log IN ${keys}`),
  ]);
  return due.length;
}

/** Exports past their 7 days: the ZIP deleted from R2, the row kept as expired (it no longer has a key). */
async function expireExports(scope: Scope, limit: number): Promise<number> {
  const { db, env, now } = scope;
  const at = now.toISOString();
  const due = await db.all<{ id: number; key: string | null }>(sql`SELECT id, key FROM data_exports
    WHERE state = 'ready' AND expires_at <= ${at} ORDER BY id LIMIT ${limit}`);
  if (!due.length) return 0;
  const keys = due.flatMap((row) => (row.key ? [row.key] : []));
  if (keys.length) await env.MEDIA.delete(keys);
  const ids = due.map((row) => row.id);
  await db.run(
    sql`UPDATE data_exports SET state = 'expired', key = NULL, updated_at = ${at} WHERE id IN ${ids}`,
  );
  return due.length;
}

/**
 * Rooms with no message for two years: every member's messages lose their text in the room's
 * Durable Object (ChatRoom.eraseSender), then the room's preview in D1 is cleared, which also marks
 * the room done. The room and its members stay (the pair may talk again).
 */
async function eraseIdleRooms(scope: Scope, limit: number): Promise<number> {
  const { db, env, now } = scope;
  const rooms = await db.all<{ id: number }>(sql`SELECT id FROM chat_rooms
    WHERE last_message_at IS NOT NULL AND last_message_at < ${before(now, retentionDays.idleChatMessages)}
      AND last_message_text IS NOT NULL
    ORDER BY last_message_at LIMIT ${limit}`);
  let done = 0;
  for (const room of rooms) {
    const members = await db.all<{ userId: number }>(
      sql`SELECT user_id AS userId FROM chat_room_members WHERE room_id = ${room.id}`,
    );
    const stub = chatRoom(env, room.id);
    for (const member of members) await stub.eraseSender(member.userId);
    await db.run(sql`UPDATE chat_rooms SET last_message_text = NULL, updated_at = ${now.toISOString()}
      WHERE id = ${room.id}`);
    done++;
  }
  return done;
}
