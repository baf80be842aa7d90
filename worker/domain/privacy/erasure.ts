// The erasure of an account whose deletion is due (docs/rules.md, "Your data: deletion"), run by
// the daily cron (worker/jobs/index.ts) in bounded batches, or at once on a SuperAdmin's written
// request (worker/routes/privacy-deletion.ts). Each step is idempotent and its name is stored in
// account_deletions.step once done, so a run that stops halfway resumes at the next step; the
// last step (the profile itself) and the request's "erased" state are one batch.
import { sql, type SQL } from "drizzle-orm";
import { d1, statement } from "../../core/db";
import type { Scope } from "../../core/scope";
import { describeError } from "../../core/logger";
import { chatRoom } from "../../../durable-objects/clients";
import { publishEvents } from "../../realtime/events";
import { PUBLIC_PREFIX } from "../media/uploads";
import { imageVariantWidths } from "../../../schema/image-variants";
import { RECEIPT_PREFIX } from "../payments/invoices";
import { auditRawStatement } from "../staff/audit";
import { DeletionState } from "./deletion";

/** The steps, in order; account_deletions.step holds the last one done. */
export const erasureSteps = ["sessions", "chat", "media", "records", "profile"] as const;
export type ErasureStep = (typeof erasureSteps)[number];

/** How many due requests one cron run erases (the next run takes the rest). */
export const ERASURES_PER_RUN = 10;

/** What an erased account's email becomes: unique, never deliverable (RFC 2606 .invalid). */
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;

/** Shown wherever an erased person's name would be. */
export const ERASED_MARK = "[محذوف]";

/**
 * An erased account's name: the person is shown as «مستخدم محذوف» on every screen and message that
 * names them (lessons, payments, admin tables, chat), with nothing of the real name kept.
 */
export const ERASED_NAME = "مستخدم محذوف";

/** Test seam: called after each step is stored (a simulated crash throws from here). */
export type ErasureHooks = { afterStep?(step: ErasureStep): void };

type Person = {
  id: number;
  email: string;
  name: string | null;
  phone: string | null;
  telegramChatId: string | null;
};

