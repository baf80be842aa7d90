import {
  type AdminSeries,
  type StudentPersonalStats,
  type TutorPersonalStats,
  statsContracts,
} from "../../schema/api/stats";
import { Role } from "../../schema/enums";
import { adminSeries, personalStats, studentView } from "../domain/staff/stats";
import { route } from "../http/route";

/** The dashboards' numbers for the signed-in user (registered before tutorRoutes and userRoutes). */
export const statsRoutes = [
  route(statsContracts.student, {
    access: [Role.Student],
    summary: "The signed-in student's next lesson and this Cairo month's lessons and minutes.",
    async handle({ c, user }): Promise<StudentPersonalStats> {
      return studentView(await personalStats(c.get("db"), user.id));
    },
  }),
  route(statsContracts.tutor, {
    access: [Role.Tutor, Role.TutorManager],
    summary:
      "The signed-in tutor's next lesson, this Cairo month's lessons and minutes, and earnings in piasters.",
    async handle({ c, user }): Promise<TutorPersonalStats> {
      return personalStats(c.get("db"), user.id);
    },
  }),
  route(statsContracts.series, {
    access: [Role.SuperAdmin, Role.RegularAdmin],
    summary:
      "The admin area's figures: a Cairo day's and its month's lessons, revenue (piasters), new students and active tutors, and lessons per day, revenue per month, new students and active tutors per Saturday-first week ending that day.",
    handle: ({ c, query }): Promise<AdminSeries> => adminSeries(c.get("db"), query),
  }),
];
