import { ratingContracts } from "../../schema/api/rating";
import { Role } from "../../schema/enums";
import {
  createRating,
  deleteRating,
  findRating,
  listRatingsBy,
  listTutorReviews,
  toRatingView,
  updateRating,
} from "../domain/lessons/ratings";
import { tutorsChanged } from "../domain/tutors/tutor-list";
import { route } from "../http/route";

// The tutor list orders by average rating, so every rating write makes its cache stale.
export const ratingRoutes = [
  route(ratingContracts.byRater, {
    access: "public",
    summary: "Ratings a user gave, newest first; paged.",
    handle: ({ c, params, query }) => listRatingsBy(c.get("db"), "rater", params.id, query.page, query.size),
  }),
  route(ratingContracts.byRatee, {
    access: "public",
    summary: "Ratings a user received, newest first; paged.",
    handle: ({ c, params, query }) => listRatingsBy(c.get("db"), "ratee", params.id, query.page, query.size),
  }),
  route(ratingContracts.tutorReviews, {
    access: "public",
    summary:
      "A tutor's reviews for the profile: newest first with the rater's name and image, the average and count; paged. An unknown tutor is tutor-not-found.",
    handle: ({ c, params, query }) => listTutorReviews(c.get("db"), params.id, query.page, query.size),
  }),
  route(ratingContracts.get, {
    access: "public",
    summary: "A rating.",
    handle: async ({ c, params }) => toRatingView(await findRating(c.get("db"), params.id)),
  }),
  route(ratingContracts.create, {
    access: [Role.Student, Role.Tutor, Role.TutorManager],
    summary:
      "Rate (value 1..5, optional text 3..1000): a student a tutor after a past, not-cancelled lesson with them; a tutor the studio that uploaded their video (else forbidden); one per pair (rating-exists).",
    async handle({ c, body, user }) {
      const row = await createRating(c.get("db"), { id: user.id, role: user.role as Role }, body);
      tutorsChanged();
      return toRatingView(row);
    },
  }),
  route(ratingContracts.update, {
    access: "signed-in",
    summary: "Change a rating's value and/or text: the rater or an admin (else forbidden).",
    async handle({ c, params, body, user }) {
      const row = await updateRating(c.get("db"), user, params.id, body);
      tutorsChanged();
      return toRatingView(row);
    },
  }),
  route(ratingContracts.remove, {
    access: "signed-in",
    summary: "Delete a rating: the rater or an admin (else forbidden).",
    async handle({ c, params, user }) {
      await deleteRating(c.get("db"), user, params.id);
      tutorsChanged();
    },
  }),
];
