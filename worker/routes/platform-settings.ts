import { withdrawSettingsBody, type PlatformSettingsView } from "../../schema/api/platform-settings";
import { Role } from "../../schema/enums";
import { readPlatformSettings, saveWithdrawSettings } from "../domain/platform-settings";
import { auditActorOf } from "../domain/audit";
import { route } from "../http/route";

/** The admin area's platform settings (docs/product.md §2; defaults in docs/business-rules.md). */
export const platformSettingsRoutes = [
  route({
    method: "get",
    path: "/platform-settings",
    access: [Role.SuperAdmin, Role.RegularAdmin],
    summary: "The operator-changeable settings in force (admins): today the withdrawal request limits in piasters.",
    handle: ({ c }): Promise<PlatformSettingsView> => readPlatformSettings(c.get("db")),
  }),
  route({
    method: "put",
    path: "/platform-settings/withdrawals",
    access: [Role.SuperAdmin],
    summary: "Change the withdrawal request limits (SuperAdmin): both positive, the minimum not above the maximum.",
    body: withdrawSettingsBody,
    handle: ({ c, body, user }): Promise<PlatformSettingsView> => saveWithdrawSettings(c.get("db"), body, user.id, new Date(), auditActorOf(c, user.id)),
  }),
];
