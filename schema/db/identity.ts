// Identity: users, verification codes, the notification outbox, rate limits.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, deletedAt, updatedAt } from "./columns";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Trimmed, lower-cased. */
    email: text("email").notNull(),
    name: text("name"),
    /** PBKDF2 hash string; null for Google-only accounts (hasPassword = passwordHash != null). */
    passwordHash: text("password_hash"),
    /** Google account `sub`; null until the user signs in with Google. */
    googleSub: text("google_sub"),
    /** Role enum (schema/enums.ts): SuperAdmin 1, RegularAdmin 2, Tutor 3, Student 4, TutorManager 5, Studio 6. */
    role: integer("role").notNull(),
    /** R2 key under uploads/ (avatar). */
    image: text("image"),
    birthYear: integer("birth_year"),
    /** Gender enum: "male" | "female". */
    gender: text("gender"),
    /** Egyptian mobile, normalised `01[0125]XXXXXXXX`. */
    phone: text("phone"),
    /** Governorate enum: one of the 27 (schema/enums.ts egyptGovernorates; 28–30 retired by migration 0006). */
    city: integer("city"),
    /** MessagingApp enum: Whatsapp 1, Telegram 2. */
    notificationMethod: integer("notification_method"),
    /** IANA zone the user reads times in; null = Africa/Cairo (schema/time-zones.ts). */
    timeZone: text("time_zone"),
    verifiedEmail: integer("verified_email", { mode: "boolean" }).notNull().default(false),
    verifiedPhone: integer("verified_phone", { mode: "boolean" }).notNull().default(false),
    creditScore: integer("credit_score").notNull().default(0),
    /** Telegram chat id learned when the user verified through the bot. */
    telegramChatId: text("telegram_chat_id"),
    /** When an admin suspended the account (null = not suspended); it answers account-suspended everywhere. */
    suspendedAt: text("suspended_at"),
    /** The admin's reason for the suspension, shown to staff. */
    suspensionReason: text("suspension_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(t.email),
    uniqueIndex("users_google_sub_uq").on(t.googleSub),
    index("users_role_idx").on(t.role),
    // The admin area's new students per week (GET /stats/series): students by creation time.
    index("users_role_created_idx").on(t.role, t.createdAt),
  ],
);

export const confirmationCodes = sqliteTable(
  "confirmation_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** VerificationType enum: VerifyWhatsApp 1, VerifyTelegram 2, VerifyEmail 3, ResetPassword 4, LinkTelegram 5 (code = the deep-link token). */
    type: integer("type").notNull(),
    /** 5 digits, first non-zero. A resend replaces the row (upsert on user_id, type). */
    code: text("code").notNull(),
    /** The email or phone the code was sent to (confirming checks it is still the same). */
    destination: text("destination").notNull(),
    expiresAt: text("expires_at").notNull(),
    /** Wrong guesses; 5 burn the code. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("confirmation_codes_user_type_uq").on(t.userId, t.type)],
);

export const outbox = sqliteTable(
  "notifications_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id),
    /** "email" | "whatsapp" | "telegram" | "push" */
    channel: text("channel").notNull(),
    /** The message's kind (schema/notification-kinds.ts), for preferences and unsubscribe; null = always sent. */
    kind: text("kind"),
    /** Email address, phone number or Telegram chat id. */
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The verification code contained in the message, for the local mailbox. */
    code: text("code"),
    /** "pending" | "sent" | "failed" (every attempt used, or dead-lettered by the delivery queue) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** e.g. "reminder:day:lesson:12:user:7" — insert-or-ignore makes a reminder go once. */
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
    sentAt: text("sent_at"),
    /**
     * A delivery's lease (ISO instant): the queue consumer or the cron claims a pending row by
     * setting it in one statement, so a redelivered message never sends a row twice at once.
     */
    claimedUntil: text("claimed_until"),
    /** When the row failed for good (its last attempt, or the dead-letter queue): staff see it. */
    deadAt: text("dead_at"),
    /** Held until this instant (quiet hours on the person's clock); null = send now. */
    notBefore: text("not_before"),
  },
  (t) => [
    uniqueIndex("notifications_outbox_dedupe_key_uq").on(t.dedupeKey),
    index("notifications_outbox_recipient_idx").on(t.recipient),
    index("notifications_outbox_status_idx").on(t.status),
    // The retention job's delete of old sent rows (worker/domain/privacy/retention.ts).
    index("notifications_outbox_sent_idx").on(t.status, t.sentAt),
  ],
);

export const rateLimits = sqliteTable("rate_limits", {
  /** e.g. "login:ip:1.2.3.4", "contact:ip:1.2.3.4". */
  key: text("key").primaryKey(),
  /** Epoch milliseconds of the window start. */
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});
