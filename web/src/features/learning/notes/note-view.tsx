import { useState, type FormEvent } from "react";
import type { LessonNoteView } from "@schema/api/lesson-note";
import { errorMessage } from "../../../i18n/ar-EG";
import { arNotes } from "../../../i18n/ar-EG-notes";
import { errorCodeOf } from "../../../lib/api-error";
import { formatWhen } from "../../../lib/format";
import { Button } from "../../../ui/button";
import { Notice } from "../../../ui/notice";
import { toasts } from "../../../ui/toast-store";
import { TextArea } from "../../onboarding/text-area";
import { NoteBody, ReplyContent } from "./note-body";
import { NoteFilePicker } from "./note-file-picker";
import { useHomeworkDone, useReply } from "./use-notes";

const t = arNotes;

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
      <NoteBody
        note={note}
        look="page"
        afterSummary={
          <p className="text-xs text-slate-600">{t.note.writtenAt(formatWhen(note.updatedAt, now))}</p>
        }
        wordsHint={asStudent && <p className="text-sm text-slate-700">{t.note.wordsHint}</p>}
        homeworkActions={
          asStudent && (
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
          )
        }
      />
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
              <ReplyContent reply={reply} />
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
