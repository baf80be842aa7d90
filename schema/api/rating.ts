import { z } from "zod";
import { ratingTextRule, ratingValueRule } from "../rules";
import { paged, pageQuery, idParam, instant } from "./common";
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
  /** The rated tutor's one public reply (docs/rules.md, Reviews), null until written. */
  reply: z.string().nullable(),
  repliedAt: instant.nullable(),
  replyEditedAt: instant.nullable(),
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

/**
 * Reviews: replies, flags and hiding (docs/rules.md, Reviews). The rated tutor replies once; the
 * reply can be edited for 24 hours after it was first written (schema/reviews.ts), then it is final.
 */
export const ratingModerationBounds = {
  reply: { max: 1000 },
  flagText: { max: 500 },
  note: { max: 500 },
} as const;

/** PUT /rating/{id}/reply — the rated tutor's reply, plain text 1..1000. */
export const ratingReplyBody = z.object({
  text: z
    .string({ error: "empty-rating-reply" })
    .trim()
    .min(1, "empty-rating-reply")
    .max(ratingModerationBounds.reply.max, "long-rating-reply"),
});
export type RatingReplyBody = z.infer<typeof ratingReplyBody>;

/** Why a rating is flagged: a short list, and "other" with the optional text saying more. */
export const ratingFlagReasons = ["offensive", "spam", "no-lesson", "personal-data", "other"] as const;
export type RatingFlagReason = (typeof ratingFlagReasons)[number];

/** POST /rating/{id}/flag — one per user per rating, never one's own. */
export const ratingFlagBody = z.object({
  reason: z.enum(ratingFlagReasons, { error: "bad-request" }),
  text: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v),
    z
      .string({ error: "bad-request" })
      .max(ratingModerationBounds.flagText.max, "long-rating-flag-text")
      .optional(),
  ),
});
export type RatingFlagBody = z.infer<typeof ratingFlagBody>;

/** POST /rating/{id}/hide and /restore — staff's note, kept with the rating and in the audit log. */
export const ratingModerationBody = z.object({
  note: z
    .string({ error: "empty-rating-note" })
    .trim()
    .min(1, "empty-rating-note")
    .max(ratingModerationBounds.note.max, "long-rating-note"),
});
export type RatingModerationBody = z.infer<typeof ratingModerationBody>;

/** The staff table's states: flagged and showing, or hidden; both when left out. */
export const ratingModerationStates = ["flagged", "hidden"] as const;
export type RatingModerationState = (typeof ratingModerationStates)[number];
/** The staff table's sorts, each ascending or (with "-") descending; most flags first by default. */
export const ratingModerationSorts = ["flags", "-flags", "created", "-created"] as const;
export type RatingModerationSort = (typeof ratingModerationSorts)[number];

/** GET /rating/moderation — staff: the flagged or hidden ratings; search, state, sort, page. */
export const ratingModerationQuery = pageQuery.extend({
  /** Search as you type: the tutor's or the rater's name, the rating's text (any case). */
  q: z.string({ error: "bad-request" }).trim().max(100, "bad-request").optional(),
  state: z.enum(ratingModerationStates, { error: "bad-request" }).optional(),
  sort: z.enum(ratingModerationSorts, { error: "bad-request" }).default("-flags"),
});
export type RatingModerationQuery = z.infer<typeof ratingModerationQuery>;

const person = z.object({ id: z.number(), name: z.string().nullable() });

/** One flag as staff see it. */
export const ratingFlagView = z.object({
  reason: z.enum(ratingFlagReasons),
  text: z.string().nullable(),
  by: person,
  createdAt: instant,
});
export type RatingFlagView = z.output<typeof ratingFlagView>;

/** A flagged or hidden rating in the staff table: the rating, tutor, rater, flags and state. */
export const ratingModerationView = z.object({
  id: z.number(),
  value: z.number(),
  text: z.string().nullable(),
  reply: z.string().nullable(),
  createdAt: instant,
  tutor: person,
  rater: person,
  flagCount: z.number(),
  /** The latest flags, newest first (at most 20; flagCount counts them all). */
  flags: z.array(ratingFlagView),
  hiddenAt: instant.nullable(),
  hiddenBy: person.nullable(),
  hiddenNote: z.string().nullable(),
});
export type RatingModerationView = z.output<typeof ratingModerationView>;

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
  moderation: contract({
    method: "get",
    path: "/rating/moderation",
    query: ratingModerationQuery,
    response: paged(ratingModerationView),
  }),
  reply: contract({
    method: "put",
    path: "/rating/:id{[0-9]+}/reply",
    params: idParam,
    body: ratingReplyBody,
    response: ratingView,
  }),
  flag: contract({
    method: "post",
    path: "/rating/:id{[0-9]+}/flag",
    params: idParam,
    body: ratingFlagBody,
    status: 201,
    response: z.object({ flagged: z.literal(true) }),
  }),
  hide: contract({
    method: "post",
    path: "/rating/:id{[0-9]+}/hide",
    params: idParam,
    body: ratingModerationBody,
    response: ratingModerationView,
  }),
  restore: contract({
    method: "post",
    path: "/rating/:id{[0-9]+}/restore",
    params: idParam,
    body: ratingModerationBody,
    response: ratingModerationView,
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
