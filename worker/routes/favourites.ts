import { favouriteContracts } from "../../schema/api/favourites";
import {
  favouriteIdsOf,
  listFavourites,
  removeFavourite,
  saveFavourite,
} from "../domain/learning/favourites";
import { route } from "../http/route";

/** docs/rules.md, "Learning after the lesson": any signed-in user keeps a list of saved tutors. */
export const favouriteRoutes = [
  route(favouriteContracts.save, {
    access: "signed-in",
    summary: "Save an activated tutor (saving again changes nothing; tutor-not-found otherwise).",
    handle: ({ c, params, user }) => saveFavourite(c.get("db"), user.id, params.id),
  }),
  route(favouriteContracts.remove, {
    access: "signed-in",
    summary: "Forget a saved tutor (forgetting one not saved changes nothing).",
    handle: ({ c, params, user }) => removeFavourite(c.get("db"), user.id, params.id),
  }),
  route(favouriteContracts.list, {
    access: "signed-in",
    summary: "The caller's saved tutors, newest saved first, as the tutor list's cards (paged).",
    handle: ({ c, query, user }) => listFavourites(c.get("db"), user.id, query),
  }),
  route(favouriteContracts.ids, {
    access: "signed-in",
    summary: "The ids of the caller's saved tutors, for the hearts on a list of tutors.",
    handle: async ({ c, user }) => ({ ids: await favouriteIdsOf(c.get("db"), user.id) }),
  }),
];
