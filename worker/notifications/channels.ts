// Channel choice: which of a user's channels a notification goes to (email always; WhatsApp or
// Telegram when chosen and verified), with its times on the user's clock.
import { sql, type SQL } from "drizzle-orm";
import { MessagingApp } from "../../schema/enums";
import { effectiveTimeZone } from "../../schema/time-zones";
import type { UserRow } from "../domain/identity/users";
import { onClockOf } from "./clock";
import type { Message } from "./outbox";

/** Email always; WhatsApp or Telegram too when the user verified a phone and chose one. Times on the user's clock. */
export function messagesTo(
  user: UserRow,
  rawText: { subject: string; body: string },
  dedupeKey?: string,
): Message[] {
  const zone = effectiveTimeZone(user.timeZone);
  const text = { subject: onClockOf(rawText.subject, zone), body: onClockOf(rawText.body, zone) };
  const out: Message[] = [
    {
      userId: user.id,
      channel: "email",
      recipient: user.email,
      ...text,
      dedupeKey: dedupeKey ? `${dedupeKey}:email` : null,
    },
  ];
  if (user.verifiedPhone && user.phone && user.notificationMethod === MessagingApp.Whatsapp)
    out.push({
      userId: user.id,
      channel: "whatsapp",
      recipient: user.phone,
      ...text,
      dedupeKey: dedupeKey ? `${dedupeKey}:whatsapp` : null,
    });
  if (user.verifiedPhone && user.telegramChatId && user.notificationMethod === MessagingApp.Telegram)
    out.push({
      userId: user.id,
      channel: "telegram",
      recipient: user.telegramChatId,
      ...text,
      dedupeKey: dedupeKey ? `${dedupeKey}:telegram` : null,
    });
  return out;
}

const NAME_MARK = "\u0001name\u0001";

/**
 * messagesTo as one INSERT ... SELECT into the outbox, for a batch that cannot read the users
 * first: the user's channels and addresses are read from the users table in the statement (email
 * always; WhatsApp or Telegram under the same rules as messagesTo), the text names `otherId`'s
 * user, and nothing is written unless `when` holds. Times are written on `zone`, the user's clock
 * as the caller read it (Cairo when not given). Answers the stored rows (for delivery).
 */
export function messagesToSql(p: {
  userId: number;
  otherId: number;
  text: (other: string | null) => { subject: string; body: string };
  when: SQL;
  at: string;
  zone?: string | null;
}): SQL {
  const zone = effectiveTimeZone(p.zone);
  const onClock = (text: { subject: string; body: string }) => ({
    subject: onClockOf(text.subject, zone),
    body: onClockOf(text.body, zone),
  });
  const plain = onClock(p.text(null));
  const marked = onClock(p.text(NAME_MARK));
  const named = (plainText: string, markedText: string) =>
    sql`CASE WHEN coalesce(o.name, '') = '' THEN ${plainText} ELSE replace(${markedText}, ${NAME_MARK}, o.name) END`;
  return sql`INSERT INTO notifications_outbox (user_id, channel, recipient, subject, body, created_at)
    SELECT u.id, ch.channel, CASE ch.channel WHEN 'email' THEN u.email WHEN 'whatsapp' THEN u.phone ELSE u.telegram_chat_id END,
      ${named(plain.subject, marked.subject)}, ${named(plain.body, marked.body)}, ${p.at}
    FROM users u
    JOIN (SELECT 1 AS n, 'email' AS channel UNION ALL SELECT 2, 'whatsapp' UNION ALL SELECT 3, 'telegram') ch
    LEFT JOIN users o ON o.id = ${p.otherId}
    WHERE u.id = ${p.userId} AND ${p.when} AND (ch.channel = 'email'
      OR (ch.channel = 'whatsapp' AND u.verified_phone AND coalesce(u.phone, '') <> '' AND u.notification_method = ${MessagingApp.Whatsapp})
      OR (ch.channel = 'telegram' AND u.verified_phone AND coalesce(u.telegram_chat_id, '') <> '' AND u.notification_method = ${MessagingApp.Telegram}))
    ORDER BY ch.n
    RETURNING id, user_id AS userId, channel, recipient, subject, body, code, status, attempts, last_error AS lastError,
      dedupe_key AS dedupeKey, created_at AS createdAt, sent_at AS sentAt`;
}
