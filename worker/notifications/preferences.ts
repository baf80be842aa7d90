// Who gets what, where (docs/rules.md, "Notifications: channels, preferences, quiet hours"): a
// person's stored choices (notification_preferences, no row = the defaults of
// schema/notification-kinds.ts), read with the person in the same statement, and the two rules
// the outbox applies with them: a kind turned off on a channel is not written there, and a
// non-urgent message written during quiet hours waits (not_before) until they end on the person's
// clock. The same rules exist twice: in TypeScript for messagesTo and in SQL for messagesToSql
// (worker/notifications/channels.ts), tested together in tests/worker/notification-preferences.test.ts.
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { notificationPreferences, users } from "../../schema/db";
import {
  choosableKinds,
  defaultChannels,
  defaultQuietHours,
  notificationChannels,
  requiredKinds,
  urgentKinds,
  type ChoosableKind,
  type NotificationChannel,
  type NotificationKind,
} from "../../schema/notification-kinds";
import type {
  NotificationPreferencesBody,
  NotificationPreferencesView,
} from "../../schema/api/notification-preferences";
import { MessagingApp } from "../../schema/enums";
import {
  addDays,
  dayStart,
  offsetMinutes,
  zonedInstant,
  zonedParts,
  type DayKey,
} from "../../schema/calendar";
import type { Db } from "../core/context";
import { fail } from "../core/failure";
import { accountColumns, type UserRow } from "../domain/identity/users";

/** The stored row's choices, or null when the person never chose (the defaults). */
export type PrefsRow = { channels: string; quietStart: string | null; quietEnd: string | null };

/** A person as the outbox addresses them: their row, their choices and whether a browser takes push. */
export type Recipient = UserRow & { prefs: PrefsRow | null; hasPush: boolean };

export type QuietHours = { start: string; end: string } | null;

/** Every choosable kind's channels and the quiet hours, the defaults filled in. */
export type Choices = { channels: Record<ChoosableKind, NotificationChannel[]>; quiet: QuietHours };

const isChoosable = (kind: NotificationKind | null): kind is ChoosableKind =>
  kind !== null && (choosableKinds as readonly string[]).includes(kind);
export const isRequired = (kind: string | null): boolean =>
  kind !== null && (requiredKinds as readonly string[]).includes(kind);

/** The stored JSON's kinds, each with only known channels; anything else is ignored. */
function storedChannels(json: string): Partial<Record<ChoosableKind, NotificationChannel[]>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== "object") return {};
  const out: Partial<Record<ChoosableKind, NotificationChannel[]>> = {};
  for (const kind of choosableKinds) {
    const value = (parsed as Record<string, unknown>)[kind];
    if (Array.isArray(value)) out[kind] = notificationChannels.filter((channel) => value.includes(channel));
  }
  return out;
}

export function choicesOf(row: PrefsRow | null): Choices {
  const stored = row ? storedChannels(row.channels) : {};
  const channels = Object.fromEntries(
    choosableKinds.map((kind) => [kind, stored[kind] ?? [...defaultChannels[kind]]]),
  ) as Choices["channels"];
  const quiet: QuietHours = !row
    ? { ...defaultQuietHours }
    : row.quietStart && row.quietEnd && row.quietStart !== row.quietEnd
      ? { start: row.quietStart, end: row.quietEnd }
      : null;
  return { channels, quiet };
}

/** Whether a message of `kind` goes on `channel`: required kinds and unkinded messages always do. */
export function allows(
  choices: Choices,
  kind: NotificationKind | null,
  channel: NotificationChannel,
): boolean {
  if (!isChoosable(kind)) return channel !== "push";
  return choices.channels[kind].includes(channel);
}

/** Whether quiet hours may hold a message of this kind (never a reminder or a security code). */
export const holdable = (kind: NotificationKind | null): boolean =>
  isChoosable(kind) && !urgentKinds.includes(kind);

