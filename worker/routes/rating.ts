import { ratingContracts } from "../../schema/api/rating";
import { Role } from "../../schema/enums";
import { ratingModerators } from "../../schema/staff-rights";
import {
  createRating,
  deleteRating,
  findRating,
  listRatingsBy,
  listTutorReviews,
  toRatingView,
  updateRating,
} from "../domain/lessons/ratings";
import {
  flagRating,
  listRatingsForModeration,
  replyToRating,
  setRatingHidden,
} from "../domain/lessons/ratings-moderation";
import { auditActorOf } from "../domain/staff/audit";
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
  route(ratingContracts.moderation, {
    access: ratingModerators,
    summary:
      "Staff: the flagged ratings and those staff hid or restored, with tutor, rater, flags and state; ?q searches the names and the text; ?state flagged|hidden; ?sort flags|-flags|created|-created (most flags first); paged.",
    handle: ({ c, query }) => listRatingsForModeration(c.get("db"), query),
  }),
  route(ratingContracts.reply, {
    access: [Role.Tutor, Role.TutorManager],
    summary:
      "The rated tutor replies to a rating (1..1000): the first call writes it, a later one edits it within 24 hours of the first (then rating-reply-locked); anyone else rating-reply-not-yours.",
    handle: async ({ c, params, body, user }) =>
      toRatingView(await replyToRating(c.get("db"), user.id, params.id, body.text)),
  }),
  route(ratingContracts.flag, {
    access: "signed-in",
    summary:
      "Flag a rating for staff (reason offensive|spam|no-lesson|personal-data|other, optional text ≤ 500): once per user per rating (rating-flag-exists), never one's own (own-rating-flag).",
    async handle({ c, params, body, user }) {
      await flagRating(c.get("db"), user.id, params.id, body);
      return { flagged: true as const };
    },
  }),
  route(ratingContracts.hide, {
    access: ratingModerators,
    summary:
      "Staff: hide a rating with a note (1..500), audited; it leaves the public reviews, the average and the tutor list's order at once (rating-already-hidden).",
    async handle({ c, params, body, user }) {
      const view = await setRatingHidden(c.get("db"), {
        id: params.id,
        hide: true,
        note: body.note,
        staffId: user.id,
        actor: auditActorOf(c, user.id),
      });
      tutorsChanged();
      return view;
    },
  }),
  route(ratingContracts.restore, {
    access: ratingModerators,
    summary: "Staff: show a hidden rating again with a note (1..500), audited (rating-not-hidden).",
    async handle({ c, params, body, user }) {
      const view = await setRatingHidden(c.get("db"), {
        id: params.id,
        hide: false,
        note: body.note,
        staffId: user.id,
        actor: auditActorOf(c, user.id),
      });
      tutorsChanged();
      return view;
    },
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
