import type { ReactNode } from "react";
import type { LessonNoteView, NoteFileView, NoteReplyView, NoteWordView } from "@schema/api/lesson-note";
import { arNotes } from "../../../i18n/ar-EG-notes";
import { formatCalendarDay } from "../../../lib/format";
import { openPrivateFile } from "../../../lib/private-file";
import { Button } from "../../../ui/button";
import { cx } from "../../../ui/class-names";
import { Badge } from "../../../ui/notice";
import { toasts } from "../../../ui/toast-store";

const t = arNotes;

/** A day of the homework's due date, as people say it: «الخميس، ١٠ يناير». */
export const dueDay = (day: string) =>
  formatCalendarDay(day, { weekday: "long", day: "numeric", month: "long" });

/** Opens a private file of the note (the pair and staff only) in a new tab. */
export function NoteFileButton({ file, label }: { file: NoteFileView; label: string }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className="self-start"
      aria-label={label}
      onClick={() =>
        void openPrivateFile(file.path).catch(() =>
          toasts.show({ id: "note-file", type: "error", title: t.note.fileFailed }),
        )
      }
    >
      {file.type === "pdf" ? t.note.openPdf : t.note.openFile}
    </Button>
  );
}

/** The new words: the English word and example left to right, the meaning as typed. */
export function NoteWords({ words }: { words: readonly NoteWordView[] }) {
  if (words.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2">
      {words.map((word, index) => (
        <li key={`${word.word}-${index}`} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span dir="ltr" lang="en" className="font-bold text-slate-900">
              {word.word}
            </span>
            <bdi className="text-slate-800" dir="auto">
              {word.meaning}
            </bdi>
          </p>
          {word.example && (
            <p dir="ltr" lang="en" className="mt-1 text-start text-sm text-slate-700 italic">
              {word.example}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * Where a note is read: its own section on the lesson's page, or the narrow panel beside the video
 * in the lesson room (smaller type, tighter gaps, the homework's state said for the tutor, the file
 * without its label).
 */
export type NoteLook = "page" | "panel";

const looks = {
  page: {
    section: "flex flex-col gap-2",
    heading: "font-bold text-slate-900",
    text: "whitespace-pre-line text-slate-800",
    due: "text-sm text-slate-700",
    doneBadge: t.note.doneBadge,
    pendingBadge: t.note.pendingBadge,
    fileLabelled: true,
  },
  panel: {
    section: "flex flex-col gap-1",
    heading: "text-sm font-bold text-slate-900",
    text: "text-sm whitespace-pre-line text-slate-800",
    due: "text-xs text-slate-700",
    doneBadge: t.previous.doneBadge,
    pendingBadge: t.previous.pendingBadge,
    fileLabelled: false,
  },
} as const;

type NoteBodyProps = {
  note: LessonNoteView;
  look: NoteLook;
  /** Under the summary (the page: when the note was written). */
  afterSummary?: ReactNode;
  /** Under the words' heading (the page, for the student: where the words went). */
  wordsHint?: ReactNode;
  /** Under the homework (the page, for the student: mark it done or undo). */
  homeworkActions?: ReactNode;
};

/**
 * What a lesson note says, the same wherever it is read: what was covered, the new words, and the
 * homework with its state, due day and file. The callers add their own frame and the replies.
 */
export function NoteBody({ note, look, afterSummary, wordsHint, homeworkActions }: NoteBodyProps) {
  const l = looks[look];
  return (
    <>
      <section className={l.section}>
        <h3 className={l.heading}>{t.note.summary}</h3>
        <p dir="auto" className={l.text}>
          {note.summary}
        </p>
        {afterSummary}
      </section>
      {note.words.length > 0 && (
        <section className={l.section}>
          <h3 className={l.heading}>{t.note.words}</h3>
          {wordsHint}
          <NoteWords words={note.words} />
        </section>
      )}
      {note.homework && (
        <section className={l.section} data-homework>
          <h3 className={cx("flex flex-wrap items-center gap-2", l.heading)}>
            {t.note.homework}
            {note.homeworkDoneAt ? (
              <Badge tone="success">{l.doneBadge}</Badge>
            ) : (
              <Badge tone="warning">{l.pendingBadge}</Badge>
            )}
          </h3>
          <p dir="auto" className={l.text}>
            {note.homework}
          </p>
          {note.homeworkDue && <p className={l.due}>{t.note.due(dueDay(note.homeworkDue))}</p>}
          {note.homeworkFile &&
            (l.fileLabelled ? (
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-slate-700">{t.note.file}</span>
                <NoteFileButton file={note.homeworkFile} label={t.note.file} />
              </div>
            ) : (
              <NoteFileButton file={note.homeworkFile} label={t.note.file} />
            ))}
          {homeworkActions}
        </section>
      )}
    </>
  );
}

/** What a reply says, with its attachment: inside each caller's own list item. */
export function ReplyContent({ reply }: { reply: NoteReplyView }) {
  return (
    <>
      <p dir="auto" className="whitespace-pre-line text-slate-800">
        {reply.text}
      </p>
      {reply.file && <NoteFileButton file={reply.file} label={t.replies.attachment} />}
    </>
  );
}