// ---------------------------------------------------------------------------------------------
// Clocks

/**
 * The instant `hhmm` names on `day` of the zone's clock; a time the clock skips (the spring jump)
 * moves forward to the first minute that exists.
 */
function wallTime(zone: string, day: DayKey, hhmm: string): Date {
  const minute = toMinutes(hhmm);
  for (let later = 0; later <= 180; later += 15) {
    const at = zonedInstant(day, minute + later, zone);
    if (at) return at;
  }
  return dayStart(addDays(day, 1), zone);
}

const toMinutes = (hhmm: string) => {
  const [hh, mm] = hhmm.split(":").map(Number) as [number, number];
  return hh * 60 + mm;
};

/**
 * When a message written at `now` may go: null at once, else the end of the person's quiet hours
 * on their clock (today's end, or tomorrow's when the quiet hours began this evening).
 */
export function quietUntil(quiet: QuietHours, zone: string, now: Date): string | null {
  if (!quiet) return null;
  const { day, minute } = zonedParts(now, zone);
  const start = toMinutes(quiet.start);
  const end = toMinutes(quiet.end);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const endDay = start > end && minute >= start ? addDays(day, 1) : day;
  return wallTime(zone, endDay, quiet.end).toISOString();
}

/** The outbox's not_before for a message of `kind` to this person now. */
export function holdFor(
  recipient: Pick<Recipient, "prefs">,
  kind: NotificationKind | null,
  zone: string,
  now: Date,
) {
  return holdable(kind) ? quietUntil(choicesOf(recipient.prefs).quiet, zone, now) : null;
}

// ---------------------------------------------------------------------------------------------
// The same rules in SQL, for statements that read the person themselves (messagesToSql)

/**
 * Whether `channel` (an SQL expression naming a channel) is allowed for `kind`, given `np`, the
 * person's notification_preferences row LEFT JOINed (np.user_id IS NULL = no row: the defaults).
 */
export function allowsSql(kind: NotificationKind, channel: SQL): SQL {
  if (!isChoosable(kind)) return sql`${channel} <> 'push'`;
  const path = `$."${kind}"`;
  const defaults = defaultChannels[kind];
  const byDefault = defaults.length
    ? sql`${channel} IN (${sql.join(
        defaults.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : sql`0`;
  return sql`(CASE WHEN np.user_id IS NULL OR json_type(np.channels, ${path}) IS NOT 'array' THEN ${byDefault}
    ELSE instr(json_extract(np.channels, ${path}), '"' || ${channel} || '"') > 0 END)`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * What a message's hold (holdSqlOf) needs to know of the clock: the local time now ("HH:MM"), and
 * today's and tomorrow's local dates with the shift from local to UTC at their noon (so a DST change
 * at midnight, as Cairo's, is right). Worked out here, so SQLite only compares "HH:MM" and adds the
 * end of the quiet hours to the right date.
 */
export type HoldClock = {
  localNow: string;
  todayYmd: string;
  todayShift: string;
  tomorrowYmd: string;
  tomorrowShift: string;
};

/** The HoldClock of a message written at `now` to a person whose clock is `zone`. */
export function holdClock(zone: string, now: Date): HoldClock {
  const { day: localDay, minute } = zonedParts(now, zone);
  const day = (add: number) => {
    const ymd = addDays(localDay, add);
    return { ymd, shift: `${-offsetMinutes(wallTime(zone, ymd, "12:00"), zone)} minutes` };
  };
  const today = day(0);
  const tomorrow = day(1);
  return {
    localNow: `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`,
    todayYmd: today.ymd,
    todayShift: today.shift,
    tomorrowYmd: tomorrow.ymd,
    tomorrowShift: tomorrow.shift,
  };
}

/**
 * The not_before of a message of `kind` as an SQL expression over `np` (as in allowsSql), the clock's
 * values bound as they are given (values, or placeholders of a statement built once).
 */
export function holdSqlOf(kind: NotificationKind, clock: HoldClock): SQL {
  if (!holdable(kind)) return sql`NULL`;
  const qs = sql`(CASE WHEN np.user_id IS NULL THEN ${defaultQuietHours.start} ELSE np.quiet_start END)`;
  const qe = sql`(CASE WHEN np.user_id IS NULL THEN ${defaultQuietHours.end} ELSE np.quiet_end END)`;
  const at = (ymd: string, shift: string) =>
    sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${ymd} || ' ' || ${qe}, ${shift})`;
  const today = at(clock.todayYmd, clock.todayShift);
  const tomorrow = at(clock.tomorrowYmd, clock.tomorrowShift);
  return sql`(CASE WHEN ${qs} IS NULL OR ${qe} IS NULL OR ${qs} = ${qe} THEN NULL
    WHEN ${qs} < ${qe} AND ${clock.localNow} >= ${qs} AND ${clock.localNow} < ${qe} THEN ${today}
    WHEN ${qs} > ${qe} AND ${clock.localNow} >= ${qs} THEN ${tomorrow}
    WHEN ${qs} > ${qe} AND ${clock.localNow} < ${qe} THEN ${today}
    ELSE NULL END)`;
}

