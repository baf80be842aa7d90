import { useId, useState } from "react";
import { errorMessage } from "../../i18n/ar-EG";
import { arNotes } from "../../i18n/ar-EG-notes";
import { errorCodeOf } from "../../lib/api-error";
import { formatWhen } from "../../lib/format";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { NoteBody, ReplyContent } from "../learning/notes/note-body";
import { usePreviousNote } from "../learning/notes/use-notes";

const t = arNotes;

/** Open by default where there is room beside the video (a laptop), closed on a phone. */
const wideScreen = () =>
  typeof window !== "undefined" &&
  typeof window.matchMedia === "function" &&
  window.matchMedia("(min-width: 1024px)").matches;

/**
 * For the tutor in the lesson room, beside the chat: the note of the pair's last lesson (what was
 * covered, the words, the homework and whether it was done, the student's replies), collapsible
 * like the chat (docs/rules.md, "Learning after the lesson").
 */
export function PreviousNotePanel({ lessonId, now }: { lessonId: number; now: number }) {
  const [open, setOpen] = useState(wideScreen);
  const panelId = useId();
  const previous = usePreviousNote(lessonId, true);
  const note = previous.data?.note ?? null;
  return (
    <aside aria-label={t.previous.panel} className="flex min-w-0 flex-col gap-2" data-previous-note>
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="self-start"
      >
        {open ? t.previous.hide : t.previous.show}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="max-h-[28rem] overflow-y-auto rounded-xl border border-slate-200 bg-white p-4"
      >
        {previous.isPending ? (
          <Spinner label={t.note.loading} />
        ) : previous.isError ? (
          <Notice tone="error">{errorMessage(errorCodeOf(previous.error))}</Notice>
        ) : !note ? (
          <p className="text-sm text-slate-700">{t.previous.none}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <h2 className="font-bold text-slate-900">{t.previous.panel}</h2>
            {previous.data.lessonStart && (
              <p className="text-xs text-slate-600">
                {t.previous.lessonOf(formatWhen(previous.data.lessonStart, now))}
              </p>
            )}
            <NoteBody note={note} look="panel" />
            {note.replies.length > 0 && (
              <section className="flex flex-col gap-1">
                <h3 className="text-sm font-bold text-slate-900">{t.replies.title}</h3>
                <ol className="flex flex-col gap-2">
                  {note.replies.map((reply) => (
                    <li key={reply.id} className="rounded-lg bg-slate-50 p-2 text-sm">
                      <ReplyContent reply={reply} />
                    </li>
                  ))}
                </ol>
              </section>
            )}
          </div>
        )}
      </div>
    </aside>
  );
}
