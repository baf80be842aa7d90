// Tutor interviews (30 minutes) with a tutor manager.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { availabilitySlots } from "./availability";
import { createdAt, updatedAt } from "./columns";
import { users } from "./identity";

export const interviews = sqliteTable(
  "interviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The tutor being interviewed. */
    intervieweeId: integer("interviewee_id")
      .notNull()
      .references(() => users.id),
    /** The tutor manager. */
    interviewerId: integer("interviewer_id")
      .notNull()
      .references(() => users.id),
    slotId: integer("slot_id").references(() => availabilitySlots.id),
    start: text("start").notNull(),
    /** start + 30 minutes. */
    end: text("end").notNull(),
    /** InterviewStatus enum: Pending 1, Passed 2, Rejected 3, CanceledByInterviewer 4, CanceledByInterviewee 5. */
    status: integer("status").notNull().default(1),
    /** Sanitised HTML, 5..1000 (shown to the tutor). */
    feedback: text("feedback"),
    /** Sanitised HTML, 5..1000 (staff only). */
    note: text("note"),
    /** 1..5 */
    level: integer("level"),
    decidedAt: text("decided_at"),
    canceledBy: integer("canceled_by").references(() => users.id),
    canceledAt: text("canceled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("interviews_interviewee_start_idx").on(t.intervieweeId, t.start),
    index("interviews_interviewer_start_idx").on(t.interviewerId, t.start),
    index("interviews_start_idx").on(t.start),
    // The tutor list's free time counts a slot's pending interviews by slot.
    index("interviews_slot_idx").on(t.slotId),
    // conflicting-interview: one pending or passed interview per tutor.
    uniqueIndex("interviews_interviewee_open_uq")
      .on(t.intervieweeId)
      .where(sql`status IN (1, 2)`),
    // busy-tutor-manager backstop: one pending interview per manager per start.
    uniqueIndex("interviews_interviewer_start_pending_uq")
      .on(t.interviewerId, t.start)
      .where(sql`status = 1`),
  ],
);
