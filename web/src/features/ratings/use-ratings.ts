import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ratingContracts,
  type CreateRatingBody,
  type RatingFlagBody,
  type RatingModerationSort,
  type RatingModerationState,
  type RatingView,
  type UpdateRatingBody,
} from "@schema/api/rating";
import { isTutorSide, Role } from "@schema/enums";
import { useSession } from "../../lib/session";
import { call } from "../../lib/client";

export const reviewsPageSize = 10;

export const ratingKeys = {
  all: ["ratings"] as const,
  tutor: (tutorId: number, page: number) => ["ratings", "tutor", tutorId, page] as const,
  mine: (userId: number) => ["ratings", "rater", userId] as const,
};

/** GET /rating/list/tutor/{id}: newest first with the raters' names, the average and count (public). */
export function useTutorReviewsQuery(tutorId: number, page: number) {
  return useQuery({
    queryKey: ratingKeys.tutor(tutorId, page),
    queryFn: ({ signal }) =>
      call(ratingContracts.tutorReviews, {
        params: { id: tutorId },
        public: true,
        query: { page, size: reviewsPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: tutorId > 0,
  });
}

/** The signed-in rater's ratings by ratee id: a student's of tutors, a tutor's of studios (GET /rating/list/rater/{me}; the first 100). */
export function useMyRatingsQuery() {
  const { user } = useSession();
  const userId = user?.id ?? 0;
  return useQuery({
    queryKey: ratingKeys.mine(userId),
    queryFn: async ({ signal }) => {
      const page = await call(ratingContracts.byRater, {
        params: { id: userId },
        query: { page: 1, size: 100 },
        signal,
      });
      return new Map(page.list.map((rating) => [rating.rateeId, rating]));
    },
    enabled: userId > 0 && user !== null && (user.role === Role.Student || isTutorSide(user.role)),
  });
}

function useInvalidateRatings() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ratingKeys.all });
    void queryClient.invalidateQueries({ queryKey: ["tutors"] });
  };
}

/** POST /rating/ or, with an existing rating, PUT /rating/{id}. */
export function useSaveRating() {
  const invalidate = useInvalidateRatings();
  return useMutation({
    mutationFn: ({ existing, body }: { existing: RatingView | null; body: CreateRatingBody }) => {
      if (!existing) return call(ratingContracts.create, { body });
      const update: UpdateRatingBody = { value: body.value, text: body.text ?? null };
      return call(ratingContracts.update, { params: { id: existing.id }, body: update });
    },
    onSuccess: invalidate,
  });
}

/** DELETE /rating/{id}. */
export function useDeleteRating() {
  const invalidate = useInvalidateRatings();
  return useMutation({
    mutationFn: (id: number) => call(ratingContracts.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** PUT /rating/{id}/reply: the rated tutor's reply (written once, editable for 24 hours). */
export function useReplyToRating() {
  const invalidate = useInvalidateRatings();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) =>
      call(ratingContracts.reply, { params: { id }, body: { text } }),
    onSuccess: invalidate,
  });
}

/** POST /rating/{id}/flag: one per user per rating. */
export function useFlagRating() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RatingFlagBody }) =>
      call(ratingContracts.flag, { params: { id }, body }),
  });
}

export type RatingModerationFilters = {
  page: number;
  q: string;
  state: RatingModerationState | null;
  sort: RatingModerationSort;
};

export const moderationPageSize = 10;

/** GET /rating/moderation: one page of the staff table (empty filters left out). */
export function useRatingModerationQuery(filters: RatingModerationFilters) {
  return useQuery({
    queryKey: ["ratings", "moderation", filters] as const,
    queryFn: ({ signal }) =>
      call(ratingContracts.moderation, {
        query: {
          page: filters.page,
          size: moderationPageSize,
          q: filters.q || undefined,
          state: filters.state ?? undefined,
          sort: filters.sort === "-flags" ? undefined : filters.sort,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /rating/{id}/hide or /restore with staff's note. */
export function useSetRatingHidden() {
  const invalidate = useInvalidateRatings();
  return useMutation({
    mutationFn: ({ id, hide, note }: { id: number; hide: boolean; note: string }) =>
      call(hide ? ratingContracts.hide : ratingContracts.restore, { params: { id }, body: { note } }),
    onSuccess: invalidate,
  });
}
