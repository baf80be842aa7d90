// Availability slots of tutors and tutor managers: [start, end) on the 15-minute grid.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, deletedAt, updatedAt } from "./columns";
import { users } from "./identity";

export const availabilitySlots = sqliteTable(
  "availability_slots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    start: text("start").notNull(),
    /** Exclusive end. Overlap test: a.start < b.end AND a.end > b.start. */
    end: text("end").notNull(),
    /** SessionType enum: General 1, Lesson 2, Interview 3, DemoSession 4. */
    purpose: integer("purpose").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** A slot that had bookings is kept as deleted (its bookings cancelled); an empty one is removed. */
    deletedAt: deletedAt(),
  },
  (t) => [
    index("availability_slots_user_start_idx").on(t.userId, t.start),
    index("availability_slots_start_idx").on(t.start),
  ],
);
