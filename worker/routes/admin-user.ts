import { idParam } from "../../schema/api/common";
import { userListQuery, type StudentStats } from "../../schema/api/admin-user";
import { Role } from "../../schema/enums";
import { listUsers, studentStats } from "../domain/admin-users";
import { cairoMonthWindow } from "../domain/stats";
import { fail } from "../http/failure";
import { route } from "../http/route";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

// Registered before statsRoutes and userRoutes (worker/routes/index.ts): /user/list and
// /user/student/stats/{id} must not be taken by /user/:id (Hono matches in order).
export const adminUserRoutes = [
  route({
    method: "get",
    path: "/user/list",
    access: admins,
    summary: "Every account, newest first (admins); filters role, search (name or email), verified, activated (tutor side); paged.",
    query: userListQuery,
    handle: ({ c, query }) => listUsers(c.get("db"), query),
  }),
  route({
    method: "get",
    path: "/user/student/stats/:id{[0-9]+}",
    access: [Role.Student, Role.TutorManager, ...admins],
    summary: "A student's next lesson and lesson counts (the student themselves, admins and tutor managers).",
    params: idParam,
    handle({ c, params, user }): Promise<StudentStats> {
      if (user.role === Role.Student && user.id !== params.id) fail("forbidden");
      return studentStats(c.get("db"), params.id, cairoMonthWindow(new Date()));
    },
  }),
];
