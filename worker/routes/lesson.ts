import type { z } from "zod";
import { auditActorOf } from "../domain/staff/audit";
import { lessonContracts, lessonListQuery, type CalendarFeed } from "../../schema/api/lesson";
import { Role, isAdmin } from "../../schema/enums";
import {
  bookLesson,
  rescheduleLesson,
  studentLessonQuery,
  tutorTimeZoneQuery,
} from "../domain/lessons/booking";
import {
  feedLessons,
  feedToken,
  feedUrls,
  renderCalendar,
  rotateFeedToken,
} from "../domain/lessons/calendar-feed";
import { findFreeTimes } from "../domain/tutors/free-times";
import {
  cancelLesson,
  isLessonStaff,
  lessonListJson,
  lessonListStatement,
  lessonQuery,
  lessonStats,
  listLessons,
  prefetchedLesson,
  readLesson,
  toLessonView,
  type LessonListQuery,
} from "../domain/lessons/lessons";
import { fail } from "../core/failure";
import type { AppContext } from "../http/context";
import { deliverLater } from "../notifications/notify";
import { route, writtenJson } from "../http/route";
import { scopeOf } from "../http/scope";
import { publishLater } from "../realtime/events";
import type { LessonAudience, LessonEventType } from "../realtime/lesson-events";

const members = [Role.Student, Role.Tutor, Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin] as const;

/** The realtime event to both members, after the response (a publish never fails the change). */
function tellMembers(c: AppContext, type: LessonEventType, lesson: LessonAudience): void {
  publishLater(scopeOf(c), { to: "lesson-members", type, lessons: [lesson] });
}

const listQuery = (userId: number | null, query: z.output<typeof lessonListQuery>): LessonListQuery => ({
  userId,
  status: query.status,
  when: query.when,
  after: query.after,
  before: query.before,
  sort: query.sort,
  q: query.q || undefined,
  page: query.page,
  size: query.size,
});

const feedUsers = [Role.Student, Role.Tutor, Role.TutorManager] as const;

