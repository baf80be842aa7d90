// The audit log: one row per staff write, written in the same D1 batch as the change it records.
// Append-only: no route updates or deletes it (tests/worker/audit.test.ts).
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { users } from "./identity";

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The staff member (or the system, null) who made the change. */
    actorId: integer("actor_id").references(() => users.id),
    /** An AuditAction from schema/api/audit.ts, e.g. "user.role", "coupon.create". */
    action: text("action").notNull(),
    /** What was changed: "user", "coupon", "plan", "transaction", ... */
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    /** JSON summaries of the changed fields before and after (no secrets, no password hashes). */
    before: text("before"),
    after: text("after"),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("audit_log_target_idx").on(t.targetType, t.targetId),
    index("audit_log_action_idx").on(t.action, t.createdAt),
  ],
);
