import { z } from "zod";
import { ReviewStatus } from "../enums";
import { interviewFeedbackRule, interviewNoteRule } from "../rules";
import { paged, pageQuery, idParam } from "./common";
import { isoInstant, managerProposal } from "./interview";
import { contract } from "./contract";

const id = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

/** POST /demo-session — a 30-minute demo session with a tutor manager. */
export const demoBookBody = z.object({ tutorManagerId: id, start: isoInstant });
export type DemoBookBody = z.infer<typeof demoBookBody>;

/** PATCH /demo-session/:id — decide (manager, admin) or cancel (each party with its own status). */
export const demoPatchBody = z.object({
  status: z.union(
    [
      z.literal(ReviewStatus.Passed),
      z.literal(ReviewStatus.Rejected),
      z.literal(ReviewStatus.CanceledByTutorManager),
      z.literal(ReviewStatus.CanceledByTutor),
      z.literal(ReviewStatus.CanceledByAdmin),
    ],
    { error: "bad-request" },
  ),
  feedback: interviewFeedbackRule.optional(),
  note: interviewNoteRule.optional(),
});
export type DemoPatchBody = z.infer<typeof demoPatchBody>;

export const demoListQuery = pageQuery.extend({
  status: z.coerce
    .number({ error: "bad-request" })
    .int("bad-request")
    .min(1, "bad-request")
    .max(6, "bad-request")
    .optional(),
  /** One tutor manager's demo sessions (the admin list's filter). */
  manager: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});
export type DemoListQuery = z.infer<typeof demoListQuery>;

export const demoSessionView = z.object({
  id: z.number(),
  tutorId: z.number(),
  tutorName: z.string().nullable(),
  tutorManagerId: z.number(),
  tutorManagerName: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  status: z.enum(ReviewStatus),
  feedback: z.string().nullable(),
  /** Staff only: null for the tutor. */
  note: z.string().nullable(),
  decidedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
});
export type DemoSessionView = z.output<typeof demoSessionView>;

/** The demo session endpoints (worker/routes/demo-session.ts). */
export const demoSessionContracts = {
  proposeManager: contract({ method: "get", path: "/demo-session/select", response: managerProposal }),
  book: contract({
    method: "post",
    path: "/demo-session",
    body: demoBookBody,
    status: 201,
    response: demoSessionView,
  }),
  list: contract({
    method: "get",
    path: "/demo-session/list",
    query: demoListQuery,
    response: paged(demoSessionView),
  }),
  get: contract({
    method: "get",
    path: "/demo-session/:id{[0-9]+}",
    params: idParam,
    response: demoSessionView,
  }),
  update: contract({
    method: "patch",
    path: "/demo-session/:id{[0-9]+}",
    body: demoPatchBody,
    params: idParam,
    response: demoSessionView,
  }),
};
