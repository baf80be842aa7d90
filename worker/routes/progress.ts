import { progressContracts } from "../../schema/api/progress";
import { Role } from "../../schema/enums";
import { progressQueries, readProgress } from "../domain/learning/progress";
import { route } from "../http/route";

export const progressRoutes = [
  route(progressContracts.get, {
    access: [Role.Student],
    summary:
      "The student's «تقدّمي»: minutes per Saturday-first Cairo week for the last 12 weeks, lessons done, tutors met, words learned, homework done, the streak of weeks with a lesson and the level history. One round trip.",
    prefetch: ({ c, userId }) => progressQueries(c.get("db"), userId, c.get("now")),
    handle: ({ c, user, prefetched }) => readProgress(c.get("db"), user.id, c.get("now"), prefetched),
  }),
];
