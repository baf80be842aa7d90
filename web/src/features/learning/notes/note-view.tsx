import { useState, type FormEvent } from "react";
import type { LessonNoteView, NoteFileView, NoteWordView } from "@schema/api/lesson-note";
import { errorMessage } from "../../../i18n/ar-EG";
import { arNotes } from "../../../i18n/ar-EG-notes";
import { errorCodeOf } from "../../../lib/api-error";
import { formatCalendarDay, formatWhen } from "../../../lib/format";
import { openPrivateFile } from "../../../lib/private-file";
import { Button } from "../../../ui/button";
import { Badge, Notice } from "../../../ui/notice";
import { toasts } from "../../../ui/toast-store";
import { TextArea } from "../../onboarding/text-area";
import { NoteFilePicker } from "./note-file-picker";
import { useHomeworkDone, useReply } from "./use-notes";

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

type NoteViewProps = {
  note: LessonNoteView;
  selfId: number;
  now: number;
  /** The lesson's student reads it: they mark the homework done and reply. */
  asStudent: boolean;
  /** One of the pair: may reply (staff only read). */
  canReply: boolean;
};

/** A written note: what was covered, the words, the homework (with done/undo for the student) and the replies. */
export function NoteView({ note, selfId, now, asStudent, canReply }: NoteViewProps) {
  const done = useHomeworkDone(note.lessonId);
  function toggle(next: boolean) {
    done.mutate(next, {
      onSuccess: () =>
        toasts.show({
          id: "homework-done",
          type: "success",
          title: next ? t.note.markedDone : t.note.markedUndone,
        }),
      onError: (error) =>
        toasts.show({ id: "homework-done", type: "error", title: errorMessage(errorCodeOf(error)) }),
    });
  }
  return (
    <div className="flex flex-col gap-5" data-lesson-note={note.lessonId}>
      <section className="flex flex-col gap-2">
        <h3 className="font-bold text-slate-900">{t.note.summary}</h3>
        <p dir="auto" className="whitespace-pre-line text-slate-800">
          {note.summary}
        </p>
        <p className="text-xs text-slate-600">{t.note.writtenAt(formatWhen(note.updatedAt, now))}</p>
      </section>
      {note.words.length > 0 && (
        <section className="flex flex-col gap-2">
          <h3 className="font-bold text-slate-900">{t.note.words}</h3>
          {asStudent && <p className="text-sm text-slate-700">{t.note.wordsHint}</p>}
          <NoteWords words={note.words} />
        </section>
      )}
      {note.homework && (
        <section className="flex flex-col gap-2" data-homework>
          <h3 className="flex flex-wrap items-center gap-2 font-bold text-slate-900">
            {t.note.homework}
            {note.homeworkDoneAt ? (
              <Badge tone="success">{t.note.doneBadge}</Badge>
            ) : (
              <Badge tone="warning">{t.note.pendingBadge}</Badge>
            )}
          </h3>
          <p dir="auto" className="whitespace-pre-line text-slate-800">
            {note.homework}
          </p>
          {note.homeworkDue && (
            <p className="text-sm text-slate-700">{t.note.due(dueDay(note.homeworkDue))}</p>
          )}
          {note.homeworkFile && (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-slate-700">{t.note.file}</span>
              <NoteFileButton file={note.homeworkFile} label={t.note.file} />
            </div>
          )}
          {asStudent && (
            <div className="flex flex-wrap items-center gap-3">
              {note.homeworkDoneAt ? (
                <>
                  <p className="text-sm text-emerald-800">
                    {t.note.doneAt(formatWhen(note.homeworkDoneAt, now))}
                  </p>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={done.isPending}
                    onClick={() => toggle(false)}
                  >
                    {t.note.undo}
                  </Button>
                </>
              ) : (
                <Button size="sm" disabled={done.isPending} onClick={() => toggle(true)}>
                  {t.note.done}
                </Button>
              )}
            </div>
          )}
        </section>
      )}
      <Replies note={note} selfId={selfId} now={now} canReply={canReply} />
    </div>
  );
}

/** The replies on the homework, oldest first, and (for the pair) the reply form. */
export function Replies({
  note,
  selfId,
  now,
  canReply,
}: {
  note: LessonNoteView;
  selfId: number;
  now: number;
  canReply: boolean;
}) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby={`note-replies-${note.lessonId}`}>
      <h3 id={`note-replies-${note.lessonId}`} className="font-bold text-slate-900">
        {t.replies.title}
      </h3>
      {note.replies.length === 0 ? (
        <p className="text-sm text-slate-700">{t.replies.none}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {note.replies.map((reply) => (
            <li
              key={reply.id}
              className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3"
              data-note-reply={reply.id}
            >
              <p className="text-xs text-slate-600">
                {reply.authorId === selfId ? t.replies.you : null}
                {reply.authorId === selfId ? " · " : null}
                {formatWhen(reply.createdAt, now)}
              </p>
              <p dir="auto" className="whitespace-pre-line text-slate-800">
                {reply.text}
              </p>
              {reply.file && <NoteFileButton file={reply.file} label={t.replies.attachment} />}
            </li>
          ))}
        </ol>
      )}
      {canReply && <ReplyForm lessonId={note.lessonId} />}
    </section>
  );
}

function ReplyForm({ lessonId }: { lessonId: number }) {
  const reply = useReply(lessonId);
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);
  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    reply.mutate(
      { text, file },
      {
        onSuccess: () => {
          setText("");
          setFile(null);
          setFormKey((key) => key + 1);
          toasts.show({ id: "note-reply", type: "success", title: t.replies.sent });
        },
        onError: (failure) => setError(errorMessage(errorCodeOf(failure))),
      },
    );
  }
  return (
    <form key={formKey} onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <TextArea
        label={t.replies.text}
        hint={t.replies.textHint}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        required
      />
      <NoteFilePicker label={t.replies.file} file={file} onFile={setFile} />
      {error && <Notice tone="error">{error}</Notice>}
      <Button type="submit" className="self-start" disabled={reply.isPending || text.trim() === ""}>
        {reply.isPending ? t.replies.sending : t.replies.send}
      </Button>
    </form>
  );
}
