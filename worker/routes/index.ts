import type { AnyRoute } from "../http/route";
import { adminUserRoutes } from "./admin-user";
import { assetRoutes } from "./assets";
import { auditRoutes } from "./audit";
import { outboxRoutes } from "./outbox";
import { availabilitySlotRoutes } from "./availability-slot";
import { authRoutes } from "./auth";
import { chatRoutes } from "./chat";
import { confirmationCodeRoutes } from "./confirmation-code";
import { contactRequestRoutes } from "./contact-request";
import { demoSessionRoutes } from "./demo-session";
import { devRoutes } from "./dev";
import { couponRoutes } from "./coupon";
import { fawryRoutes, fawrySandboxRoutes } from "./fawry";
import { favouriteRoutes } from "./favourites";
import { inviteRoutes } from "./invite";
import { invoiceRoutes } from "./invoice";
import { withdrawMethodRoutes } from "./withdraw-method";
import { transactionRoutes } from "./transaction";
import { interviewRoutes } from "./interview";
import { introVideoRoutes } from "./intro-video";
import { lessonRoutes } from "./lesson";
import { lessonNoteRoutes } from "./lesson-note";
import { levelRoutes } from "./level";
import { messagingEmulatorRoutes, messagingRoutes } from "./messaging";
import { onboardingRoutes } from "./onboarding";
import { photoSessionRoutes } from "./photo-session";
import { planRoutes } from "./plan";
import { platformSettingsRoutes } from "./platform-settings";
import { ratingRoutes } from "./rating";
import { reportRoutes } from "./report";
import { sessionRoutes } from "./session";
import { subscriptionRoutes } from "./subscription";
import { suspensionRoutes } from "./suspension";
import { privacyDeletionRoutes } from "./privacy-deletion";
import { privacyRoutes } from "./privacy";
import { progressRoutes } from "./progress";
import { dataRequestRoutes } from "./data-requests";
import { statsRoutes } from "./stats";
import { systemRoutes } from "./system";
import { topicRoutes } from "./topic";
import { tutorRoutes } from "./tutor";
import { userRoutes } from "./user";
import { wordRoutes } from "./words";
import { pushRoutes } from "./push";
import { notificationPreferencesRoutes } from "./notification-preferences";
import { unsubscribeRoutes } from "./unsubscribe";

/** Every API route, each with its access declared beside it. Areas add their list here. */
export const apiRoutes: readonly AnyRoute[] = [
  ...systemRoutes,
  // Before statsRoutes/userRoutes: /user/list and /user/student/stats/{id}.
  ...adminUserRoutes,
  // Before tutorRoutes/userRoutes: /user/{student,tutor}/stats/personalized.
  ...statsRoutes,
  // Before userRoutes: /user/tutor/... must not be taken by /user/:id (Hono matches in order).
  ...tutorRoutes,
  ...levelRoutes,
  ...progressRoutes,
  ...photoSessionRoutes,
  ...userRoutes,
  ...suspensionRoutes,
  ...privacyDeletionRoutes,
  ...privacyRoutes,
  ...notificationPreferencesRoutes,
  ...unsubscribeRoutes,
  ...dataRequestRoutes,
  ...authRoutes,
  ...confirmationCodeRoutes,
  ...assetRoutes,
  ...topicRoutes,
  ...availabilitySlotRoutes,
  ...chatRoutes,
  ...planRoutes,
  ...platformSettingsRoutes,
  ...subscriptionRoutes,
  // Before lessonRoutes: /lesson/past/ must not be taken by /lesson/:id.
  ...lessonNoteRoutes,
  ...lessonRoutes,
  ...sessionRoutes,
  ...onboardingRoutes,
  ...introVideoRoutes,
  ...interviewRoutes,
  ...demoSessionRoutes,
  ...devRoutes,
  ...fawryRoutes,
  ...fawrySandboxRoutes,
  ...messagingRoutes,
  ...messagingEmulatorRoutes,
  ...transactionRoutes,
  ...couponRoutes,
  ...inviteRoutes,
  ...ratingRoutes,
  ...favouriteRoutes,
  ...invoiceRoutes,
  ...withdrawMethodRoutes,
  ...reportRoutes,
  ...contactRequestRoutes,
  ...auditRoutes,
  ...outboxRoutes,
  ...wordRoutes,
  ...pushRoutes,
];
