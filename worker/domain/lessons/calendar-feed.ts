import { sql } from "drizzle-orm";
import type { CalendarFeed } from "../../../schema/api/lesson";
import type { Db } from "../../core/context";
import { DAY_MS } from "../../../schema/time";
import { arabicMinutes } from "../../../schema/arabic-numbers";
import { d1, statement } from "../../core/db";
import { InterviewStatus, ReviewStatus } from "../../../schema/enums";

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
  /**
   * An onboarding appointment instead of a lesson (worker/notifications/reminders.ts reminds of the
   * same ones): an interview, a demo session or a photo session; `guest` when the feed's owner is
   * the applicant or tutor (not the tutor manager or the studio).
   */
  appointment?: "interview" | "demo" | "photo";
  guest?: number;
};

/** A photo session's length in the feed (the studio books the hour). */
const PHOTO_SESSION_MINUTES = 60;

/**
 * The feed's lessons and onboarding appointments, or null for an unknown token: one round trip
 * (the token's row, the lessons of its user since FEED_PAST_DAYS ago with the other member's
 * name, and the interviews, demo sessions and scheduled photo sessions the user takes part in).
 */
export async function feedLessons(db: Db, token: string, now = new Date()): Promise<FeedLesson[] | null> {
  const since = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS).toISOString();
  const owner = sql`(SELECT user_id FROM calendar_feeds WHERE token = ${token})`;
  // Cancelled by either side: the status says so (canceled_at, when set, says when).
  const interviewCanceled = sql`CASE WHEN i.status IN (${InterviewStatus.CanceledByInterviewer}, ${InterviewStatus.CanceledByInterviewee}) OR i.canceled_at IS NOT NULL THEN coalesce(i.canceled_at, i.updated_at) END`;
  const demoCanceled = sql`CASE WHEN d.status IN (${ReviewStatus.CanceledByTutorManager}, ${ReviewStatus.CanceledByTutor}, ${ReviewStatus.CanceledByAdmin}) OR d.canceled_at IS NOT NULL THEN coalesce(d.canceled_at, d.updated_at) END`;
  const [found, lessons, appointments] = await d1(db).batch<Record<string, unknown>>([
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
    statement(
      db,
      sql`
      SELECT 'interview' AS appointment, i.id, i.start, i."end", 30 AS duration, ${interviewCanceled} AS canceledAt,
        i.created_at AS createdAt, i.updated_at AS updatedAt, o.name AS otherName, 1 AS guest
      FROM interviews i LEFT JOIN users o ON o.id = i.interviewer_id
      WHERE i.interviewee_id = ${owner} AND i."end" >= ${since}
      UNION ALL
      SELECT 'interview', i.id, i.start, i."end", 30, ${interviewCanceled}, i.created_at, i.updated_at, o.name, 0
      FROM interviews i LEFT JOIN users o ON o.id = i.interviewee_id
      WHERE i.interviewer_id = ${owner} AND i."end" >= ${since}
      UNION ALL
      SELECT 'demo', d.id, d.start, d."end", 30, ${demoCanceled}, d.created_at, d.updated_at, o.name, 1
      FROM demo_sessions d LEFT JOIN users o ON o.id = d.tutor_manager_id
      WHERE d.tutor_id = ${owner} AND d."end" >= ${since}
      UNION ALL
      SELECT 'demo', d.id, d.start, d."end", 30, ${demoCanceled}, d.created_at, d.updated_at, o.name, 0
      FROM demo_sessions d LEFT JOIN users o ON o.id = d.tutor_id
      WHERE d.tutor_manager_id = ${owner} AND d."end" >= ${since}
      UNION ALL
      SELECT 'photo', s.id, s.scheduled_at, strftime('%Y-%m-%dT%H:%M:%fZ', s.scheduled_at, '+${sql.raw(String(PHOTO_SESSION_MINUTES))} minutes'),
        ${PHOTO_SESSION_MINUTES}, CASE WHEN s.status = 'canceled' THEN s.updated_at END, s.created_at, s.updated_at, o.name,
        CASE WHEN s.tutor_id = ${owner} THEN 1 ELSE 0 END
      FROM photo_sessions s LEFT JOIN users o ON o.id = CASE WHEN s.tutor_id = ${owner} THEN s.studio_id ELSE s.tutor_id END
      WHERE (s.tutor_id = ${owner} OR s.studio_id = ${owner}) AND s.scheduled_at IS NOT NULL AND s.scheduled_at >= ${since}
      ORDER BY 3, 2
      LIMIT ${FEED_MAX_LESSONS}`,
    ),
  ]);
  if (!found?.results.length) return null;
  return [...((lessons?.results ?? []) as FeedLesson[]), ...((appointments?.results ?? []) as FeedLesson[])];
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
    if (lesson.appointment) {
      lines.push(...appointmentEvent(host, appOrigin, lesson));
      continue;
    }
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

/** An interview, demo session or photo session as a VEVENT, with its own title. */
function appointmentEvent(host: string, appOrigin: string, event: FeedLesson): string[] {
  const other = event.otherName?.trim();
  const guest = Boolean(event.guest);
  const summary =
    event.appointment === "interview"
      ? other
        ? `مقابلة مع ${other}`
        : "مقابلة على درس"
      : event.appointment === "demo"
        ? guest || !other
          ? "حصة تجريبية مع مدير المدرّسين"
          : `حصة تجريبية مع ${other}`
        : guest || !other
          ? "جلسة تصوير في الاستوديو"
          : `جلسة تصوير مع ${other}`;
  const link = `${appOrigin}${guest ? "/t/onboarding" : "/"}`;
  return [
    "BEGIN:VEVENT",
    `UID:${event.appointment}-${event.id}@${host}`,
    `DTSTAMP:${icsDateTime(event.updatedAt)}`,
    `CREATED:${icsDateTime(event.createdAt)}`,
    `LAST-MODIFIED:${icsDateTime(event.updatedAt)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `SUMMARY:${escapeText(summary)}`,
    `DESCRIPTION:${escapeText(`${summary}، مدتها ${arabicMinutes(event.duration)}.\n${link}`)}`,
    `URL:${link}`,
    `STATUS:${event.canceledAt ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
  ];
}
