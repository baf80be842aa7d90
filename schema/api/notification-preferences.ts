// Who gets what, where (docs/rules.md, "Notifications: channels, preferences, quiet hours"): a
// person's channels per kind and their quiet hours, and the one-click unsubscribe link of emails.
import { z } from "zod";
import {
  choosableKinds,
  notificationChannels,
  requiredKinds,
  type ChoosableKind,
  type NotificationChannel,
} from "../notification-kinds";
import { contract } from "./contract";

const clock = z
  .string({ error: "invalid-quiet-hours" })
  .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, "invalid-quiet-hours");

/** Quiet hours on the person's clock ("HH:MM"), or null for none. */
export const quietHoursRule = z
  .object({ start: clock, end: clock }, { error: "invalid-quiet-hours" })
  .refine((q) => q.start !== q.end, "invalid-quiet-hours")
  .nullable();

const channelList = z
  .array(z.enum(notificationChannels, { error: "bad-request" }), { error: "bad-request" })
  .max(4);

/** PUT: every choosable kind's channels (a kind left out keeps what it had) and the quiet hours. */
export const notificationPreferencesBody = z.object({
  channels: z.partialRecord(z.enum(choosableKinds, { error: "bad-request" }), channelList, {
    error: "bad-request",
  }),
  quietHours: quietHoursRule,
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;

/**
 * What the settings screen shows: the channels this person can be reached on (push when a browser
 * is subscribed; WhatsApp or Telegram only the app they chose and verified; email), each choosable
 * kind's chosen channels, the required kinds (always sent) and the quiet hours.
 */
export const notificationPreferencesView = z.object({
  available: z.array(z.enum(notificationChannels)),
  channels: z.record(z.enum(choosableKinds), z.array(z.enum(notificationChannels))),
  required: z.array(z.enum(requiredKinds)),
  quietHours: z.object({ start: z.string(), end: z.string() }).nullable(),
});
export type NotificationPreferencesView = {
  available: NotificationChannel[];
  channels: Record<ChoosableKind, NotificationChannel[]>;
  required: (typeof requiredKinds)[number][];
  quietHours: { start: string; end: string } | null;
};

/** The token of an unsubscribe link: `<userId>.<kind>.<signature>` (worker/notifications/unsubscribe.ts). */
export const unsubscribeParams = z.object({ token: z.string().max(200) });

export const unsubscribeResult = z.object({ kind: z.enum(choosableKinds), email: z.literal(false) });

export const notificationPreferencesContracts = {
  get: contract({
    method: "get",
    path: "/user/current/notification-preferences",
    response: notificationPreferencesView,
  }),
  put: contract({
    method: "put",
    path: "/user/current/notification-preferences",
    body: notificationPreferencesBody,
    response: notificationPreferencesView,
  }),
  /** RFC 8058 one-click: the mail client POSTs "List-Unsubscribe=One-Click"; no sign-in. */
  unsubscribe: contract({
    method: "post",
    path: "/unsubscribe/:token",
    params: unsubscribeParams,
    response: unsubscribeResult,
  }),
  /** The link opened in a browser: a small Arabic page saying it is done, with a link to settings. */
  unsubscribePage: contract({
    method: "get",
    path: "/unsubscribe/:token",
    params: unsubscribeParams,
    response: "html",
  }),
};
