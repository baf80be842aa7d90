import { lessonContracts } from "./lesson";
import { levelContracts } from "./level";
import { progressContracts } from "./progress";
import { lessonNoteContracts } from "./lesson-note";
import { planContracts } from "./plan";
import { couponContracts } from "./coupon";
import { subscriptionContracts } from "./subscription";
import { platformSettingsContracts } from "./platform-settings";
import { withdrawMethodContracts } from "./invoice";
import { availabilitySlotContracts } from "./availability-slot";
import { topicContracts } from "./topic";
import { inviteContracts } from "./invite";
import { transactionContracts } from "./transaction";
import { outboxContracts } from "./outbox";
import { ratingContracts } from "./rating";
import { favouriteContracts } from "./favourites";
import { reportContracts } from "./report";
import { contactRequestContracts } from "./contact-request";
import { auditContracts } from "./audit";
import { suspensionContracts } from "./suspension";
import { privacyDeletionContracts } from "./privacy-deletion";
import { privacyContracts } from "./privacy";
import { dataRequestContracts } from "./data-requests";
import { adminUserContracts } from "./admin-user";
import { statsContracts } from "./stats";
import { chatContracts } from "./chat";
import { interviewContracts } from "./interview";
import { demoSessionContracts } from "./demo-session";
import { onboardingContracts } from "./onboarding";
import { introVideoContracts } from "./intro-video";
import { sessionContracts } from "./session";
import { invoiceContracts } from "./invoice";
import { confirmationCodeContracts } from "./confirmation-code";
import { authContracts } from "./auth";
import { userContracts } from "./user";
import { tutorContracts } from "./tutor";
import { photoSessionContracts } from "./photo-session";
import { systemContracts } from "./system";
import { messagingContracts } from "./messaging";
import { paymentContracts } from "./payment";
import { devContracts } from "./dev";
import { wordContracts } from "./words";
import { pushContracts } from "./push";
import { notificationPreferencesContracts } from "./notification-preferences";

/**
 * Every endpoint's contract, per area (schema/api/contract.ts). The Worker's routes are built
 * from these (worker/routes/*.ts) and tests/worker/response-contracts.test.ts checks that each
 * is served; the SPA imports only the area it needs (web/src/lib/client.ts), never this index.
 */
export const contracts = {
  lesson: lessonContracts,
  level: levelContracts,
  progress: progressContracts,
  lessonNote: lessonNoteContracts,
  plan: planContracts,
  coupon: couponContracts,
  subscription: subscriptionContracts,
  platformSettings: platformSettingsContracts,
  withdrawMethod: withdrawMethodContracts,
  availabilitySlot: availabilitySlotContracts,
  topic: topicContracts,
  invite: inviteContracts,
  transaction: transactionContracts,
  outbox: outboxContracts,
  rating: ratingContracts,
  favourites: favouriteContracts,
  report: reportContracts,
  contactRequest: contactRequestContracts,
  audit: auditContracts,
  suspension: suspensionContracts,
  privacyDeletion: privacyDeletionContracts,
  privacy: privacyContracts,
  notificationPreferences: notificationPreferencesContracts,
  dataRequests: dataRequestContracts,
  adminUser: adminUserContracts,
  stats: statsContracts,
  chat: chatContracts,
  interview: interviewContracts,
  demoSession: demoSessionContracts,
  onboarding: onboardingContracts,
  introVideo: introVideoContracts,
  session: sessionContracts,
  invoice: invoiceContracts,
  confirmationCode: confirmationCodeContracts,
  auth: authContracts,
  user: userContracts,
  tutor: tutorContracts,
  photoSession: photoSessionContracts,
  system: systemContracts,
  messaging: messagingContracts,
  payment: paymentContracts,
  dev: devContracts,
  words: wordContracts,
  push: pushContracts,
} as const;
