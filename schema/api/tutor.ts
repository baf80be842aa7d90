import { z } from "zod";
import { Gender } from "../enums";
import { aboutRule, bioRule, noticeRule, timeZoneRule, tutorNameRule } from "../rules";
import { pageQuery } from "./common";
import type { TopicView } from "./topic";

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
  .refine((s) => !Number.isNaN(Date.parse(s)) && new Date(Date.parse(s)).toISOString().startsWith(s), "bad-request");

/** GET /user/tutor/list/onboarded — paged public tutor list. */
export const tutorListQuery = pageQuery.extend({
  topicId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
  name: z.string({ error: "bad-request" }).trim().min(1, "bad-request").max(30, "bad-request").optional(),
  gender: z.enum([Gender.Male, Gender.Female], { error: "bad-request" }).optional(),
  /** Has free time on this calendar day of the viewer's zone. */
  day: day.optional(),
  /** The zone `day` is read in (the viewer's); Africa/Cairo when absent. */
  timeZone: timeZoneRule.optional(),
});
export type TutorListQuery = z.infer<typeof tutorListQuery>;

export type TutorRating = { average: number | null; count: number };

/** A card of the public tutor list. */
export type TutorCard = {
  id: number;
  name: string | null;
  image: string | null;
  gender: Gender | null;
  bio: string | null;
  video: string | null;
  thumbnail: string | null;
  topics: TopicView[];
  rating: TutorRating;
  lessonsTaught: number;
  /** The soonest moment the tutor has free time (null: none ahead). */
  nextFreeAt: string | null;
};

/** GET /user/tutor/info/{id} — the public profile. */
export type TutorInfo = TutorCard & { about: string | null; notice: number };

/** GET /user/tutor/stats/{id}. */
export type TutorStats = {
  id: number;
  lessonsTaught: number;
  minutesTaught: number;
  studentsTaught: number;
  upcomingLessons: number;
  rating: TutorRating;
  joinedAt: string;
};

/** PUT /user/tutor/profile answers the tutor's profile as it now is. */
export type TutorProfile = {
  id: number;
  name: string | null;
  bio: string | null;
  about: string | null;
  notice: number;
};

const queryId = z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

/** GET /user/tutor/activity/{id}?days= — the tutor, tutor managers and admins. */
export const tutorActivityQuery = z.object({
  days: z.coerce.number({ error: "bad-request" }).int("bad-request").min(1, "bad-request").max(90, "bad-request").default(30),
});
/** One Africa/Cairo calendar day: lessons taught (ended, not cancelled) and their minutes. */
export type ActivityDay = { day: string; lessons: number; minutes: number };
export type TutorActivity = {
  tutorId: number;
  /** Every day of the window, oldest first (days without lessons are zeros). */
  days: ActivityDay[];
  totals: { lessons: number; minutes: number; canceledByTutor: number; canceledByOthers: number };
  lastLessonAt: string | null;
  /** When the tutor last changed their availability. */
  lastSlotChangeAt: string | null;
};

/** GET /user/interviewer/select — the activated tutor managers a tutor or admin can pick from. */
export const interviewerSelectQuery = pageQuery;
export type InterviewerOption = { id: number; name: string | null; image: string | null };

/** The staff tutors table's sortable columns, each ascending or (with "-") descending. */
export const fullTutorsSorts = ["created", "-created", "name", "-name", "email", "-email"] as const;
export type FullTutorsSort = (typeof fullTutorsSorts)[number];

/** GET /user/tutor/full-tutors — every tutor with every field, for staff (paged, newest first unless sorted). */
export const fullTutorsQuery = pageQuery.extend({
  /** The order: a column, descending with a leading "-"; newest first by default. */
  sort: z.enum(fullTutorsSorts, { error: "bad-request" }).default("-created"),
  name: z.string({ error: "bad-request" }).trim().min(1, "bad-request").max(50, "bad-request").optional(),
  activated: z.enum(["true", "false"], { error: "bad-request" }).transform((v) => v === "true").optional(),
  /** Listed publicly (activated and the profile complete, media included). */
  onboarded: z.enum(["true", "false"], { error: "bad-request" }).transform((v) => v === "true").optional(),
  /** The listing's media (image, video, thumbnail): some missing, or all there (the admin's media page). */
  media: z.enum(["missing", "complete"], { error: "bad-request" }).optional(),
});
export type FullTutorsQuery = z.infer<typeof fullTutorsQuery>;
export type FullTutor = {
  id: number;
  role: number;
  name: string | null;
  email: string;
  phone: string | null;
  image: string | null;
  gender: Gender | null;
  city: number | null;
  birthYear: number | null;
  verifiedEmail: boolean;
  verifiedPhone: boolean;
  bio: string | null;
  about: string | null;
  video: string | null;
  thumbnail: string | null;
  notice: number;
  activated: boolean;
  bypassOnboarding: boolean;
  onboarded: boolean;
  createdAt: string;
};

/** GET /user/tutor/list/uncontacted — listed tutors the student has no chat (and so no lesson) with. */
export const uncontactedTutorsQuery = pageQuery;

/** GET /user/tutor/tutoring-minutes — the tutor's own (admins: ?tutorId=). */
export const tutoringMinutesQuery = z.object({ tutorId: queryId.optional() });
export type TutoringMinutes = {
  tutorId: number;
  /** Minutes of lessons that ended and were not cancelled. */
  taught: number;
  /** Of those, in the current Africa/Cairo calendar month. */
  taughtThisMonth: number;
  /** Minutes booked ahead (not cancelled, not started). */
  upcoming: number;
};
