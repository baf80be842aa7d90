import { dataRequestContracts } from "../../schema/api/data-requests";
import { Role } from "../../schema/enums";
import { listDataExports, listDeletionRequests } from "../domain/privacy/data-requests";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";

/** Who answers for personal data requests (docs/rules.md, "Your data: deletion"): the admins. */
const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const dataRequestRoutes = [
  route(dataRequestContracts.deletions, {
    access: admins,
    summary:
      "Staff: account deletion requests, newest first, paged; ?state pending|canceled|erasing|erased (erased: the erasures done); ?q a user id or part of an email (a whole email also finds an erased person by its keyed hash).",
    handle: ({ c, query }) => listDeletionRequests(scopeOf(c), query),
  }),
  route(dataRequestContracts.exports, {
    access: admins,
    summary:
      "Staff: data exports made, newest first, paged, with their state and dates (never the file); ?q a user id or part of an email.",
    handle: ({ c, query }) => listDataExports(scopeOf(c), query),
  }),
];
