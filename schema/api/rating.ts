import { z } from "zod";
import { ratingTextRule, ratingValueRule } from "../rules";
import { paged, pageQuery, idParam } from "./common";
import { contract } from "./contract";

/** Text is optional: omitted, null or blank means no text. */
const optionalText = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
  ratingTextRule.nullable().optional(),
);

/** POST /rating/ — a student rates a tutor they had a past, not-cancelled lesson with; a tutor rates the studio that made their video. */
export const createRatingBody = z.object({
  rateeId: z.number({ error: "bad-request" }).int("bad-request").positive("bad-request"),
  value: ratingValueRule,
  text: optionalText,
});
export type CreateRatingBody = z.infer<typeof createRatingBody>;

/** PUT /rating/{id} — the rater or an admin changes the value and/or the text (null clears it). */
export const updateRatingBody = z.object({
  value: ratingValueRule.optional(),
  text: optionalText,
});
export type UpdateRatingBody = z.infer<typeof updateRatingBody>;

export const ratingView = z.object({
  id: z.number(),
  raterId: z.number(),
  rateeId: z.number(),
  value: z.number(),
  text: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RatingView = z.output<typeof ratingView>;

/** A review on a tutor's profile: the rating with its rater's name and image. */
export const tutorReview = ratingView.extend({
  raterName: z.string().nullable(),
  raterImage: z.string().nullable(),
});
export type TutorReview = z.output<typeof tutorReview>;

/** A tutor's ratings summed up: the average of their values (null before the first) and how many. */
export const tutorRating = z.object({ average: z.number().nullable(), count: z.number() });
export type TutorRating = z.output<typeof tutorRating>;

/** GET /rating/list/tutor/{id}: newest first, paged, with the tutor's average and count. Codes: tutor-not-found. */
export const tutorReviews = paged(tutorReview).extend(tutorRating.shape);
export type TutorReviews = z.output<typeof tutorReviews>;

/** The rating endpoints (worker/routes/rating.ts). */
export const ratingContracts = {
  byRater: contract({
    method: "get",
    path: "/rating/list/rater/:id",
    query: pageQuery,
    params: idParam,
    response: paged(ratingView),
  }),
  byRatee: contract({
    method: "get",
    path: "/rating/list/ratee/:id",
    query: pageQuery,
    params: idParam,
    response: paged(ratingView),
  }),
  tutorReviews: contract({
    method: "get",
    path: "/rating/list/tutor/:id",
    query: pageQuery,
    params: idParam,
    response: tutorReviews,
  }),
  get: contract({ method: "get", path: "/rating/:id", params: idParam, response: ratingView }),
  create: contract({
    method: "post",
    path: "/rating/",
    body: createRatingBody,
    status: 201,
    response: ratingView,
  }),
  update: contract({
    method: "put",
    path: "/rating/:id",
    body: updateRatingBody,
    params: idParam,
    response: ratingView,
  }),
  remove: contract({
    method: "delete",
    path: "/rating/:id",
    params: idParam,
    status: 204,
    response: "empty",
  }),
};
