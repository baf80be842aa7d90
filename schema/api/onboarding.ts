import { z } from "zod";
import { contract } from "./contract";
import { idParam } from "./common";

const id = z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

/** GET /onboarding — staff read a tutor's steps with ?tutorId=. */
export const onboardingQuery = z.object({ tutorId: id.optional() });

/** PATCH /onboarding/:id — an admin activates, deactivates, or sets "bypass onboarding". */
export const onboardingAdminBody = z
  .object({
    activated: z.boolean({ error: "bad-request" }),
    bypassOnboarding: z.boolean({ error: "bad-request" }),
  })
  .partial()
  .refine((body) => body.activated !== undefined || body.bypassOnboarding !== undefined, "empty-request");
export type OnboardingAdminBody = z.infer<typeof onboardingAdminBody>;

/** What the tutor should do next on a step. */
export const stepAction = z.enum(["join", "upload", "wait-review", "wait", "book", "attend", "done"]);
export type StepAction = z.output<typeof stepAction>;
export const stepState = z.enum(["todo", "pending", "rejected", "passed"]);
export type StepState = z.output<typeof stepState>;

export const onboardingStep = z.object({
  state: stepState,
  next: stepAction,
  /** The step's current record (intro video, interview, demo or photo session), if any. */
  id: z.number().nullable(),
  /** When a rejection allows a new attempt (3 months), if that is in the future. */
  retryAt: z.string().nullable(),
  /** The scheduled start (interview, demo session, photo session). */
  start: z.string().nullable(),
  feedback: z.string().nullable(),
});
export type OnboardingStep = z.output<typeof onboardingStep>;

export const onboarding = z.object({
  tutorId: z.number(),
  activated: z.boolean(),
  bypassOnboarding: z.boolean(),
  /** link: the tutors' group (a platform setting, PUT /platform-settings/links); null while unset. */
  supportGroup: z.object({
    joined: z.boolean(),
    link: z.string().nullable(),
    next: z.enum(["join", "done"]),
  }),
  introVideo: onboardingStep,
  interview: onboardingStep,
  demoSession: onboardingStep,
  photoSession: onboardingStep,
  /** The first step not done, or "activation" while waiting for it, or null when activated. */
  current: z
    .enum(["supportGroup", "introVideo", "interview", "demoSession", "photoSession", "activation"])
    .nullable(),
});
export type Onboarding = z.output<typeof onboarding>;

export const tutorActivation = z.object({
  tutorId: z.number(),
  activated: z.boolean(),
  bypassOnboarding: z.boolean(),
});
export type TutorActivation = z.output<typeof tutorActivation>;

/** The tutor onboarding endpoints (worker/routes/onboarding.ts). */
export const onboardingContracts = {
  get: contract({ method: "get", path: "/onboarding", query: onboardingQuery, response: onboarding }),
  joinSupportGroup: contract({ method: "post", path: "/onboarding/support-group", response: onboarding }),
  update: contract({
    method: "patch",
    path: "/onboarding/:id{[0-9]+}",
    body: onboardingAdminBody,
    params: idParam,
    response: tutorActivation,
  }),
};
