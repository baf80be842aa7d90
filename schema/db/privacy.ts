// Personal data rights (docs/rules.md, "Your data"): account deletion with its grace period and
// erasure, data exports, and consent records.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";

/**
 * A request to delete an account: made by its owner (or by a SuperAdmin on a written request),
 * cancelled during the grace period, or carried out by the erasure job once `due_at` has passed.
 */
export const accountDeletions = sqliteTable(
  "account_deletions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** AccountDeletionState: "pending" (grace period), "canceled", "erasing" (the job started), "erased". */
    state: text("state").notNull().default("pending"),
    /** Who asked: the owner, or the SuperAdmin acting on a written request (audited). */
    requestedBy: integer("requested_by").references(() => users.id),
    requestedAt: text("requested_at").notNull(),
    /** When the erasure may run: requestedAt + the grace period in force (business setting). */
    dueAt: text("due_at").notNull(),
    canceledAt: text("canceled_at"),
    erasedAt: text("erased_at"),
    /**
     * Keyed hash (HMAC) of the erased email, so abuse limits still hold and the same address can
     * register again; the only trace of the email kept after erasure.
     */
    emailHash: text("email_hash"),
    /** The erasure job's progress (the last step done), so an interrupted run resumes. */
    step: text("step"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("account_deletions_open_uq")
      .on(t.userId)
      .where(sql`state IN ('pending', 'erasing')`),
    index("account_deletions_state_due_idx").on(t.state, t.dueAt),
  ],
);

/** A person's data export: a ZIP in R2 (exports/…), downloadable by its owner for 7 days. */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** DataExportState: "pending", "ready", "failed", "expired". */
    state: text("state").notNull().default("pending"),
    /** R2 key under exports/ once ready. */
    key: text("key"),
    size: integer("size"),
    error: text("error"),
    readyAt: text("ready_at"),
    /** readyAt + 7 days: the file is deleted and the row marked expired after it. */
    expiresAt: text("expires_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("data_exports_user_created_idx").on(t.userId, t.createdAt)],
);

/** Consent records: every choice, kept three years (the latest per subject and kind is in force). */
export const consents = sqliteTable(
  "consents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The signed-in person, or null for a visitor's device. */
    userId: integer("user_id").references(() => users.id),
    /** A random id the browser keeps for a visitor's choices (null when signed in). */
    deviceId: text("device_id"),
    /** ConsentKind: "analytics", "marketing". */
    kind: text("kind").notNull(),
    granted: integer("granted", { mode: "boolean" }).notNull(),
    /** The version of the text the person saw (docs/rules.md lists them). */
    textVersion: text("text_version").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("consents_user_kind_idx").on(t.userId, t.kind, t.createdAt),
    index("consents_device_kind_idx").on(t.deviceId, t.kind, t.createdAt),
    index("consents_created_idx").on(t.createdAt),
  ],
);
