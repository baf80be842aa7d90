import { type Onboarding, type TutorActivation, onboardingContracts } from "../../schema/api/onboarding";
import { Role, isAdmin } from "../../schema/enums";
import { findOnboarding, markSupportGroupJoined, setTutorActivation } from "../domain/onboarding/onboarding";
import { tutorMessages } from "../notifications/tutor-messages";
import { fail } from "../core/failure";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";
import { notifyUser } from "../notifications/notify";
import { tutorChanged } from "../realtime/tutor-events";
import { scopeOf } from "../http/scope";

export const onboardingRoutes = [
  route(onboardingContracts.get, {
    access: [Role.Tutor, Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin],
    summary: "Each onboarding step's state and next action (staff: ?tutorId=).",
    async handle({ c, query, user }): Promise<Onboarding> {
      const staff = isAdmin(user.role as Role) || user.role === Role.TutorManager;
      const tutorId = query.tutorId ?? user.id;
      if (tutorId !== user.id && !staff) fail("forbidden");
      if (tutorId === user.id && isAdmin(user.role as Role)) fail("tutor-not-found");
      return findOnboarding(c.get("db"), tutorId);
    },
  }),
  route(onboardingContracts.joinSupportGroup, {
    access: [Role.Tutor, Role.TutorManager],
    summary: "Mark onboarding step 1 done: the tutor joined the support group.",
    async handle({ c, user }): Promise<Onboarding> {
      const db = c.get("db");
      await markSupportGroupJoined(db, user.id);
      tutorChanged(scopeOf(c), user.id);
      return findOnboarding(db, user.id);
    },
  }),
  route(onboardingContracts.update, {
    access: [Role.SuperAdmin, Role.RegularAdmin],
    summary:
      "An admin activates or deactivates a tutor, or sets bypass onboarding (which activates unless told otherwise).",
    async handle({ c, params, body, user }): Promise<TutorActivation> {
      const result = await setTutorActivation(
        c.get("db"),
        params.id,
        body,
        new Date(),
        auditActorOf(c, user.id),
      );
      if (result.wasActivated !== result.activated)
        await notifyUser(
          scopeOf(c),
          result.tutorId,
          result.activated ? tutorMessages.activated() : tutorMessages.deactivated(),
        );
      tutorChanged(scopeOf(c), result.tutorId);
      return {
        tutorId: result.tutorId,
        activated: result.activated,
        bypassOnboarding: result.bypassOnboarding,
      };
    },
  }),
];
