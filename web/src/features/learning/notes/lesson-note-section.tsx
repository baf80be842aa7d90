import type { SessionView } from "@schema/api/session";
import { NOTE_WINDOW_DAYS } from "@schema/learning";
import { errorMessage } from "../../../i18n/ar-EG";
// Shows catalogue codes of its own forms: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../../i18n/error-catalogue";
import { arNotes } from "../../../i18n/ar-EG-notes";
import { errorCodeOf } from "../../../lib/api-error";
import { Card } from "../../../ui/card";
import { Notice } from "../../../ui/notice";
import { Spinner } from "../../../ui/spinner";
import { NoteForm } from "./note-form";
import { NoteView, Replies } from "./note-view";
import { useLessonNote, useNoteEventsRefresh } from "./use-notes";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The lesson page's note, once the lesson ended (docs/rules.md, "Learning after the lesson"): the
 * tutor writes or edits it for 7 days, then reads it; the student reads it, marks the homework
 * done and replies; staff read it.
 */
export function LessonNoteSection({ view, selfId, now }: { view: SessionView; selfId: number; now: number }) {
  const lessonId = Number(view.id.replace(/^lesson:/, ""));
  const self = view.members.find((member) => member.id === selfId);
  const note = useLessonNote(lessonId);
  useNoteEventsRefresh();
  const until = new Date(Date.parse(view.end) + NOTE_WINDOW_DAYS * DAY_MS).toISOString();
  const writable = self?.role === "tutor" && now < Date.parse(until);

  let body;
  if (note.isPending) body = <Spinner label={arNotes.note.loading} />;
  else if (note.isError) body = <Notice tone="error">{errorMessage(errorCodeOf(note.error))}</Notice>;
  else if (writable)
    body = (
      <div className="flex flex-col gap-6">
        <NoteForm lessonId={lessonId} note={note.data.note} now={now} until={until} />
        {/* The form shows the note itself; below it, what the student answered. */}
        {note.data.note && <Replies note={note.data.note} selfId={selfId} now={now} canReply />}
      </div>
    );
  else if (note.data.note)
    body = (
      <NoteView
        note={note.data.note}
        selfId={selfId}
        now={now}
        asStudent={self?.role === "student"}
        canReply={Boolean(self)}
      />
    );
  else
    body = (
      <p className="text-slate-700">
        {self?.role === "tutor" ? `${arNotes.note.noneForTutor} ${arNotes.form.closed}` : arNotes.note.none}
      </p>
    );

  return (
    <Card
      title={
        writable ? (note.data?.note ? arNotes.form.editHeading : arNotes.form.heading) : arNotes.note.title
      }
    >
      {body}
    </Card>
  );
}
