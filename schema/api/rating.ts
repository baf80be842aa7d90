import { z } from "zod";
import { ratingTextRule, ratingValueRule } from "../rules";
import type { Paged } from "./common";

/** Text is optional: omitted, null or blank means no text. */
const optionalText = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v), ratingTextRule.nullable().optional());

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

export type RatingView = {
  id: number;
  raterId: number;
  rateeId: number;
  value: number;
  text: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A review on a tutor's profile: the rating with its rater's name and image. */
export type TutorReview = RatingView & { raterName: string | null; raterImage: string | null };

/** GET /rating/list/tutor/{id}: newest first, paged, with the tutor's average and count. */
export type TutorReviews = Paged<TutorReview> & { average: number | null; count: number };
