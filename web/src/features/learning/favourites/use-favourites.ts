import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { favouriteContracts, type FavouriteIds } from "@schema/api/favourites";
import { call } from "../../../lib/client";
import { useIsSignedIn } from "../../../lib/session";

/** Page size of /favourites (the tutor list's, so the cards sit the same). */
export const favouritesPageSize = 12;

export const favouriteKeys = {
  all: ["favourites"] as const,
  ids: ["favourites", "ids"] as const,
  list: (page: number) => ["favourites", "list", page] as const,
};

/**
 * GET /favourites/ids: the signed-in user's saved tutors, asked once and shared by every heart on
 * the screen (a list of cards makes no request per card); nothing for a visitor.
 */
export function useFavouriteIds(): Set<number> | undefined {
  const signedIn = useIsSignedIn();
  const query = useQuery({
    queryKey: favouriteKeys.ids,
    queryFn: ({ signal }) => call(favouriteContracts.ids, { signal }),
    enabled: signedIn,
    staleTime: 5 * 60 * 1000,
    select: (data: FavouriteIds) => new Set(data.ids),
  });
  return signedIn ? query.data : undefined;
}

/** GET /favourites, a page of saved tutors' cards. */
export function useFavouritesQuery(page: number) {
  return useQuery({
    queryKey: favouriteKeys.list(page),
    queryFn: ({ signal }) =>
      call(favouriteContracts.list, { query: { page, size: favouritesPageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * PUT or DELETE /tutor/{id}/favourite, optimistic: the heart changes at once in the shared ids
 * and goes back if the Worker refuses; the saved list is asked again after.
 */
export function useToggleFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tutorId, save }: { tutorId: number; save: boolean }) =>
      call(save ? favouriteContracts.save : favouriteContracts.remove, { params: { id: tutorId } }),
    onMutate: async ({ tutorId, save }) => {
      await client.cancelQueries({ queryKey: favouriteKeys.ids });
      const before = client.getQueryData<FavouriteIds>(favouriteKeys.ids);
      const ids = (before?.ids ?? []).filter((id) => id !== tutorId);
      client.setQueryData<FavouriteIds>(favouriteKeys.ids, { ids: save ? [tutorId, ...ids] : ids });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) client.setQueryData(favouriteKeys.ids, context.before);
      else void client.invalidateQueries({ queryKey: favouriteKeys.ids });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ["favourites", "list"] }),
  });
}
