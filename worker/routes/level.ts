import { levelContracts } from "../../schema/api/level";
import { Role } from "../../schema/enums";
import {
  levelFactsQuery,
  levelPageQuery,
  readLevelHistory,
  setStudentLevel,
} from "../domain/learning/levels";
import { route } from "../http/route";

// Before userRoutes: /user/student/{id}/level(s) must not be taken by another /user/... path.
export const levelRoutes = [
  route(levelContracts.set, {
    access: [Role.Tutor, Role.TutorManager],
    summary:
      "Set a student's CEFR level (A1..C2) with a one-line reason: only a tutor who taught the student a lesson that has ended, not cancelled (level-not-allowed); a named lesson must be one of those (lesson-not-found). The history is kept; the newest is the level.",
    handle: ({ c, params, body, user }) =>
      setStudentLevel(c.get("db"), { tutor: user, studentId: params.id, body, now: c.get("now") }),
  }),
  route(levelContracts.history, {
    access: "signed-in",
    summary:
      "A student's level history, newest first, paged, with the level now: the student, a tutor who has a lesson with them (any state), or an admin (else forbidden).",
    // The access facts and the page are read with the caller: one round trip.
    prefetch: ({ c, userId, params, query }) => [
      levelFactsQuery(c.get("db"), params.id, userId),
      levelPageQuery(c.get("db"), params.id, query.size, (query.page - 1) * query.size),
    ],
    handle: ({ c, params, query, user, prefetched }) =>
      readLevelHistory(
        c.get("db"),
        { caller: user, studentId: params.id, page: query.page, size: query.size },
        prefetched,
      ),
  }),
];