// ---------------------------------------------------------------------------------------------
// Reading people with their choices (one statement, so no extra D1 round trip)

const hasPushSql = sql<number>`EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = ${users.id})`;

/** The columns of a recipient, for a select that joins users and LEFT JOINs notificationPreferences. */
export const recipientSelection = {
  user: accountColumns,
  channels: notificationPreferences.channels,
  quietStart: notificationPreferences.quietStart,
  quietEnd: notificationPreferences.quietEnd,
  prefsUser: notificationPreferences.userId,
  hasPush: hasPushSql,
};

/** The join condition of notificationPreferences with users. */
export const prefsOfUser = eq(notificationPreferences.userId, users.id);

/** Users with their choices and push, batchable: `recipientsQuery(db, ids)` then `toRecipient`. */
export const recipientsQuery = (db: Db, ids: readonly number[]) =>
  db
    .select(recipientSelection)
    .from(users)
    .leftJoin(notificationPreferences, prefsOfUser)
    .where(inArray(users.id, ids.length ? [...new Set(ids)] : [0]));

type RecipientResult = Pick<
  Awaited<ReturnType<typeof recipientsQuery>>[number],
  "user" | "channels" | "quietStart" | "quietEnd" | "prefsUser" | "hasPush"
>;

export function toRecipient(row: RecipientResult): Recipient {
  return {
    ...row.user,
    prefs:
      row.prefsUser === null
        ? null
        : { channels: row.channels ?? "{}", quietStart: row.quietStart, quietEnd: row.quietEnd },
    hasPush: Boolean(row.hasPush),
  };
}

export async function recipientsByIds(db: Db, ids: readonly number[]): Promise<Map<number, Recipient>> {
  const rows = await recipientsQuery(db, ids);
  return new Map(rows.map((row) => [row.user.id, toRecipient(row)]));
}

export async function findRecipient(db: Db, id: number): Promise<Recipient | null> {
  return (await recipientsByIds(db, [id])).get(id) ?? null;
}

/**
 * A user `u` as JSON with their choices and push, for raw statements (reminders, the weekly
 * renewal); parseRecipient reads it back.
 */
export const recipientJsonSql = sql`json_object(
  'id', u.id, 'email', u.email, 'phone', u.phone, 'verifiedPhone', u.verified_phone,
  'notificationMethod', u.notification_method, 'telegramChatId', u.telegram_chat_id, 'timeZone', u.time_zone,
  'prefs', (SELECT json_object('channels', np.channels, 'quietStart', np.quiet_start, 'quietEnd', np.quiet_end)
    FROM notification_preferences np WHERE np.user_id = u.id),
  'hasPush', EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = u.id))`;

