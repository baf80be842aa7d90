import { z } from "zod";
import { LessonDuration, type Gender } from "../enums";
import { isoTime } from "./availability-slot";
import { pageQuery } from "./common";

const GRID_MS = 15 * 60 * 1000;

/** A lesson start: ISO-8601 on the 15-minute grid (seconds and milliseconds zero). */
export const lessonStartRule = z
  .string({ error: "bad-request" })
  .refine((s) => {
    const t = Date.parse(s);
    return Number.isFinite(t) && t % GRID_MS === 0;
  }, "bad-request")
  .transform((s) => new Date(s));

export const lessonDurationRule = z.union([z.literal(LessonDuration.Short), z.literal(LessonDuration.Long)], {
  error: "bad-request",
});

const id = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

/** POST /lesson/ — the student books a tutor's free time. */
export const bookLessonBody = z.object({ tutorId: id, start: lessonStartRule, duration: lessonDurationRule });
export type BookLessonBody = z.input<typeof bookLessonBody>;

/** PATCH /lesson — the student moves (and may resize) a lesson; the same rules as booking. */
export const rescheduleLessonBody = z.object({
  id,
  start: lessonStartRule,
  duration: lessonDurationRule.optional(),
});

export const lessonListQuery = pageQuery.extend({
  /** ratified: not cancelled; canceled: cancelled. */
  status: z.enum(["ratified", "canceled"], { error: "bad-request" }).optional(),
  /** future: not started; past: ended; now: happening. */
  when: z.enum(["future", "past", "now"], { error: "bad-request" }).optional(),
  /** Staff only: another member's lessons. */
  user: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
  /**
   * Admins only, from the admin area's platform-wide list: everyone's lessons. Without it (and
   * without user) every caller, staff included, gets their own lessons.
   */
  scope: z.literal("all", { error: "bad-request" }).optional(),
  /** Lessons overlapping [after, before) (a calendar week), oldest first. */
  after: isoTime.optional(),
  before: isoTime.optional(),
});

export const lessonStatsQuery = z.object({
  user: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});

export type LessonState = "pending" | "happening" | "fulfilled" | "canceled";

/** gender: so the screens' verbs and titles about the member follow it (null when not known). */
export type LessonMemberView = { id: number; name: string | null; image: string | null; gender?: Gender | null };

export type LessonView = {
  id: number;
  tutor: LessonMemberView;
  student: LessonMemberView;
  start: string;
  end: string;
  duration: LessonDuration;
  /** Piasters. */
  price: number;
  state: LessonState;
  isTrial: boolean;
  subscriptionId: number | null;
  canceledAt: string | null;
  /** Who cancelled; null with canceledAt set means the system. */
  canceledBy: number | null;
  createdAt: string;
};

/** GET /lesson/attended/stats */
export type LessonStats = {
  /** Ended, not cancelled. */
  attendedLessons: number;
  attendedMinutes: number;
  upcomingLessons: number;
  canceledLessons: number;
};

/** GET/POST /lesson/calendar/feed — the user's personal calendar feed (https and webcal:). */
export type CalendarFeed = { url: string; webcalUrl: string };

/** GET /lesson/calendar/{token}.ics — the secret token (base64url) and its extension. */
export const calendarFileParam = z.object({
  file: z
    .string({ error: "not-found" })
    .regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, "not-found")
    .transform((file) => file.slice(0, -".ics".length)),
});
