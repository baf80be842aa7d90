import { z } from "zod";
import type { BusinessSettings } from "../pricing";
import { businessSettingsRule, withdrawSettingsRule } from "../rules";
import { contract } from "./contract";
import { businessSettings } from "./system";

/**
 * PUT /platform-settings/withdrawals (SuperAdmin) — the withdrawal request limits in piasters.
 * Codes: non-positive-min-withdraw, non-positive-max-withdraw, min-withdraw-above-max.
 */
export const withdrawSettingsBody = withdrawSettingsRule;
export type WithdrawSettings = z.output<typeof withdrawSettingsRule>;

/**
 * PUT /platform-settings/business (SuperAdmin) — the lesson hourly price and the tutor's hourly
 * rate (piasters), the trial length in minutes (0 off, 15, 30), the cancel window in hours (0–48)
 * and the refund fee in basis points. Codes: non-positive-lesson-rate, non-positive-tutor-rate,
 * tutor-rate-above-lesson-rate, invalid-trial-minutes, invalid-cancel-window, invalid-refund-fee.
 */
export const businessSettingsBody = businessSettingsRule;
export type { BusinessSettings };

/**
 * The hosts a public messaging link may point at: a WhatsApp group invite (chat.whatsapp.com/…),
 * a WhatsApp channel (whatsapp.com/channel/…), or a Telegram group or channel (t.me/…), the two
 * messaging apps the product speaks (schema/enums.ts MessagingApp). Always https.
 */
export const messagingLinkHosts = ["chat.whatsapp.com", "whatsapp.com", "www.whatsapp.com", "t.me"] as const;

/** Whether a link is an https link of the messaging apps (see messagingLinkHosts), with a path. */
export function isMessagingLink(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port) return false;
  const path = url.pathname.replace(/\/+$/, "");
  switch (url.hostname) {
    case "chat.whatsapp.com":
    case "t.me":
      return /^\/[\w+-]{2,}$/.test(path);
    case "whatsapp.com":
    case "www.whatsapp.com":
      return /^\/channel\/[\w-]{2,}$/.test(path);
    default:
      return false;
  }
}

/** One link: trimmed, empty means unset (null), else at most 300 characters of a messaging link. */
const messagingLink = z
  .string({ error: "invalid-messaging-link" })
  .trim()
  .max(300, "invalid-messaging-link")
  .transform((text) => (text === "" ? null : text))
  .refine((text) => text === null || isMessagingLink(text), "invalid-messaging-link")
  .nullable();

/**
 * PUT /platform-settings/links (SuperAdmin) — the two public messaging links: the notifications
 * channel (shown in the site footer) and the tutors' group (onboarding step 1). null or "" unsets
 * one; an unset link is not shown anywhere. Code: invalid-messaging-link (per field).
 */
export const platformLinksBody = z.object({
  notificationsChannel: messagingLink,
  tutorsGroup: messagingLink,
});
export type PlatformLinks = z.output<typeof platformLinksBody>;

/** The invoice limits as answered, in piasters. */
const withdrawSettings = z.object({ minInvoiceAmount: z.number(), maxInvoiceAmount: z.number() });

/** One change of the business numbers, read from the audit log (settings.update, key "business"). */
export const businessSettingsChange = z.object({
  at: z.string(),
  actorId: z.number().nullable(),
  actorName: z.string().nullable(),
  before: businessSettings.partial().nullable(),
  after: businessSettings.partial().nullable(),
});
export type BusinessSettingsChange = z.output<typeof businessSettingsChange>;

/** GET /platform-settings (admins) — the operator-changeable settings as they now apply. */
export const platformSettingsView = z.object({
  withdrawals: withdrawSettings.extend({
    /** When an admin last changed them (null: the defaults of docs/rules.md). */
    updatedAt: z.string().nullable(),
    updatedBy: z.number().nullable(),
  }),
  business: businessSettings.extend({
    /** When an admin last changed them (null: the defaults of schema/pricing.ts). */
    updatedAt: z.string().nullable(),
    updatedBy: z.number().nullable(),
    /** The changes, newest first (at most 50). */
    history: z.array(businessSettingsChange),
  }),
  links: z.object({
    notificationsChannel: z.string().nullable(),
    tutorsGroup: z.string().nullable(),
    /** When an admin last changed them (null: never set). */
    updatedAt: z.string().nullable(),
    updatedBy: z.number().nullable(),
  }),
});
export type PlatformSettingsView = z.output<typeof platformSettingsView>;

/** The platform settings endpoints (worker/routes/platform-settings.ts). */
export const platformSettingsContracts = {
  get: contract({ method: "get", path: "/platform-settings", response: platformSettingsView }),
  withdrawals: contract({
    method: "put",
    path: "/platform-settings/withdrawals",
    body: withdrawSettingsBody,
    response: platformSettingsView,
  }),
  business: contract({
    method: "put",
    path: "/platform-settings/business",
    body: businessSettingsBody,
    response: platformSettingsView,
  }),
  links: contract({
    method: "put",
    path: "/platform-settings/links",
    body: platformLinksBody,
    response: platformSettingsView,
  }),
};