export const lessonRoutes = [
  route(lessonContracts.book, {
    access: [Role.Student],
    summary: "Book a 15- or 30-minute lesson in a tutor's free time (every rule of docs/rules.md, in order).",
    // The tutor's clock is read with the caller, so the booking stays two round trips.
    prefetch: ({ c, body }) => [tutorTimeZoneQuery(c.get("db"), body.tutorId)],
    async handle({ c, body, user, prefetched }) {
      const tutorTimeZone = prefetched?.[0][0]?.timeZone;
      // One batch stored the lesson, its room and both members' notifications; delivery follows the response.
      const { lesson, tutor, outbox } = await bookLesson(c.get("db"), {
        student: user,
        tutorId: body.tutorId,
        start: body.start,
        duration: body.duration,
        tutorTimeZone,
      });
      deliverLater(scopeOf(c), outbox);
      tellMembers(c, "LessonBooked", { id: lesson.id, memberIds: [tutor.id, user.id] });
      return toLessonView(lesson, tutor, user);
    },
  }),
  route(lessonContracts.reschedule, {
    access: [Role.Student],
    summary: "Reschedule a lesson (the student): the same rules as booking, its own time not busy.",
    // The lesson is read with the caller; then one batch: the move and both members' notifications.
    prefetch: ({ c, userId, body }) => [studentLessonQuery(c.get("db"), body.id, userId)],
    async handle({ c, body, user, prefetched }) {
      const read = prefetched ? (prefetched[0][0] ?? null) : undefined;
      const { lesson, tutor, outbox } = await rescheduleLesson(c.get("db"), {
        student: user,
        lessonId: body.id,
        start: body.start,
        duration: body.duration,
        now: c.get("now"),
        read,
      });
      deliverLater(scopeOf(c), outbox);
      tellMembers(c, "LessonRebooked", { id: lesson.id, memberIds: [tutor.id, user.id] });
      return toLessonView(lesson, tutor, user);
    },
  }),
  route(lessonContracts.list, {
    access: "signed-in",
    summary:
      "The caller's own lessons (staff: one user's with user=; admins: everyone's with scope=all, the admin area's list), filtered ratified/canceled and future/past/now; paged.",
    // The caller's own lessons (the usual question) go in one batch with the caller's read.
    prefetch: ({ c, userId, query }) =>
      query.scope === undefined && (query.user === undefined || query.user === userId)
        ? [lessonListStatement(c.get("db"), listQuery(userId, query), c.get("now"))]
        : null,
    async handle({ c, query, user, prefetched }) {
      const staff = isLessonStaff(user.role as Role);
      if (query.user !== undefined && query.user !== user.id && !staff) fail("forbidden");
      // The platform-wide list is the admin area's alone; a tutor manager's own screens show their own lessons.
      if (query.scope === "all" && !isAdmin(user.role as Role)) fail("forbidden");
      const userId = query.user ?? (query.scope === "all" ? null : user.id);
      // Prefetched for the token's user: the answer when that is whose lessons are asked for.
      const answer =
        prefetched && userId === user.id
          ? await lessonListJson(c.get("db"), prefetched[0], listQuery(userId, query), c.get("now"))
          : await listLessons(c.get("db"), listQuery(userId, query), c.get("now"));
      // SQLite wrote the list's items (lessonListJson); tests/worker/lessons.test.ts parses the text with the contract.
      return writtenJson(c, lessonContracts.list.response, answer);
    },
  }),
  route(lessonContracts.stats, {
    access: "signed-in",
    summary: "Counts of the caller's (or, for staff, a user's) attended, upcoming and cancelled lessons.",
    handle({ c, query, user }) {
      if (query.user !== undefined && query.user !== user.id && !isLessonStaff(user.role as Role))
        fail("forbidden");
      return lessonStats(c.get("db"), query.user ?? user.id);
    },
  }),
  route(lessonContracts.freeTimes, {
    access: "public",
    summary:
      "A tutor's free 15-minute-grid lesson starts for a duration in [from, to): inside Lesson/General slots, after the notice, clear of busy times.",
    handle: ({ c, query }) => findFreeTimes(c.get("db"), query),
  }),
  route(lessonContracts.feed, {
    access: feedUsers,
    summary: "The caller's personal calendar feed URL (https and webcal:), created on first use.",
    async handle({ c, user }): Promise<CalendarFeed> {
      return feedUrls(new URL(c.req.url).origin, await feedToken(c.get("db"), user.id));
    },
  }),
  route(lessonContracts.rotateFeed, {
    access: feedUsers,
    summary: "Replace the caller's calendar feed token: the old URL stops working.",
    async handle({ c, user }): Promise<CalendarFeed> {
      return feedUrls(new URL(c.req.url).origin, await rotateFeedToken(c.get("db"), user.id));
    },
  }),
  route(lessonContracts.calendarFile, {
    access: "public",
    summary: "A user's lessons as an iCalendar (RFC 5545) feed; the token in the path is the secret.",
    async handle({ c, params }) {
      const lessons = await feedLessons(c.get("db"), params.file);
      if (!lessons) fail("not-found");
      const origin = new URL(c.req.url);
      const body = renderCalendar({ host: origin.hostname, appOrigin: origin.origin, lessons });
      return new Response(body, {
        headers: {
          "content-type": "text/calendar; charset=utf-8",
          "content-disposition": 'inline; filename="dars-lessons.ics"',
          "cache-control": "private, no-store",
        },
      });
    },
  }),
  route(lessonContracts.get, {
    access: "signed-in",
    summary: "A lesson (its members, admins and tutor managers).",
    prefetch: ({ c, params }) => [lessonQuery(c.get("db"), params.id)],
    handle: ({ c, params, user, prefetched }) =>
      readLesson(c.get("db"), params.id, user, c.get("now"), prefetchedLesson(prefetched)),
  }),
  route(lessonContracts.cancel, {
    access: members,
    summary: "Cancel a lesson (a member or an admin) until 6 hours before it; the other member is notified.",
    // The lesson is read with the caller; then the update and the other member's notifications are one batch.
    prefetch: ({ c, params }) => [lessonQuery(c.get("db"), params.id)],
    async handle({ c, params, user, prefetched }) {
      const { lesson, tutor, student, outbox } = await cancelLesson(scopeOf(c), {
        id: params.id,
        caller: user,
        read: prefetchedLesson(prefetched),
        auditBy: auditActorOf(c, user.id),
      });
      deliverLater(scopeOf(c), outbox);
      tellMembers(c, "LessonCanceled", { id: lesson.id, memberIds: [tutor.id, student.id] });
      return toLessonView(lesson, tutor, student);
    },
  }),
];
