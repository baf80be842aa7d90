import { type StudentStats, adminUserContracts } from "../../schema/api/admin-user";
import { Role } from "../../schema/enums";
import { listUsers, studentStats } from "../domain/staff/admin-users";
import { cairoMonthWindow } from "../domain/staff/stats";
import { fail } from "../core/failure";
import { route } from "../http/route";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

// Registered before statsRoutes and userRoutes (worker/routes/index.ts): /user/list and
// /user/student/stats/{id} must not be taken by /user/:id (Hono matches in order).
export const adminUserRoutes = [
  route(adminUserContracts.list, {
    access: admins,
    summary:
      "Every account, newest first (admins); filters role, search (name or email), verified, activated (tutor side); paged.",
    handle: ({ c, query }) => listUsers(c.get("db"), query),
  }),
  route(adminUserContracts.studentStats, {
    access: [Role.Student, Role.TutorManager, ...admins],
    summary: "A student's next lesson and lesson counts (the student themselves, admins and tutor managers).",
    handle({ c, params, user }): Promise<StudentStats> {
      if (user.role === Role.Student && user.id !== params.id) fail("forbidden");
      return studentStats(c.get("db"), params.id, cairoMonthWindow(new Date()));
    },
  }),
];