export function parseRecipient(json: string): Recipient {
  const user = JSON.parse(json) as Recipient;
  user.verifiedPhone = Boolean(user.verifiedPhone);
  user.hasPush = Boolean(user.hasPush);
  user.prefs ??= null;
  return user;
}

// ---------------------------------------------------------------------------------------------
// The settings screen (GET/PUT /user/current/notification-preferences) and the unsubscribe link

/** The channels a person can be reached on: push with a subscribed browser, their verified app, email. */
export function availableChannels(user: Recipient): NotificationChannel[] {
  const out: NotificationChannel[] = [];
  if (user.hasPush) out.push("push");
  if (user.verifiedPhone && user.phone && user.notificationMethod === MessagingApp.Whatsapp)
    out.push("whatsapp");
  if (user.verifiedPhone && user.telegramChatId && user.notificationMethod === MessagingApp.Telegram)
    out.push("telegram");
  out.push("email");
  return out;
}

export function preferencesView(user: Recipient): NotificationPreferencesView {
  const choices = choicesOf(user.prefs);
  return {
    available: availableChannels(user),
    channels: choices.channels,
    required: [...requiredKinds],
    quietHours: choices.quiet,
  };
}

/** The signed-in person's choices: one statement (their row, choices and push). */
export async function readPreferences(db: Db, userId: number): Promise<NotificationPreferencesView> {
  const user = await findRecipient(db, userId);
  if (!user) fail("user-not-found");
  return preferencesView(user);
}

/**
 * Stores the person's choices in one batch (the upsert, then the read the answer shows): the kinds
 * given replace theirs (json_patch keeps the others), the quiet hours replace theirs (null = none).
 */
export async function savePreferences(
  db: Db,
  userId: number,
  body: NotificationPreferencesBody,
  now: Date,
): Promise<NotificationPreferencesView> {
  const at = now.toISOString();
  const channels = JSON.stringify(
    Object.fromEntries(Object.entries(body.channels).map(([kind, list]) => [kind, [...new Set(list)]])),
  );
  const quietStart = body.quietHours?.start ?? null;
  const quietEnd = body.quietHours?.end ?? null;
  const [, rows] = await db.batch([
    db
      .insert(notificationPreferences)
      .values({ userId, channels, quietStart, quietEnd, updatedAt: at })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: {
          channels: sql`json_patch(${notificationPreferences.channels}, excluded.channels)`,
          quietStart,
          quietEnd,
          updatedAt: at,
        },
      }),
    recipientsQuery(db, [userId]),
  ]);
  const user = rows[0];
  if (!user) fail("user-not-found");
  return preferencesView(toRecipient(user));
}

/**
 * The unsubscribe link's effect: `kind`'s email turned off for the person, other kinds and
 * channels as they were (a person without a row gets one with the defaults and that change).
 * Idempotent. Answers the person, or null when they are gone (an erased account).
 */
export async function unsubscribeEmail(
  db: Db,
  userId: number,
  kind: ChoosableKind,
  now: Date,
): Promise<Recipient | null> {
  const user = await findRecipient(db, userId);
  if (!user || user.deletedAt) return null;
  const current = choicesOf(user.prefs);
  const list = current.channels[kind].filter((channel) => channel !== "email");
  const patch = JSON.stringify({ [kind]: list });
  const quiet = user.prefs
    ? [user.prefs.quietStart, user.prefs.quietEnd]
    : [defaultQuietHours.start, defaultQuietHours.end];
  await db
    .insert(notificationPreferences)
    .values({
      userId,
      channels: patch,
      quietStart: quiet[0]!,
      quietEnd: quiet[1]!,
      updatedAt: now.toISOString(),
    })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        channels: sql`json_patch(${notificationPreferences.channels}, excluded.channels)`,
        updatedAt: now.toISOString(),
      },
    });
  return user;
}
