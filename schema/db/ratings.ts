// Ratings: a student rates a tutor, a tutor rates the studio. One per pair; hard delete.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";

export const ratings = sqliteTable(
  "ratings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    raterId: integer("rater_id")
      .notNull()
      .references(() => users.id),
    rateeId: integer("ratee_id")
      .notNull()
      .references(() => users.id),
    /** 1..5 */
    value: integer("value").notNull(),
    /** Optional, 3..1000. */
    text: text("text"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ratings_rater_ratee_uq").on(t.raterId, t.rateeId),
    index("ratings_ratee_idx").on(t.rateeId),
  ],
);
