// Channel choice: which of a user's channels a notification goes to, with its times on the user's
// clock. Email, push (with a browser subscribed), WhatsApp or Telegram (when chosen and verified),
// each only when the person's preferences allow the message's kind there (required kinds always
// go), and a message written in the person's quiet hours held until they end
// (worker/notifications/preferences.ts; docs/rules.md, "Notifications: channels, preferences, quiet hours").
import { sql, type SQL } from "drizzle-orm";
import { MessagingApp } from "../../schema/enums";
import type { NotificationKind } from "../../schema/notification-kinds";
import { effectiveTimeZone } from "../../schema/time-zones";
import { onClockOf } from "./clock";
import type { Message } from "./outbox";
import { pushRecipient } from "./push";
import {
  allows,
  allowsSql,
  choicesOf,
  holdClock,
  holdFor,
  holdable,
  holdSqlOf,
  type HoldClock,
  type Recipient,
} from "./preferences";

/**
 * The messages of one notification to one person: every channel they have that their preferences
 * allow for `kind`, each held (notBefore) during their quiet hours unless the kind is urgent.
 */
export function messagesTo(
  user: Recipient,
  rawText: { subject: string; body: string },
  kind: NotificationKind,
  dedupeKey?: string,
  now = new Date(),
): Message[] {
  const zone = effectiveTimeZone(user.timeZone);
  const text = { subject: onClockOf(rawText.subject, zone), body: onClockOf(rawText.body, zone) };
  const choices = choicesOf(user.prefs);
  const notBefore = holdFor(user, kind, zone, now);
  const out: Message[] = [];
  const add = (channel: Message["channel"], recipient: string) => {
    if (!allows(choices, kind, channel)) return;
    out.push({
      userId: user.id,
      channel,
      kind,
      recipient,
      ...text,
      notBefore,
      dedupeKey: dedupeKey ? `${dedupeKey}:${channel}` : null,
    });
  };
  add("email", user.email);
  if (user.hasPush) add("push", pushRecipient(user.id));
  if (user.verifiedPhone && user.phone && user.notificationMethod === MessagingApp.Whatsapp)
    add("whatsapp", user.phone);
  if (user.verifiedPhone && user.telegramChatId && user.notificationMethod === MessagingApp.Telegram)
    add("telegram", user.telegramChatId);
  return out;
}

const NAME_MARK = "\u0001name\u0001";

/** The values of one person's messages in messagesSql, worked out per message. */
export type MessageValues = HoldClock & {
  userId: number;
  otherId: number;
  /** The texts on the person's clock: without the other's name, and with NAME_MARK where it goes. */
  subject: string;
  subjectNamed: string;
  body: string;
  bodyNamed: string;
  at: string;
};

/** What messagesToSql is given: who, the text, when to write, the time and the person's clock. */
export type MessagesToSqlInput = {
  userId: number;
  otherId: number;
  text: (other: string | null) => { subject: string; body: string };
  when: SQL;
  at: string;
  zone?: string | null;
  /**
   * The message's kind: the person's preferences for it (and its quiet hours) are read in the
   * statement. Required, with no default, so that a new message is filed under the preference it
   * belongs to (schema/notification-kinds.ts) rather than silently under another one.
   */
  kind: NotificationKind;
};

/** Every key of MessageValues, for a statement built once with a placeholder per value (messagePlaceholders). */
const messageValueKeys = [
  "userId",
  "otherId",
  "subject",
  "subjectNamed",
  "body",
  "bodyNamed",
  "at",
  "localNow",
  "todayYmd",
  "todayShift",
  "tomorrowYmd",
  "tomorrowShift",
] as const satisfies readonly (keyof MessageValues)[];
// A key added to MessageValues and not listed above fails to compile here, and the error names it.
type Unlisted = Exclude<keyof MessageValues, (typeof messageValueKeys)[number]>;
const everyKeyListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyKeyListed;

