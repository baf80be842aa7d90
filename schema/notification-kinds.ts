// Who gets what, where (docs/rules.md, "Notifications: channels, preferences, quiet hours"). Every
// message the product sends has a kind; a person chooses the channels of each kind they may
// choose. The required kinds (security codes, payment receipts) always go by email and by the
// person's messaging app, whatever the preferences say.
import { z } from "zod";

/** The channels a message can go by. WhatsApp and Telegram also need a verified phone and that app chosen. */
export const notificationChannels = ["push", "whatsapp", "telegram", "email"] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** The kinds a person chooses channels for, in the order the settings screen lists them. */
export const choosableKinds = [
  "lesson-reminders",
  "booking-changes",
  "messages",
  "payments",
  "onboarding",
  "weekly-minutes",
  "marketing",
] as const;
export type ChoosableKind = (typeof choosableKinds)[number];

/** Kinds sent whatever the preferences (the law or safety requires them). */
export const requiredKinds = ["security", "receipts"] as const;
export type RequiredKind = (typeof requiredKinds)[number];

export type NotificationKind = ChoosableKind | RequiredKind;
export const notificationKinds = [...choosableKinds, ...requiredKinds] as const;

/** The channels each kind goes by when the person has not chosen. */
export const defaultChannels: Record<ChoosableKind, readonly NotificationChannel[]> = {
  "lesson-reminders": ["push", "whatsapp", "telegram", "email"],
  "booking-changes": ["push", "whatsapp", "telegram", "email"],
  messages: ["push", "email"],
  payments: ["push", "email"],
  onboarding: ["push", "whatsapp", "telegram", "email"],
  "weekly-minutes": ["push", "email"],
  marketing: [],
};

/**
 * Kinds never held by quiet hours: a reminder an hour before a lesson is no use in the morning, and
 * neither is a booking, a move or a cancellation of a lesson that may start before then (a tutor
 * booked at midnight for 07:00 must know at once).
 */
export const urgentKinds: readonly NotificationKind[] = ["lesson-reminders", "booking-changes", "security"];

/** Quiet hours when the person has not chosen: 23:00–08:00 on their clock. */
export const defaultQuietHours = { start: "23:00", end: "08:00" } as const;

export const notificationChannelSchema = z.enum(notificationChannels);
export const choosableKindSchema = z.enum(choosableKinds);
export const notificationKindSchema = z.enum(notificationKinds);
