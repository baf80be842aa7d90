import type { TutorMeta, UserView } from "@schema/api/user";
import { isTutorSide, type Role } from "@schema/enums";
import { isProfileComplete } from "../user/profile-rules";

export type NextStep =
  | "complete-profile"
  | "verify-email"
  | "verify-phone"
  | "student-ready"
  | "tutor-onboarding"
  | "tutor-activated";

/**
 * The one thing the dashboard asks the user to do next (docs/product.md §1: students verify their email
 * before booking; tutors verify email and phone, then onboard).
 */
export function nextStepFor(user: UserView, tutorMeta: TutorMeta | null): NextStep {
  if (!isProfileComplete(user)) return "complete-profile";
  // Tutors also owe the Arabic bio and about of /t/complete-profile.
  if (isTutorSide(user.role) && tutorMeta && !(tutorMeta.bio && tutorMeta.about)) return "complete-profile";
  if (!user.verifiedEmail) return "verify-email";
  if (!isTutorSide(user.role)) return "student-ready";
  if (!user.verifiedPhone) return "verify-phone";
  return tutorMeta?.activated ? "tutor-activated" : "tutor-onboarding";
}

/** Where a next step is done, when it has its own screen. */
export const nextStepPath: Partial<Record<NextStep, string>> = {
  "complete-profile": "/complete-profile",
  "tutor-onboarding": "/t/onboarding",
};

/** Students complete their profile at /complete-profile, tutors at /t/complete-profile (docs/product.md §2). */
export function completeProfilePath(role: Role): string {
  return isTutorSide(role) ? "/t/complete-profile" : "/complete-profile";
}
