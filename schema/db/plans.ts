// Plans (subscriptions and their weekly usage are in subscriptions.ts).
import { index, integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { createdAt, deletedAt, updatedAt } from "./columns";
import { users } from "./identity";

export const plans = sqliteTable(
  "plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** 15..10080 */
    weeklyMinutes: integer("weekly_minutes").notNull(),
    /** Piasters per month before discount (> 0). */
    baseMonthPrice: integer("base_month_price").notNull(),
    /** Basis points 0..10000. Period price = floor(base x months x (1 - discount)). */
    monthDiscount: integer("month_discount").notNull().default(0),
    quarterDiscount: integer("quarter_discount").notNull().default(0),
    yearDiscount: integer("year_discount").notNull().default(0),
    /** Inactive plans are hidden and cannot be bought. */
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    /** Visible and purchasable only by users holding a live invite for it. */
    inviteOnly: integer("invite_only", { mode: "boolean" }).notNull().default(false),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** DELETE /plan/{id} is soft: subscriptions and transactions keep pointing at it. */
    deletedAt: deletedAt(),
  },
  (t) => [index("plans_active_idx").on(t.active)],
);
