import { z } from "zod";
import { Role } from "../enums";
import { paged, pageQuery, idParam } from "./common";
import { studentPersonalStats } from "./stats";
import { userView } from "./user";
import { contract } from "./contract";

const flag = z.enum(["true", "false"], { error: "bad-request" }).transform((v) => v === "true");

/** The admin user table's sortable columns, each ascending or (with "-") descending. */
export const userListSorts = [
  "created",
  "-created",
  "name",
  "-name",
  "email",
  "-email",
  "role",
  "-role",
] as const;
export type UserListSort = (typeof userListSorts)[number];

/** GET /user/list (admins) — every account, newest first; filters role, name/email search, verified email, tutor activation. */
export const userListQuery = pageQuery.extend({
  role: z.coerce
    .number({ error: "bad-request" })
    .int("bad-request")
    .min(Role.SuperAdmin, "bad-request")
    .max(Role.Studio, "bad-request")
    .optional(),
  search: z.string({ error: "bad-request" }).trim().min(1, "bad-request").max(100, "bad-request").optional(),
  /** The email is verified. */
  verified: flag.optional(),
  /** Tutor-side accounts only: activated (true) or not (false). */
  activated: flag.optional(),
  /** The same as search (the admin tables' search-as-you-type box); search wins when both are given. */
  q: z.string({ error: "bad-request" }).trim().max(100, "bad-request").optional(),
  /** The order: a column, descending with a leading "-"; newest first by default. */
  sort: z.enum(userListSorts, { error: "bad-request" }).default("-created"),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** A user in the admin list: the account, plus activation for tutor-side accounts (null otherwise). */
export const userListItem = userView.extend({ activated: z.boolean().nullable() });
export type UserListItem = z.output<typeof userListItem>;

/** GET /user/student/stats/{id} — the student themselves or staff. */
export const studentStats = studentPersonalStats.extend({
  studentId: z.number(),
  /** Lessons that happened (ended, not cancelled, the tutor not reported absent), all time. */
  attendedLessons: z.number(),
  /** Their minutes. */
  attendedMinutes: z.number(),
  /** Lessons not cancelled that have not ended yet. */
  upcomingLessons: z.number(),
  /** Lessons cancelled by anyone. */
  canceledLessons: z.number(),
});
export type StudentStats = z.output<typeof studentStats>;

/** The admin's user endpoints (worker/routes/admin-user.ts). */
export const adminUserContracts = {
  list: contract({ method: "get", path: "/user/list", query: userListQuery, response: paged(userListItem) }),
  studentStats: contract({
    method: "get",
    path: "/user/student/stats/:id{[0-9]+}",
    params: idParam,
    response: studentStats,
  }),
};
