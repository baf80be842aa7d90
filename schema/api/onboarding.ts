import { z } from "zod";

const id = z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

/** GET /onboarding — staff read a tutor's steps with ?tutorId=. */
export const onboardingQuery = z.object({ tutorId: id.optional() });

/** PATCH /onboarding/:id — an admin activates, deactivates, or sets "bypass onboarding". */
export const onboardingAdminBody = z
  .object({ activated: z.boolean({ error: "bad-request" }), bypassOnboarding: z.boolean({ error: "bad-request" }) })
  .partial()
  .refine((body) => body.activated !== undefined || body.bypassOnboarding !== undefined, "empty-request");
export type OnboardingAdminBody = z.infer<typeof onboardingAdminBody>;

/** What the tutor should do next on a step. */
export type StepAction = "join" | "upload" | "wait-review" | "wait" | "book" | "attend" | "done";
export type StepState = "todo" | "pending" | "rejected" | "passed";

export type OnboardingStep = {
  state: StepState;
  next: StepAction;
  /** The step's current record (intro video, interview, demo or photo session), if any. */
  id: number | null;
  /** When a rejection allows a new attempt (3 months), if that is in the future. */
  retryAt: string | null;
  /** The scheduled start (interview, demo session, photo session). */
  start: string | null;
  feedback: string | null;
};

export type Onboarding = {
  tutorId: number;
  activated: boolean;
  bypassOnboarding: boolean;
  supportGroup: { joined: boolean; link: string; next: "join" | "done" };
  introVideo: OnboardingStep;
  interview: OnboardingStep;
  demoSession: OnboardingStep;
  photoSession: OnboardingStep;
  /** The first step not done, or "activation" while waiting for it, or null when activated. */
  current: "supportGroup" | "introVideo" | "interview" | "demoSession" | "photoSession" | "activation" | null;
};

export type TutorActivation = { tutorId: number; activated: boolean; bypassOnboarding: boolean };
