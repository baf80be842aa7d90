import { z } from "zod";
import { Gender, LessonDuration } from "../enums";
import { GRID_MS } from "../pricing";
import { DAY_MS } from "../time";
import { isoTime } from "./availability-slot";
import { idParam, instant, pageQuery, paged } from "./common";
import { contract } from "./contract";
import { cefrLevels } from "../learning";

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

/** The admin lessons table's sortable columns, each ascending or (with "-") descending. */
export const lessonListSorts = ["start", "-start", "duration", "-duration", "price", "-price"] as const;
export type LessonListSort = (typeof lessonListSorts)[number];

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
  /** The admin lessons table's order: a column, descending with a leading "-" (without it: newest first, or soonest first for future, now and a week). */
  sort: z.enum(lessonListSorts, { error: "bad-request" }).optional(),
  /** Part of the tutor's or the student's name (the admin table's search as you type). */
  q: z.string({ error: "bad-request" }).trim().max(100, "bad-request").optional(),
});

export const lessonStatsQuery = z.object({
  user: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});

export const lessonState = z.enum(["pending", "happening", "fulfilled", "canceled"]);
export type LessonState = z.output<typeof lessonState>;

/** gender: so the screens' verbs and titles about the member follow it (null when not known). */
export const lessonMemberView = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  gender: z.enum(Gender).nullable().optional(),
});
export type LessonMemberView = z.output<typeof lessonMemberView>;

export const lessonView = z.object({
  id: z.number().int(),
  tutor: lessonMemberView,
  student: lessonMemberView,
  start: instant,
  end: instant,
  duration: z.enum(LessonDuration),
  /** Piasters. */
  price: z.number().int(),
  state: lessonState,
  isTrial: z.boolean(),
  subscriptionId: z.number().int().nullable(),
  canceledAt: instant.nullable(),
  /** Who cancelled; null with canceledAt set means the system. */
  canceledBy: z.number().int().nullable(),
  createdAt: instant,
  /** The student's CEFR level now (schema/learning.ts), on the lesson list only (its tutor's badge). */
  studentLevel: z.enum(cefrLevels).nullable().optional(),
});
export type LessonView = z.output<typeof lessonView>;

/** GET /lesson/attended/stats */
export const lessonStatsView = z.object({
  /** Ended, not cancelled. */
  attendedLessons: z.number().int(),
  attendedMinutes: z.number().int(),
  upcomingLessons: z.number().int(),
  canceledLessons: z.number().int(),
});
export type LessonStats = z.output<typeof lessonStatsView>;

/** GET/POST /lesson/calendar/feed — the user's personal calendar feed (https and webcal:). */
export const calendarFeed = z.object({ url: z.string(), webcalUrl: z.string() });
export type CalendarFeed = z.output<typeof calendarFeed>;

/** The widest window one free-times call may ask about. */
export const FREE_TIMES_MAX_RANGE_MS = 31 * DAY_MS;

/** GET /lesson/free-times — a tutor's free starts for a duration in [from, to). */
export const freeTimesQuery = z
  .object({
    tutorId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request"),
    from: isoTime,
    to: isoTime,
    duration: z.coerce.number({ error: "bad-request" }).pipe(lessonDurationRule),
  })
  .refine(
    (q) => q.from < q.to && Date.parse(q.to) - Date.parse(q.from) <= FREE_TIMES_MAX_RANGE_MS,
    "bad-request",
  );
export type FreeTimesQuery = z.output<typeof freeTimesQuery>;

export const freeTimes = z.object({
  tutorId: z.number().int(),
  duration: z.enum(LessonDuration),
  starts: z.array(instant),
});
export type FreeTimes = z.output<typeof freeTimes>;

/** GET /lesson/calendar/{token}.ics — the secret token (base64url) and its extension. */
export const calendarFileParam = z.object({
  file: z
    .string({ error: "not-found" })
    .regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, "not-found")
    .transform((file) => file.slice(0, -".ics".length)),
});

/** The lesson endpoints (worker/routes/lesson.ts). */
export const lessonContracts = {
  book: contract({
    method: "post",
    path: "/lesson/",
    body: bookLessonBody,
    status: 201,
    response: lessonView,
  }),
  reschedule: contract({
    method: "patch",
    path: "/lesson",
    body: rescheduleLessonBody,
    response: lessonView,
  }),
  list: contract({
    method: "get",
    path: "/lesson/list/",
    query: lessonListQuery,
    response: paged(lessonView),
  }),
  stats: contract({
    method: "get",
    path: "/lesson/attended/stats",
    query: lessonStatsQuery,
    response: lessonStatsView,
  }),
  freeTimes: contract({
    method: "get",
    path: "/lesson/free-times",
    query: freeTimesQuery,
    response: freeTimes,
  }),
  feed: contract({ method: "get", path: "/lesson/calendar/feed", response: calendarFeed }),
  rotateFeed: contract({ method: "post", path: "/lesson/calendar/feed", response: calendarFeed }),
  calendarFile: contract({
    method: "get",
    path: "/lesson/calendar/:file{[^/]+\\.ics}",
    params: calendarFileParam,
    response: "file",
  }),
  get: contract({ method: "get", path: "/lesson/:id", params: idParam, response: lessonView }),
  cancel: contract({ method: "delete", path: "/lesson/:id", params: idParam, response: lessonView }),
};
