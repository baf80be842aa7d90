import { useState, type FormEvent } from "react";
import type { LessonNoteView } from "@schema/api/lesson-note";
import { addDays } from "@schema/calendar";
import { MAX_NOTE_WORDS } from "@schema/learning";
import { errorMessage } from "../../../i18n/ar-EG";
import { arNotes } from "../../../i18n/ar-EG-notes";
import { errorCodeOf, isApiError } from "../../../lib/api-error";
import { formatNumber, viewerDayKey } from "../../../lib/format";
import { Button } from "../../../ui/button";
import { Notice } from "../../../ui/notice";
import { Select } from "../../../ui/select";
import { TextField } from "../../../ui/text-field";
import { toasts } from "../../../ui/toast-store";
import { TextArea } from "../../onboarding/text-area";
import { NoteFilePicker } from "./note-file-picker";
import { dueDay } from "./note-body";
import { useSaveNote } from "./use-notes";

const t = arNotes.form;

type WordRow = { key: number; word: string; meaning: string; example: string };

/** The homework's due date as a list of named days: today and the next four weeks (plus the saved one). */
function dueOptions(now: number, saved: string | null) {
  const today = viewerDayKey(now);
  const days = Array.from({ length: 29 }, (_, offset) => addDays(today, offset));
  if (saved && !days.includes(saved)) days.unshift(saved);
  return days.map((day) => ({ value: day, label: dueDay(day) }));
}

let nextKey = 1;
const row = (word = "", meaning = "", example = ""): WordRow => ({ key: nextKey++, word, meaning, example });

/**
 * The tutor's note on an ended lesson: what was covered, the new words (each to the student's
 * «كلماتي»), the homework with a due day and a file. Saving again rewrites it.
 */
export function NoteForm({
  lessonId,
  note,
  now,
  until,
}: {
  lessonId: number;
  note: LessonNoteView | null;
  now: number;
  /** The last moment the note may be written (the lesson's end + 7 days). */
  until: string;
}) {
  const save = useSaveNote(lessonId);
  const [summary, setSummary] = useState(note?.summary ?? "");
  const [words, setWords] = useState<WordRow[]>(() =>
    note?.words.length ? note.words.map((w) => row(w.word, w.meaning, w.example ?? "")) : [row()],
  );
  const [homework, setHomework] = useState(note?.homework ?? "");
  const [due, setDue] = useState(note?.homeworkDue ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  function update(key: number, change: Partial<WordRow>) {
    setWords((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFields({});
    const filled = words.filter((w) => w.word.trim() !== "" || w.meaning.trim() !== "");
    save.mutate(
      {
        body: {
          summary,
          words: filled.map((w) => ({
            word: w.word,
            meaning: w.meaning,
            ...(w.example.trim() ? { example: w.example } : {}),
          })),
          homework: homework.trim() ? homework : null,
          homeworkDue: homework.trim() && due ? due : null,
        },
        file,
      },
      {
        onSuccess: () => {
          setFile(null);
          toasts.show({ id: "lesson-note", type: "success", title: note ? t.updated : t.saved });
        },
        onError: (failure) => {
          const code = errorCodeOf(failure);
          setError(errorMessage(code));
          if (isApiError(failure))
            setFields(
              Object.fromEntries(Object.entries(failure.fields).map(([k, v]) => [k, errorMessage(v)])),
            );
        },
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate data-note-form={lessonId}>
      <p className="text-sm text-slate-700">{t.window(dueDay(viewerDayKey(until)))}</p>
      <TextArea
        label={t.summary}
        hint={t.summaryHint}
        value={summary}
        onChange={(event) => setSummary(event.target.value)}
        error={fields.summary}
        required
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 font-bold text-slate-900">{t.words}</legend>
        <p className="text-sm text-slate-700">{t.wordsHint(formatNumber(MAX_NOTE_WORDS))}</p>
        {words.map((w, index) => {
          const n = formatNumber(index + 1);
          return (
            <div
              key={w.key}
              className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
              data-note-word={index}
            >
              <TextField
                label={t.word(n)}
                value={w.word}
                onChange={(event) => update(w.key, { word: event.target.value })}
                ltr
                lang="en"
                autoCapitalize="none"
              />
              <TextField
                label={t.meaning(n)}
                value={w.meaning}
                onChange={(event) => update(w.key, { meaning: event.target.value })}
              />
              <TextField
                label={t.example(n)}
                value={w.example}
                onChange={(event) => update(w.key, { example: event.target.value })}
                ltr
                lang="en"
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={t.removeWord(n)}
                onClick={() =>
                  setWords((rows) => (rows.length > 1 ? rows.filter((r) => r.key !== w.key) : [row()]))
                }
              >
                ✕
              </Button>
            </div>
          );
        })}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          disabled={words.length >= MAX_NOTE_WORDS}
          onClick={() => setWords((rows) => [...rows, row()])}
        >
          {t.addWord}
        </Button>
      </fieldset>
      <TextArea
        label={t.homework}
        value={homework}
        onChange={(event) => setHomework(event.target.value)}
        error={fields.homework}
        rows={3}
      />
      {homework.trim() !== "" && (
        <>
          <Select
            label={t.due}
            placeholder={t.noDue}
            options={dueOptions(now, note?.homeworkDue ?? null)}
            value={due}
            onChange={(event) => setDue(event.target.value)}
          />
          <NoteFilePicker
            label={t.file}
            hint={note?.homeworkFile ? `${t.fileHint} ${t.currentFile}` : t.fileHint}
            file={file}
            onFile={setFile}
          />
        </>
      )}
      {error && <Notice tone="error">{error}</Notice>}
      <Button type="submit" className="self-start" loading={save.isPending}>
        {save.isPending ? t.saving : t.save}
      </Button>
    </form>
  );
}
