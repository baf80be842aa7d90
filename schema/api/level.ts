import { z } from "zod";
import { cefrLevels } from "../learning";
import { levelReasonRule } from "../rules";
import { idParam, instant, paged, pageQuery } from "./common";
import { contract } from "./contract";

/** One of the six CEFR levels (schema/learning.ts), or invalid-level. */
export const levelRule = z.enum(cefrLevels, { error: "invalid-level" });

/**
 * POST /user/student/{id}/level — a tutor who taught the student an ended (not cancelled) lesson
 * sets the student's level with a one-line reason; `lessonId` names that lesson (optional).
 */
export const setLevelBody = z.object({
  level: levelRule,
  reason: levelReasonRule,
  lessonId: z.number({ error: "bad-request" }).int("bad-request").positive("bad-request").nullish(),
});
export type SetLevelBody = z.infer<typeof setLevelBody>;

/** One row of a student's level history (the newest is the level). */
export const levelView = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  level: z.enum(cefrLevels),
  reason: z.string(),
  lessonId: z.number().int().nullable(),
  tutor: z.object({ id: z.number().int(), name: z.string().nullable() }),
  createdAt: instant,
});
export type LevelView = z.output<typeof levelView>;

/** GET /user/student/{id}/levels: newest first, paged, with the level now (the newest row's, or null). */
export const levelHistory = paged(levelView).extend({ current: z.enum(cefrLevels).nullable() });
export type LevelHistory = z.output<typeof levelHistory>;

/** The level endpoints (worker/routes/level.ts). */
export const levelContracts = {
  set: contract({
    method: "post",
    path: "/user/student/:id{[0-9]+}/level",
    params: idParam,
    body: setLevelBody,
    status: 201,
    response: levelView,
  }),
  history: contract({
    method: "get",
    path: "/user/student/:id{[0-9]+}/levels",
    params: idParam,
    query: pageQuery,
    response: levelHistory,
  }),
};
