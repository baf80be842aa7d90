import { z } from "zod";
import { idParam, paged, pageQuery } from "./common";
import { contract } from "./contract";
import { tutorCard } from "./tutor";

/** How many saved tutor ids GET /favourites/ids answers at most (the newest saved first). */
export const MAX_FAVOURITE_IDS = 500;

/** PUT and DELETE /tutor/{id}/favourite answer whether the tutor is now saved. */
export const favouriteState = z.object({ tutorId: z.number().int(), saved: z.boolean() });
export type FavouriteState = z.output<typeof favouriteState>;

/** GET /favourites/ids: the caller's saved tutors' ids, so a list marks its hearts with one small request. */
export const favouriteIds = z.object({ ids: z.array(z.number().int()) });
export type FavouriteIds = z.output<typeof favouriteIds>;

/** GET /favourites — the caller's saved tutors, newest saved first, as the tutor list's cards. */
export const favouritesQuery = pageQuery;

/** docs/rules.md, "Learning after the lesson": any signed-in user saves activated tutors. */
export const favouriteContracts = {
  save: contract({
    method: "put",
    path: "/tutor/:id{[0-9]+}/favourite",
    params: idParam,
    response: favouriteState,
  }),
  remove: contract({
    method: "delete",
    path: "/tutor/:id{[0-9]+}/favourite",
    params: idParam,
    response: favouriteState,
  }),
  list: contract({
    method: "get",
    path: "/favourites",
    query: favouritesQuery,
    response: paged(tutorCard),
  }),
  ids: contract({
    method: "get",
    path: "/favourites/ids",
    response: favouriteIds,
  }),
};
