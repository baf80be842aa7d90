// A person's lesson notes for their data export (worker/domain/privacy/export.ts; docs/rules.md,
// "Learning after the lesson"): the notes on their lessons, as student or as tutor, and the replies
// they wrote. The files are listed by their R2 keys, not copied into the ZIP.
import { eq, or } from "drizzle-orm";
import { lessonNoteReplies, lessonNotes } from "../../../schema/db";
import type { Db } from "../../core/context";

export async function lessonNotesForExport(db: Db, userId: number) {
  const [notes, replies] = await db.batch([
    db
      .select()
      .from(lessonNotes)
      .where(or(eq(lessonNotes.studentId, userId), eq(lessonNotes.tutorId, userId)))
      .orderBy(lessonNotes.createdAt),
    db
      .select()
      .from(lessonNoteReplies)
      .where(eq(lessonNoteReplies.authorId, userId))
      .orderBy(lessonNoteReplies.createdAt),
  ]);
  return {
    notes: notes.map((note) => ({ ...note, words: JSON.parse(note.words) as unknown })),
    yourReplies: replies,
  };
}
