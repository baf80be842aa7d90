import { sql } from "drizzle-orm";
import type { CalendarFeed } from "../../../schema/api/lesson";
import type { Db } from "../../core/context";
import { DAY_MS } from "../../../schema/time";
import { arabicMinutes } from "../../../schema/arabic-numbers";
import { d1, statement } from "../../core/db";

/**
 * The personal calendar feed: GET /lesson/calendar/{token}.ics lists the user's lessons
 * as an iCalendar (RFC 5545) feed that Google, Apple and Outlook calendars subscribe to. The
 * token is the only secret of that public URL: 256 random bits, one per user, replaced on rotate.
 */

/** Lessons that ended longer ago than this are left out of the feed (calendars keep their copy). */
const FEED_PAST_DAYS = 60;
const FEED_MAX_LESSONS = 500;

/** A new feed token: 32 random bytes, base64url (43 characters). */
export function newFeedToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

export function feedUrls(origin: string, token: string): CalendarFeed {
  const url = `${origin}/api/v1/lesson/calendar/${token}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, "webcal:") };
}

/** The user's feed token, created on first use: one round trip (insert if missing, then read). */
export async function feedToken(db: Db, userId: number, now = new Date()): Promise<string> {
  const at = now.toISOString();
  const [, read] = await d1(db).batch<{ token: string }>([
    statement(
      db,
      sql`INSERT INTO calendar_feeds (user_id, token, created_at, updated_at) VALUES (${userId}, ${newFeedToken()}, ${at}, ${at})
      ON CONFLICT (user_id) DO NOTHING`,
    ),
    statement(db, sql`SELECT token FROM calendar_feeds WHERE user_id = ${userId}`),
  ]);
  const token = read?.results[0]?.token;
  if (!token) throw new Error("calendar feed token missing after insert");
  return token;
}

/** Replaces the user's token: the old URL stops working at once. */
export async function rotateFeedToken(db: Db, userId: number, now = new Date()): Promise<string> {
  const at = now.toISOString();
  const token = newFeedToken();
  await statement(
    db,
    sql`INSERT INTO calendar_feeds (user_id, token, created_at, updated_at) VALUES (${userId}, ${token}, ${at}, ${at})
      ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, updated_at = excluded.updated_at`,
  ).run();
  return token;
}

export type FeedLesson = {
  id: number;
  start: string;
  end: string;
  duration: number;
  canceledAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The other member's name (the tutor for a student, the student for a tutor). */
  otherName: string | null;
};

/**
 * The feed's lessons, or null for an unknown token: one round trip (the token's row and the
 * lessons of its user since FEED_PAST_DAYS ago, with the other member's name).
 */
export async function feedLessons(db: Db, token: string, now = new Date()): Promise<FeedLesson[] | null> {
  const since = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS).toISOString();
  const owner = sql`(SELECT user_id FROM calendar_feeds WHERE token = ${token})`;
  const [found, lessons] = await d1(db).batch<Record<string, unknown>>([
    statement(db, sql`SELECT user_id AS userId FROM calendar_feeds WHERE token = ${token}`),
    statement(
      db,
      sql`
      SELECT l.id, l.start, l."end", l.duration, l.canceled_at AS canceledAt, l.created_at AS createdAt, l.updated_at AS updatedAt,
        o.name AS otherName
      FROM lessons l
      JOIN lesson_members m ON m.lesson_id = l.id AND m.user_id = ${owner}
      LEFT JOIN lesson_members om ON om.lesson_id = l.id AND om.user_id <> m.user_id
      LEFT JOIN users o ON o.id = om.user_id
      WHERE l."end" >= ${since}
      ORDER BY l.start, l.id
      LIMIT ${FEED_MAX_LESSONS}`,
    ),
  ]);
  if (!found?.results.length) return null;
  return (lessons?.results ?? []) as FeedLesson[];
}

// ---------------------------------------------------------------------------------------------
// RFC 5545 text

/** 3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT values. */
export function escapeText(value: string): string {
  return value
    .replaceAll("\\", "\\\\")
    .replaceAll(";", "\\;")
    .replaceAll(",", "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * 3.1: a content line longer than 75 octets is folded: CRLF then one space, the space counting
 * in the next line's 75. Folds fall between characters, never inside a UTF-8 sequence (Arabic
 * letters are 2 octets each).
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      out.push(current);
      current = " ";
      octets = 1;
      limit = 75;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n");
}

/** An ISO instant as a UTC DATE-TIME (3.3.5, form #2): 20261122T100000Z. */
export function icsDateTime(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

type Feed = { host: string; appOrigin: string; lessons: readonly FeedLesson[] };

/** The whole feed: a VCALENDAR of one VEVENT per lesson, CRLF line ends, folded lines. */
export function renderCalendar({ host, appOrigin, lessons }: Feed): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Dars//Lessons//AR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText("حصص درس")}`,
    "X-WR-TIMEZONE:Africa/Cairo",
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
  ];
  for (const lesson of lessons) {
    const link = `${appOrigin}/lesson/${lesson.id}`;
    const other = lesson.otherName?.trim();
    lines.push(
      "BEGIN:VEVENT",
      // Stable across reschedules and feed fetches: calendars update the event in place.
      `UID:lesson-${lesson.id}@${host}`,
      `DTSTAMP:${icsDateTime(lesson.updatedAt)}`,
      `CREATED:${icsDateTime(lesson.createdAt)}`,
      `LAST-MODIFIED:${icsDateTime(lesson.updatedAt)}`,
      `DTSTART:${icsDateTime(lesson.start)}`,
      `DTEND:${icsDateTime(lesson.end)}`,
      `SUMMARY:${escapeText(other ? `حصة إنجليزي مع ${other}` : "حصة إنجليزي على درس")}`,
      `DESCRIPTION:${escapeText(`حصة مدتها ${arabicMinutes(lesson.duration)} على درس.\nغرفة الحصة: ${link}`)}`,
      `URL:${link}`,
      `STATUS:${lesson.canceledAt ? "CANCELLED" : "CONFIRMED"}`,
      "TRANSP:OPAQUE",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
