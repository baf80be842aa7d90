import { z } from "zod";
import { InterviewStatus } from "../enums";
import { interviewFeedbackRule, interviewLevelRule, interviewNoteRule } from "../rules";
import { paged, pageQuery, idParam } from "./common";
import { contract } from "./contract";

const id = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request");
export const isoInstant = z
  .string({ error: "bad-request" })
  .refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}T/.test(s), "bad-request")
  .transform((s) => new Date(s).toISOString());

/** POST /interview — a 30-minute interview with a tutor manager. */
export const interviewBookBody = z.object({ interviewerId: id, start: isoInstant });
export type InterviewBookBody = z.infer<typeof interviewBookBody>;

/** PATCH /interview — the manager decides or cancels; the tutor cancels before the start. */
export const interviewPatchBody = z.object({
  id,
  status: z.union(
    [
      z.literal(InterviewStatus.Passed),
      z.literal(InterviewStatus.Rejected),
      z.literal(InterviewStatus.CanceledByInterviewer),
      z.literal(InterviewStatus.CanceledByInterviewee),
    ],
    { error: "bad-request" },
  ),
  feedback: interviewFeedbackRule.optional(),
  note: interviewNoteRule.optional(),
  level: interviewLevelRule.optional(),
});
export type InterviewPatchBody = z.infer<typeof interviewPatchBody>;

export const interviewListQuery = pageQuery.extend({
  status: z.coerce
    .number({ error: "bad-request" })
    .int("bad-request")
    .min(1, "bad-request")
    .max(5, "bad-request")
    .optional(),
  /** One interviewer's (tutor manager's) interviews (the admin list's filter). */
  manager: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});
export type InterviewListQuery = z.infer<typeof interviewListQuery>;

export const interviewView = z.object({
  id: z.number(),
  intervieweeId: z.number(),
  intervieweeName: z.string().nullable(),
  interviewerId: z.number(),
  interviewerName: z.string().nullable(),
  start: z.string(),
  end: z.string(),
  status: z.enum(InterviewStatus),
  feedback: z.string().nullable(),
  /** Staff only: null for the tutor. */
  note: z.string().nullable(),
  level: z.number().nullable(),
  decidedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
});
export type InterviewView = z.output<typeof interviewView>;

/** GET /interview/select and /demo-session/select: the proposed manager and their free starts. */
export const managerProposal = z.object({
  manager: z.object({ id: z.number(), name: z.string().nullable(), image: z.string().nullable() }).nullable(),
  starts: z.array(z.string()),
});
export type ManagerProposal = z.output<typeof managerProposal>;

/** The interview endpoints (worker/routes/interview.ts). */
export const interviewContracts = {
  proposeManager: contract({ method: "get", path: "/interview/select", response: managerProposal }),
  book: contract({
    method: "post",
    path: "/interview",
    body: interviewBookBody,
    status: 201,
    response: interviewView,
  }),
  update: contract({
    method: "patch",
    path: "/interview",
    body: interviewPatchBody,
    response: interviewView,
  }),
  get: contract({ method: "get", path: "/interview/:id{[0-9]+}", params: idParam, response: interviewView }),
  list: contract({
    method: "get",
    path: "/interview/list/",
    query: interviewListQuery,
    response: paged(interviewView),
  }),
};
