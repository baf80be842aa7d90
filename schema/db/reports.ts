// Bug reports (with an attachment) and public contact requests.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";

export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Reporter; null if anonymous. */
    userId: integer("user_id").references(() => users.id),
    title: text("title"),
    message: text("message").notNull(),
    /** R2 keys under receipts/ (private: the reporter and admins), one per ReportAttachmentKind. */
    screenshot: text("screenshot"),
    log: text("log"),
    /** Page URL and user agent at the time of the report. */
    url: text("url"),
    userAgent: text("user_agent"),
    /** LinkSource code (wa, sfb, ...) if known. */
    source: text("source"),
    resolved: integer("resolved", { mode: "boolean" }).notNull().default(false),
    resolvedBy: integer("resolved_by").references(() => users.id),
    resolvedAt: text("resolved_at"),
    /** Staff note (what was done, or why it was dismissed). */
    note: text("note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("reports_resolved_created_idx").on(t.resolved, t.createdAt),
    index("reports_user_idx").on(t.userId),
  ],
);

export const contactRequests = sqliteTable(
  "contact_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id").references(() => users.id),
    name: text("name").notNull(),
    phone: text("phone"),
    email: text("email"),
    /** 5..128 */
    title: text("title").notNull(),
    /** 10..1000 */
    message: text("message").notNull(),
    /** Client IP (1 request per IP per 6 h is enforced through rate_limits). */
    ip: text("ip"),
    /** ContactRequestKind: "general", or "data-rights" (access, export, correction or erasure of one's data). */
    kind: text("kind").notNull().default("general"),
    /** ContactRequestState: "new", "answered", "closed". */
    state: text("state").notNull().default("new"),
    /** Staff's internal notes (plain text, <= 2000); never sent to the requester. */
    notes: text("notes"),
    /** The last reply emailed to the requester (plain text, <= 4000). */
    reply: text("reply"),
    repliedAt: text("replied_at"),
    /** The staff member who last acted on it (reply, state, notes). */
    handledBy: integer("handled_by").references(() => users.id),
    handledAt: text("handled_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_requests_created_idx").on(t.createdAt),
    index("contact_requests_state_created_idx").on(t.state, t.createdAt),
  ],
);
