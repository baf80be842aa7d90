import { type PlatformSettingsView, platformSettingsContracts } from "../../schema/api/platform-settings";
import { Role } from "../../schema/enums";
import {
  readPlatformSettings,
  saveBusinessSettings,
  savePlatformLinks,
  saveWithdrawSettings,
} from "../domain/staff/platform-settings";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";

/** The admin area's platform settings (docs/product.md §2; defaults in docs/rules.md). */
export const platformSettingsRoutes = [
  route(platformSettingsContracts.get, {
    access: [Role.SuperAdmin, Role.RegularAdmin],
    summary:
      "The operator-changeable settings in force (admins): the withdrawal request limits in piasters, the business numbers (lesson price, tutor rate, trial, cancel window, refund fee) with their history, and the public messaging links (null: unset).",
    handle: ({ c }): Promise<PlatformSettingsView> => readPlatformSettings(c.get("db")),
  }),
  route(platformSettingsContracts.withdrawals, {
    access: [Role.SuperAdmin],
    summary:
      "Change the withdrawal request limits (SuperAdmin): both positive, the minimum not above the maximum.",
    handle: ({ c, body, user }): Promise<PlatformSettingsView> =>
      saveWithdrawSettings(c.get("db"), body, user.id, new Date(), auditActorOf(c, user.id)),
  }),
  route(platformSettingsContracts.business, {
    access: [Role.SuperAdmin],
    summary:
      "Change the business numbers (SuperAdmin): lesson and tutor hourly rates in piasters (tutor's not above the lesson's), trial minutes 0/15/30, cancel window 0–48 hours, refund fee in basis points. New bookings, cancellations and refunds use them; booked lessons keep their price.",
    handle: ({ c, body, user }): Promise<PlatformSettingsView> =>
      saveBusinessSettings(c.get("db"), body, user.id, new Date(), auditActorOf(c, user.id)),
  }),
  route(platformSettingsContracts.links, {
    access: [Role.SuperAdmin],
    summary:
      "Change the public messaging links (SuperAdmin): the notifications channel (site footer) and the tutors' group (onboarding step 1), each an https WhatsApp group or channel or Telegram link, or null/empty to unset (invalid-messaging-link). Audited.",
    handle: ({ c, body, user }): Promise<PlatformSettingsView> =>
      savePlatformLinks(c.get("db"), body, user.id, new Date(), auditActorOf(c, user.id)),
  }),
];
