import { z } from "zod";
import { Gender } from "../enums";
import { aboutRule, bioRule, noticeRule, timeZoneRule, tutorNameRule } from "../rules";
import { cappedPaged, servedPagesOnly, paged, pageQuery, idParam } from "./common";
import { tutorRating } from "./rating";
import { topicView } from "./topic";
import { tutorMeta, userView } from "./user";
import { contract } from "./contract";

export { tutorRating, type TutorRating } from "./rating";

/** PUT /user/tutor/profile — the tutor's public profile fields (any subset). */
export const tutorProfileBody = z
  .object({ name: tutorNameRule, bio: bioRule, about: aboutRule, notice: noticeRule })
  .partial();
export type TutorProfileBody = z.infer<typeof tutorProfileBody>;

/** Admins change another tutor's profile with ?tutorId=. */
export const tutorProfileQuery = z.object({
  tutorId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});

/** A calendar day (YYYY-MM-DD). */
export const day = z
  .string({ error: "bad-request" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "bad-request")
  .refine(
    (s) => !Number.isNaN(Date.parse(s)) && new Date(Date.parse(s)).toISOString().startsWith(s),
    "bad-request",
  );

/** GET /user/tutor/list/onboarded — paged public tutor list. */
export const tutorListQuery = servedPagesOnly(
  pageQuery.extend({
    topicId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
    name: z.string({ error: "bad-request" }).trim().min(1, "bad-request").max(30, "bad-request").optional(),
    gender: z.enum([Gender.Male, Gender.Female], { error: "bad-request" }).optional(),
    /** Has free time on this calendar day of the viewer's zone. */
    day: day.optional(),
    /** The zone `day` is read in (the viewer's); Africa/Cairo when absent. */
    timeZone: timeZoneRule.optional(),
  }),
);
export type TutorListQuery = z.infer<typeof tutorListQuery>;

/** A card of the public tutor list. */
export const tutorCard = z.object({
  id: z.number(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  gender: z.enum(Gender).nullable(),
  bio: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
  topics: z.array(topicView),
  rating: tutorRating,
  lessonsTaught: z.number(),
  /** The soonest moment the tutor has free time (null: none ahead). */
  nextFreeAt: z.string().nullable(),
  /** The median time of the tutor's first reply to a new student over 30 days (null: under 5 such chats), worker/domain/learning/response-time.ts. */
  responseSeconds: z.number().int().nullable(),
});
export type TutorCard = z.output<typeof tutorCard>;

/** GET /user/tutor/info/{id} — the public profile. */
export const tutorInfo = tutorCard.extend(tutorMeta.pick({ about: true, notice: true }).shape);
export type TutorInfo = z.output<typeof tutorInfo>;

/** GET /user/tutor/stats/{id}: the card's lessons taught and rating, and more counts. */
export const tutorStats = tutorCard.pick({ id: true, lessonsTaught: true, rating: true }).extend({
  minutesTaught: z.number(),
  studentsTaught: z.number(),
  upcomingLessons: z.number(),
  joinedAt: z.string(),
});
export type TutorStats = z.output<typeof tutorStats>;

/** PUT /user/tutor/profile answers the tutor's profile as it now is. */
export const tutorProfile = userView
  .pick({ id: true, name: true })
  .extend(tutorMeta.pick({ bio: true, about: true, notice: true }).shape);
export type TutorProfile = z.output<typeof tutorProfile>;

const queryId = z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

/** GET /user/tutor/activity/{id}?days= — the tutor, tutor managers and admins. */
export const tutorActivityQuery = z.object({
  days: z.coerce
    .number({ error: "bad-request" })
    .int("bad-request")
    .min(1, "bad-request")
    .max(90, "bad-request")
    .default(30),
});
/** One Africa/Cairo calendar day: lessons taught (ended, not cancelled) and their minutes. */
export const activityDay = z.object({ day: z.string(), lessons: z.number(), minutes: z.number() });
export type ActivityDay = z.output<typeof activityDay>;
export const tutorActivity = z.object({
  tutorId: z.number(),
  /** Every day of the window, oldest first (days without lessons are zeros). */
  days: z.array(activityDay),
  totals: z.object({
    lessons: z.number(),
    minutes: z.number(),
    canceledByTutor: z.number(),
    canceledByOthers: z.number(),
  }),
  lastLessonAt: z.string().nullable(),
  /** When the tutor last changed their availability. */
  lastSlotChangeAt: z.string().nullable(),
});
export type TutorActivity = z.output<typeof tutorActivity>;

/** GET /user/interviewer/select — the activated tutor managers a tutor or admin can pick from. */
export const interviewerSelectQuery = pageQuery;
export const interviewerOption = z.object({
  id: z.number(),
  name: z.string().nullable(),
  image: z.string().nullable(),
});
export type InterviewerOption = z.output<typeof interviewerOption>;

/** The staff tutors table's sortable columns, each ascending or (with "-") descending. */
export const fullTutorsSorts = ["created", "-created", "name", "-name", "email", "-email"] as const;
export type FullTutorsSort = (typeof fullTutorsSorts)[number];

/** GET /user/tutor/full-tutors — every tutor with every field, for staff (paged, newest first unless sorted). */
export const fullTutorsQuery = pageQuery.extend({
  /** The order: a column, descending with a leading "-"; newest first by default. */
  sort: z.enum(fullTutorsSorts, { error: "bad-request" }).default("-created"),
  name: z.string({ error: "bad-request" }).trim().min(1, "bad-request").max(50, "bad-request").optional(),
  activated: z
    .enum(["true", "false"], { error: "bad-request" })
    .transform((v) => v === "true")
    .optional(),
  /** Listed publicly (activated and the profile complete, media included). */
  onboarded: z
    .enum(["true", "false"], { error: "bad-request" })
    .transform((v) => v === "true")
    .optional(),
  /** The listing's media (image, video, thumbnail): some missing, or all there (the admin's media page). */
  media: z.enum(["missing", "complete"], { error: "bad-request" }).optional(),
});
export type FullTutorsQuery = z.infer<typeof fullTutorsQuery>;
/** The account's fields as the user view has them (the role as its number), the tutor meta, and whether the tutor is listed. */
export const fullTutor = userView
  .pick({
    id: true,
    name: true,
    email: true,
    phone: true,
    image: true,
    gender: true,
    city: true,
    birthYear: true,
    verifiedEmail: true,
    verifiedPhone: true,
    createdAt: true,
  })
  .extend({ role: z.number(), ...tutorMeta.omit({ id: true }).shape, onboarded: z.boolean() });
export type FullTutor = z.output<typeof fullTutor>;

/** GET /user/tutor/list/uncontacted — listed tutors the student has no chat (and so no lesson) with. */
export const uncontactedTutorsQuery = pageQuery;

/** GET /user/tutor/tutoring-minutes — the tutor's own (admins: ?tutorId=). */
export const tutoringMinutesQuery = z.object({ tutorId: queryId.optional() });
export const tutoringMinutes = z.object({
  tutorId: z.number(),
  /** Minutes of lessons that ended and were not cancelled. */
  taught: z.number(),
  /** Of those, in the current Africa/Cairo calendar month. */
  taughtThisMonth: z.number(),
  /** Minutes booked ahead (not cancelled, not started). */
  upcoming: z.number(),
});
export type TutoringMinutes = z.output<typeof tutoringMinutes>;

/** The tutor endpoints (worker/routes/tutor.ts). */
export const tutorContracts = {
  updateProfile: contract({
    method: "put",
    path: "/user/tutor/profile",
    body: tutorProfileBody,
    query: tutorProfileQuery,
    response: tutorProfile,
  }),
  list: contract({
    method: "get",
    path: "/user/tutor/list/onboarded",
    query: tutorListQuery,
    response: cappedPaged(tutorCard),
  }),
  info: contract({
    method: "get",
    path: "/user/tutor/info/:id{[0-9]+}",
    params: idParam,
    response: tutorInfo,
  }),
  stats: contract({
    method: "get",
    path: "/user/tutor/stats/:id{[0-9]+}",
    params: idParam,
    response: tutorStats,
  }),
  activity: contract({
    method: "get",
    path: "/user/tutor/activity/:id{[0-9]+}",
    query: tutorActivityQuery,
    params: idParam,
    response: tutorActivity,
  }),
  interviewers: contract({
    method: "get",
    path: "/user/interviewer/select",
    query: interviewerSelectQuery,
    response: paged(interviewerOption),
  }),
  fullTutors: contract({
    method: "get",
    path: "/user/tutor/full-tutors",
    query: fullTutorsQuery,
    response: paged(fullTutor),
  }),
  uncontacted: contract({
    method: "get",
    path: "/user/tutor/list/uncontacted",
    query: uncontactedTutorsQuery,
    response: paged(tutorCard),
  }),
  tutoringMinutes: contract({
    method: "get",
    path: "/user/tutor/tutoring-minutes",
    query: tutoringMinutesQuery,
    response: tutoringMinutes,
  }),
  flushCache: contract({ method: "delete", path: "/cache/flush", status: 204, response: "empty" }),
};