/** MessageValues as placeholders named `<prefix>.<key>`, for messagesSql in a statement built once. */
export const messagePlaceholders = (prefix: string): MessageValues =>
  Object.fromEntries(
    messageValueKeys.map((key) => [key, sql.placeholder(`${prefix}.${key}`)]),
  ) as unknown as MessageValues;

/** One message's values under messagePlaceholders(prefix)'s names. */
export const placeholderValues = (prefix: string, values: MessageValues): Record<string, unknown> =>
  Object.fromEntries(messageValueKeys.map((key) => [`${prefix}.${key}`, values[key]]));

const noClock: HoldClock = { localNow: "", todayYmd: "", todayShift: "", tomorrowYmd: "", tomorrowShift: "" };

/** The values messagesSql binds for `p` (the texts on the person's clock, the hold's clock). */
export function messageValues(p: Omit<MessagesToSqlInput, "when">): MessageValues {
  const zone = effectiveTimeZone(p.zone);
  const plain = p.text(null);
  const marked = p.text(NAME_MARK);
  return {
    userId: p.userId,
    otherId: p.otherId,
    subject: onClockOf(plain.subject, zone),
    subjectNamed: onClockOf(marked.subject, zone),
    body: onClockOf(plain.body, zone),
    bodyNamed: onClockOf(marked.body, zone),
    at: p.at,
    ...(holdable(p.kind) ? holdClock(zone, new Date(p.at)) : noClock),
  };
}

/**
 * messagesToSql's statement over `v`: the values themselves, or placeholders of a statement built
 * once and bound per message (the booking's, worker/domain/lessons/booking.ts).
 */
export function messagesSql(kind: NotificationKind, when: SQL, v: MessageValues): SQL {
  const named = (plainText: string, markedText: string) =>
    sql`CASE WHEN coalesce(o.name, '') = '' THEN ${plainText} ELSE replace(${markedText}, ${NAME_MARK}, o.name) END`;
  const channel = sql`ch.channel`;
  return sql`INSERT INTO notifications_outbox (user_id, channel, kind, recipient, subject, body, created_at, not_before)
    SELECT u.id, ch.channel, ${kind},
      CASE ch.channel WHEN 'email' THEN u.email WHEN 'whatsapp' THEN u.phone WHEN 'push' THEN 'user:' || u.id ELSE u.telegram_chat_id END,
      ${named(v.subject, v.subjectNamed)}, ${named(v.body, v.bodyNamed)}, ${v.at}, ${holdSqlOf(kind, v)}
    FROM users u
    JOIN (SELECT 1 AS n, 'email' AS channel UNION ALL SELECT 2, 'push' UNION ALL SELECT 3, 'whatsapp' UNION ALL SELECT 4, 'telegram') ch
    LEFT JOIN users o ON o.id = ${v.otherId}
    LEFT JOIN notification_preferences np ON np.user_id = u.id
    WHERE u.id = ${v.userId} AND ${when} AND ${allowsSql(kind, channel)} AND (ch.channel = 'email'
      OR (ch.channel = 'push' AND EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = u.id))
      OR (ch.channel = 'whatsapp' AND u.verified_phone AND coalesce(u.phone, '') <> '' AND u.notification_method = ${MessagingApp.Whatsapp})
      OR (ch.channel = 'telegram' AND u.verified_phone AND coalesce(u.telegram_chat_id, '') <> '' AND u.notification_method = ${MessagingApp.Telegram}))
    ORDER BY ch.n
    RETURNING id`;
}

/**
 * messagesTo as one INSERT ... SELECT into the outbox, for a batch that cannot read the users
 * first: the user's channels and addresses are read from the users table in the statement (email
 * always; WhatsApp or Telegram under the same rules as messagesTo), the text names `otherId`'s
 * user, and nothing is written unless `when` holds. Times are written on `zone`, the user's clock
 * as the caller read it (Cairo when not given). Answers the stored rows' ids, all delivery needs
 * (the queue carries ids; a full row would be read back and parsed on every booking for nothing).
 */
export function messagesToSql(p: MessagesToSqlInput): SQL {
  return messagesSql(p.kind, p.when, messageValues(p));
}
