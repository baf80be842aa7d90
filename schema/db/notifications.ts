// The phone channel and who gets what (docs/rules.md, "Notifications: channels, preferences,
// quiet hours"): web-push subscriptions, each person's notification preferences, and the
// multipart uploads in progress (so a large upload resumes after a reload and an abandoned one
// is aborted).
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";

/** One browser's web-push subscription (a user may have several devices). */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** The push service's URL for this browser: unique; a 404/410 from it deletes the row. */
    endpoint: text("endpoint").notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    lastSentAt: text("last_sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_uq").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * A person's choices (schema/notification-kinds.ts): for each kind the channels it goes to, and
 * quiet hours on their clock. No row = the defaults.
 */
export const notificationPreferences = sqliteTable("notification_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  /** JSON: { [kind]: channel[] } for the kinds the person changed. */
  channels: text("channels").notNull().default("{}"),
  /** "HH:MM" on the person's clock, or null for no quiet hours. */
  quietStart: text("quiet_start"),
  quietEnd: text("quiet_end"),
  updatedAt: updatedAt(),
});

/** An R2 multipart upload in progress (intro videos, studio videos), owned by one user. */
export const multipartUploads = sqliteTable(
  "multipart_uploads",
  {
    uploadId: text("upload_id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** The R2 key the upload completes into. */
    key: text("key").notNull(),
    /** "intro-video" | "studio-video" */
    purpose: text("purpose").notNull(),
    size: integer("size"),
    completedAt: text("completed_at"),
    abortedAt: text("aborted_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("multipart_uploads_user_idx").on(t.userId),
    index("multipart_uploads_open_created_idx").on(t.completedAt, t.abortedAt, t.createdAt),
  ],
);

/** A part already stored in an open multipart upload: the Worker's ListParts. */
export const multipartUploadParts = sqliteTable(
  "multipart_upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => multipartUploads.uploadId),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);
