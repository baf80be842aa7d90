import { z } from "zod";
import { Gender } from "../enums";
import { aboutRule, bioRule, noticeRule, tutorNameRule } from "../rules";
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

/** A calendar day (YYYY-MM-DD), read in Africa/Cairo. */
const day = z
  .string({ error: "bad-request" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "bad-request")
  .refine((s) => !Number.isNaN(Date.parse(s)) && new Date(Date.parse(s)).toISOString().startsWith(s), "bad-request");

/** GET /user/tutor/list/onboarded — paged public tutor list. */
export const tutorListQuery = pageQuery.extend({
  topicId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
  name: z.string({ error: "bad-request" }).trim().min(1, "bad-request").max(30, "bad-request").optional(),
  gender: z.enum([Gender.Male, Gender.Female], { error: "bad-request" }).optional(),
  /** Has free time on this Cairo calendar day. */
  day: day.optional(),
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
