import { wordContracts } from "../../schema/api/words";
import { Role } from "../../schema/enums";
import {
  answerPractice,
  listWords,
  markLearned,
  practiceRound,
  unmarkLearned,
} from "../domain/learning/words";
import { route } from "../http/route";

/**
 * «كلماتي» (docs/rules.md, "Learning after the lesson"): the student's own words. Students only,
 * and each statement names the caller: tutors and staff get 403, another student's word is not
 * found. Each route is the token's user and one statement or batch: two D1 round trips.
 */
const student = [Role.Student] as const;

export const wordRoutes = [
  route(wordContracts.list, {
    access: student,
    summary:
      "The student's words, newest first, paged; ?state all|learning|learned; ?search a prefix of the English word or of its meaning.",
    handle: ({ c, user, query }) => listWords(c.get("db"), user.id, query),
  }),
  route(wordContracts.practice, {
    access: student,
    summary:
      "The words to practise now (due, not learned), oldest due first, at most 20; with how many are due and when the next one comes.",
    handle: ({ c, user }) => practiceRound(c.get("db"), user.id, c.get("now")),
  }),
  route(wordContracts.markLearned, {
    access: student,
    summary: "Marks one of the student's words learned (it leaves practice).",
    handle: ({ c, user, params }) => markLearned(c.get("db"), user.id, params.id, c.get("now")),
  }),
  route(wordContracts.unmarkLearned, {
    access: student,
    summary: "Puts a learned word back to learning, from the start of the schedule and due now.",
    handle: ({ c, user, params }) => unmarkLearned(c.get("db"), user.id, params.id, c.get("now")),
  }),
  route(wordContracts.answer, {
    access: student,
    summary:
      "One practice answer on a due word: knew moves it along the 1, 3, 7, 14 days schedule (learned after the last), didn't starts it again tomorrow; word-not-due when it is not due or already learned.",
    handle: ({ c, user, params, body }) =>
      answerPractice(c.get("db"), user.id, params.id, body.knew, c.get("now")),
  }),
];
