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
    /** The rated tutor's one public reply (editable for 24 hours after repliedAt's first value). */
    reply: text("reply"),
    /** When the reply was first written (the edit window runs from here). */
    repliedAt: text("replied_at"),
    replyEditedAt: text("reply_edited_at"),
    /** Flags by signed-in users (rating_flags), counted here for the staff table's order. */
    flagCount: integer("flag_count").notNull().default(0),
    /** Hidden by staff with a note (audited): out of the average and the public list at once. */
    hiddenAt: text("hidden_at"),
    hiddenBy: integer("hidden_by").references(() => users.id),
    hiddenNote: text("hidden_note"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ratings_rater_ratee_uq").on(t.raterId, t.rateeId),
    index("ratings_ratee_idx").on(t.rateeId),
    index("ratings_flagged_idx").on(t.flagCount, t.id),
    index("ratings_hidden_by_idx").on(t.hiddenBy),
  ],
);