/** HMAC-SHA-256 of the normalised email with the Worker's token secret, hex. */
export async function emailHash(secret: string, email: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(`account-deletion:${secret}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(email.trim().toLowerCase())),
  );
  return [...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Erases the due requests, oldest first, at most ERASURES_PER_RUN; a failure is logged and retried next run. */
export async function runDueErasures(scope: Scope, hooks?: ErasureHooks): Promise<number> {
  const { db, now, logger } = scope;
  const due = await db.all<{ userId: number }>(sql`
    SELECT user_id AS userId FROM account_deletions
    WHERE state = ${DeletionState.Erasing} OR (state = ${DeletionState.Pending} AND due_at <= ${now.toISOString()})
    ORDER BY due_at LIMIT ${ERASURES_PER_RUN}`);
  let erased = 0;
  for (const { userId } of due) {
    try {
      if ((await eraseAccount(scope, userId, hooks)) === "erased") erased++;
    } catch (error) {
      logger.warn("account erasure stopped; the next run resumes it", { userId, ...describeError(error) });
    }
  }
  if (due.length) logger.info("accounts erased", { due: due.length, erased });
  return erased;
}

/**
 * Erases one account whose request is due (or already being erased): claims it ("erasing"), runs
 * the steps after the stored one, and answers the request's state afterwards ("erased", or
 * "pending" when it is not due yet, "none" when there is no request).
 */
export async function eraseAccount(
  scope: Scope,
  userId: number,
  hooks?: ErasureHooks,
): Promise<"erased" | "pending" | "erasing" | "none"> {
  const { db, now } = scope;
  const at = now.toISOString();
  await db.run(sql`UPDATE account_deletions SET state = ${DeletionState.Erasing}, updated_at = ${at}
    WHERE user_id = ${userId} AND state = ${DeletionState.Pending} AND due_at <= ${at}`);
  const [request] = await db.all<{ id: number; state: string; step: string | null }>(sql`
    SELECT id, state, step FROM account_deletions WHERE user_id = ${userId}
    ORDER BY (state = ${DeletionState.Erasing}) DESC, id DESC LIMIT 1`);
  if (!request) return "none";
  if (request.state === DeletionState.Erased) return "erased";
  if (request.state !== DeletionState.Erasing)
    return request.state === DeletionState.Pending ? "pending" : "none";
  const [person] = await db.all<Person>(sql`
    SELECT id, email, name, phone, telegram_chat_id AS telegramChatId FROM users WHERE id = ${userId}`);
  if (!person) return "none";
  const done = request.step === null ? -1 : erasureSteps.indexOf(request.step as ErasureStep);
  for (const step of erasureSteps.slice(done + 1)) {
    if (step === "profile") {
      await eraseProfile(scope, person, request.id);
    } else {
      await stepActions[step](scope, person);
      await db.run(
        sql`UPDATE account_deletions SET step = ${step}, updated_at = ${at} WHERE id = ${request.id}`,
      );
    }
    hooks?.afterStep?.(step);
  }
  return "erased";
}

/** `column` with each of the person's identifying values replaced by the erased mark. */
function scrubbed(column: string, person: Person): SQL {
  let expression = sql.raw(column);
  for (const value of identifiers(person)) expression = sql`replace(${expression}, ${value}, ${ERASED_MARK})`;
  return expression;
}

/** Whether `column` holds any of the person's identifying values. */
function mentions(column: string, person: Person): SQL {
  return sql.join(
    identifiers(person).map((value) => sql`instr(${sql.raw(column)}, ${value}) > 0`),
    sql` OR `,
  );
}

/** The values that identify the person in free text: email, phone, and a name long enough to be unambiguous. */
function identifiers(person: Person): string[] {
  return [
    person.email,
    person.phone,
    person.name && person.name.trim().length >= 3 ? person.name.trim() : null,
  ].filter((value): value is string => Boolean(value));
}

const stepActions: Record<
  Exclude<ErasureStep, "profile">,
  (scope: Scope, person: Person) => Promise<void>
> = {
  /** Sign-ins, socket tickets, codes, calendar links, queued messages, saved payout destinations, abuse counters. */
  async sessions(scope, person) {
    const { db, now } = scope;
    const at = now.toISOString();
    const recipients = [person.email, person.phone, person.telegramChatId].filter((value): value is string =>
      Boolean(value),
    );
    await d1(db).batch([
      statement(
        db,
        sql`UPDATE auth_sessions SET ended_at = COALESCE(ended_at, ${at}), end_reason = COALESCE(end_reason, 'deletion'),
          device = '—', country = NULL WHERE user_id = ${person.id}`,
      ),
      statement(db, sql`DELETE FROM socket_tickets WHERE user_id = ${person.id}`),
      statement(db, sql`DELETE FROM confirmation_codes WHERE user_id = ${person.id}`),
      statement(db, sql`DELETE FROM calendar_feeds WHERE user_id = ${person.id}`),
      // Notification choices (worker/notifications/preferences.ts) mean nothing without the person.
      statement(db, sql`DELETE FROM notification_preferences WHERE user_id = ${person.id}`),
      // Push subscriptions (worker/notifications/push.ts): the person's browsers stop getting pushes.
      statement(db, sql`DELETE FROM push_subscriptions WHERE user_id = ${person.id}`),
      statement(
        db,
        sql`DELETE FROM notifications_outbox WHERE user_id = ${person.id} OR recipient IN ${recipients.length ? recipients : [""]}`,
      ),
      statement(db, sql`DELETE FROM withdraw_methods WHERE user_id = ${person.id}`),
      statement(db, sql`DELETE FROM rate_limits WHERE ${mentions("key", person)}`),
    ]);
    await publishEvents(scope, { to: "ended-sessions", userId: person.id });
  },

  /** The bodies of the messages the person wrote (the rooms stay; the other member sees them deleted). */
  async chat(scope, person) {
    const { db, env } = scope;
    const rooms = await db.all<{ roomId: number }>(
      sql`SELECT room_id AS roomId FROM chat_room_members WHERE user_id = ${person.id}`,
    );
    // A room that cannot be reached throws: the step is not stored and the next run tries again.
    for (const { roomId } of rooms) await chatRoom(env, roomId).eraseSender(person.id);
    await db.run(
      sql`UPDATE chat_rooms SET last_message_text = '' WHERE last_message_sender_id = ${person.id}`,
    );
  },

  /** The person's files in R2 (photo, intro video, photos, report attachments, exports); receipts stay. */
  async media(scope, person) {
    const { db, env, now } = scope;
    const bucket = env.MEDIA;
    const fromRows = await db.all<{ key: string }>(sql`
      SELECT key FROM assets WHERE (user_id = ${person.id} OR uploaded_by = ${person.id}) AND kind <> 'receipt'
        AND key NOT LIKE ${`${RECEIPT_PREFIX}%`}
      UNION SELECT key FROM data_exports WHERE user_id = ${person.id} AND key IS NOT NULL
      UNION SELECT attachment AS key FROM lesson_note_replies WHERE author_id = ${person.id} AND attachment IS NOT NULL`);
    const prefixes = [
      `${PUBLIC_PREFIX}avatars/${person.id}-`,
      `${PUBLIC_PREFIX}intro-videos/${person.id}-`,
      // Data exports (worker/domain/privacy/export.ts) are stored under exports/<userId>/.
      `exports/${person.id}/`,
      // A student's lesson-note files, theirs and their tutors' (worker/domain/learning/notes-files.ts).
      `learning/${person.id}/`,
      ...["images", "videos", "thumbnails"].map((kind) => `${PUBLIC_PREFIX}tutors/${kind}/${person.id}-`),
    ];
    const keys = new Set(
      fromRows.flatMap((row) => [row.key, ...imageVariantWidths.map((width) => `${row.key}@${width}`)]),
    );
    for (const prefix of prefixes) {
      let cursor: string | undefined;
      do {
        const listed = await bucket.list({ prefix, cursor });
        for (const object of listed.objects) keys.add(object.key);
        cursor = listed.truncated ? listed.cursor : undefined;
      } while (cursor);
    }
    // Unfinished multipart uploads (worker/domain/media/multipart.ts): aborted, so no part outlives the person.
    const open = await db.all<{ uploadId: string; key: string }>(sql`
      SELECT upload_id AS uploadId, key FROM multipart_uploads
      WHERE user_id = ${person.id} AND completed_at IS NULL AND aborted_at IS NULL`);
    for (const upload of open)
      await bucket
        .resumeMultipartUpload(upload.key, upload.uploadId)
        .abort()
        .catch(() => undefined);
    const all = [...keys];
    for (let i = 0; i < all.length; i += 1000) await bucket.delete(all.slice(i, i + 1000));
    const at = now.toISOString();
    await d1(db).batch([
      statement(
        db,
        sql`UPDATE assets SET deleted_at = COALESCE(deleted_at, ${at}) WHERE (user_id = ${person.id} OR uploaded_by = ${person.id}) AND kind <> 'receipt'`,
      ),
      statement(
        db,
        sql`UPDATE data_exports SET state = 'expired', key = NULL, updated_at = ${at} WHERE user_id = ${person.id} AND state <> 'expired'`,
      ),
      statement(
        db,
        sql`DELETE FROM multipart_upload_parts WHERE upload_id IN (SELECT upload_id FROM multipart_uploads WHERE user_id = ${person.id})`,
      ),
      statement(db, sql`DELETE FROM multipart_uploads WHERE user_id = ${person.id}`),
    ]);
  },

  /**
   * What the person wrote or left in records that stay: report texts and attachments, contact
   * requests, rating texts (the numbers stay), payout destinations on past withdrawals (amounts
   * and states stay), and their email, phone or name inside payment payloads and the audit log.
   * Consent records stay, unlinked from the person (no user, no device): each still shows which
   * text was agreed to and when, for the three years of schema/retention.ts, naming no one.
   */
  async records(scope, person) {
    const { db, now } = scope;
    const at = now.toISOString();
    const contact = [person.email, person.phone].filter((value): value is string => Boolean(value));
    await d1(db).batch([
      statement(
        db,
        sql`UPDATE reports SET title = NULL, message = '', screenshot = NULL, log = NULL, url = NULL, user_agent = NULL,
          updated_at = ${at} WHERE user_id = ${person.id}`,
      ),
      statement(
        db,
        sql`UPDATE contact_requests SET name = ${ERASED_MARK}, phone = NULL, email = NULL, title = ${ERASED_MARK}, message = '',
          ip = NULL, notes = NULL, reply = NULL
          WHERE user_id = ${person.id} OR email IN ${contact.length ? contact : [""]} OR phone IN ${contact.length ? contact : [""]}`,
      ),
      statement(db, sql`UPDATE ratings SET text = NULL WHERE rater_id = ${person.id}`),
      // Reviews (docs/rules.md): the person's replies to ratings of them go; their flags go, and
      // each flagged rating's count is taken again.
      statement(
        db,
        sql`UPDATE ratings SET reply = NULL, replied_at = NULL, reply_edited_at = NULL WHERE ratee_id = ${person.id} AND reply IS NOT NULL`,
      ),
      statement(db, sql`DELETE FROM rating_flags WHERE user_id = ${person.id}`),
      statement(
        db,
        sql`UPDATE ratings SET flag_count = (SELECT count(*) FROM rating_flags f WHERE f.rating_id = ratings.id)
          WHERE flag_count > 0 AND flag_count <> (SELECT count(*) FROM rating_flags f WHERE f.rating_id = ratings.id)`,
      ),
      // Lesson notes are the student's learning record: a student's notes and every reply on them
      // go; a tutor's notes stay for their students (the tutor shows as erased), their replies emptied.
      statement(
        db,
        sql`DELETE FROM lesson_note_replies WHERE lesson_id IN (SELECT lesson_id FROM lesson_notes WHERE student_id = ${person.id})`,
      ),
      statement(
        db,
        sql`UPDATE lesson_note_replies SET text = ${ERASED_MARK}, attachment = NULL WHERE author_id = ${person.id}`,
      ),
      statement(db, sql`DELETE FROM lesson_notes WHERE student_id = ${person.id}`),
      // «كلماتي»: the words and their practice history are the student's alone; nothing of them stays.
      statement(db, sql`DELETE FROM student_words WHERE student_id = ${person.id}`),
      // Saved tutors (both ways) and first-reply times (worker/domain/learning/favourites.ts, response-time.ts) go.
      statement(
        db,
        sql`DELETE FROM favourite_tutors WHERE user_id = ${person.id} OR tutor_id = ${person.id}`,
      ),
      statement(
        db,
        sql`DELETE FROM chat_first_replies WHERE student_id = ${person.id} OR tutor_id = ${person.id}`,
      ),
      // The level history (worker/domain/learning/levels.ts) is about the student: it goes with them.
      statement(db, sql`DELETE FROM student_levels WHERE student_id = ${person.id}`),
      statement(db, sql`UPDATE consents SET user_id = NULL, device_id = NULL WHERE user_id = ${person.id}`),
      statement(
        db,
        sql`UPDATE invoices SET receiver = NULL, phone = NULL, account_number = NULL, username = NULL, update_request = NULL
          WHERE user_id = ${person.id}`,
      ),
      statement(
        db,
        sql`UPDATE transactions SET provider_payload = ${scrubbed("provider_payload", person)}
          WHERE provider_payload IS NOT NULL AND (${mentions("provider_payload", person)})`,
      ),
      statement(
        db,
        sql`UPDATE payment_alarms SET details = ${scrubbed("details", person)} WHERE details IS NOT NULL AND (${mentions("details", person)})`,
      ),
      statement(
        db,
        sql`UPDATE audit_log SET "before" = ${scrubbed('"before"', person)}, "after" = ${scrubbed('"after"', person)}
          WHERE ${mentions('"before"', person)} OR ${mentions('"after"', person)}`,
      ),
    ]);
  },
};

/**
 * The last step, one batch: the user row keeps only its id, role, dates and figures (a placeholder
 * email frees the address to register again; its keyed hash stays on the request), the tutor's
 * texts and media links go, and the request becomes "erased" with its audit row.
 */
async function eraseProfile(scope: Scope, person: Person, requestId: number): Promise<void> {
  const { db, now, config } = scope;
  const at = now.toISOString();
  const hash = await emailHash(config.TOKEN_SECRET, person.email);
  await d1(db).batch([
    statement(
      db,
      sql`UPDATE users SET email = ${erasedEmail(person.id)}, name = ${ERASED_NAME}, password_hash = NULL, google_sub = NULL,
        image = NULL, birth_year = NULL, gender = NULL, phone = NULL, city = NULL, notification_method = NULL,
        time_zone = NULL, verified_email = 0, verified_phone = 0, telegram_chat_id = NULL, suspension_reason = NULL,
        deleted_at = COALESCE(deleted_at, ${at}), updated_at = ${at} WHERE id = ${person.id}`,
    ),
    statement(
      db,
      sql`UPDATE tutors SET bio = NULL, about = NULL, video = NULL, thumbnail = NULL, activated = 0, updated_at = ${at}
        WHERE id = ${person.id}`,
    ),
    statement(
      db,
      sql`UPDATE account_deletions SET state = ${DeletionState.Erased}, step = 'profile', erased_at = ${at},
        email_hash = ${hash}, updated_at = ${at} WHERE id = ${requestId} AND state = ${DeletionState.Erasing}`,
    ),
    auditRawStatement(
      db,
      { userId: null, requestId: null },
      { action: "user.erase", targetType: "user", targetId: person.id, after: { requestId } },
      now,
    ),
  ]);
}
