import { useId, useState } from "react";
import { Link } from "react-router-dom";
import type { WordState, WordView } from "@schema/api/words";
import { errorMessage } from "../../../i18n/ar-EG";
import { words as t } from "../../../i18n/ar-EG-words";
import { errorCodeOf } from "../../../lib/api-error";
import { formatDay, formatWhen } from "../../../lib/format";
import { byGender, countOf } from "../../../lib/plural";
import { useSession } from "../../../lib/session";
import { buttonClasses } from "../../../ui/button";
import { Badge, Notice } from "../../../ui/notice";
import { Pagination } from "../../../ui/pagination";
import { RadioGroup } from "../../../ui/radio-group";
import { SearchBox } from "../../../ui/search-box";
import { ListSkeleton } from "../../../ui/skeleton";
import { toasts } from "../../../ui/toast-store";
import { useLearnedToggle, useWordsQuery, wordsPageSize } from "./use-words";

/** The English word (or sentence) in its own direction and language, inside the Arabic line. */
export function English({ text, className }: { text: string; className?: string }) {
  return (
    <span dir="ltr" lang="en" className={className}>
      {text}
    </span>
  );
}

/** «من حصة الأربعاء، ٢٥ نوفمبر مع أحمد». */
function LessonLine({ lesson }: { lesson: NonNullable<WordView["lesson"]> }) {
  const day = formatDay(lesson.start);
  if (!lesson.tutorName) return <>{t.fromLessonAlone(day)}</>;
  return (
    <>
      {t.fromLesson(day)} <bdi>{lesson.tutorName}</bdi>
    </>
  );
}

function WordItem({ word, now }: { word: WordView; now: number }) {
  const toggle = useLearnedToggle();
  const wordId = useId();
  // From the click until the answer the box shows what was asked for (set in the same event, so it never snaps back).
  const [asked, setAsked] = useState<boolean | null>(null);
  const learned = asked ?? word.learnedAt !== null;
  const due = !learned && Date.parse(word.dueAt) <= now;
  return (
    <li
      data-word-row={word.id}
      data-learned={learned}
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={wordId} className="text-xl font-bold break-words text-slate-900">
            <English text={word.word} />
          </h2>
          <p className="text-slate-800">
            <span className="sr-only">{t.meaning}: </span>
            <bdi>{word.meaning}</bdi>
          </p>
        </div>
        <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600">
          <input
            type="checkbox"
            checked={learned}
            disabled={toggle.isPending}
            aria-describedby={wordId}
            onChange={(event) => {
              const next = event.target.checked;
              setAsked(next);
              toggle.mutate(
                { id: word.id, learned: next },
                {
                  onSuccess: () =>
                    toasts.show({
                      id: "word-learned",
                      type: "success",
                      title: next ? t.learnedSaved : t.unlearnedSaved,
                    }),
                  onError: (error) =>
                    toasts.show({
                      id: "word-learned",
                      type: "error",
                      title: errorMessage(errorCodeOf(error)),
                    }),
                  // The list's cache holds the answer by now (useLearnedToggle); a failure shows the stored state again.
                  onSettled: () => setAsked(null),
                },
              );
            }}
            className="size-5 accent-brand-700 focus-visible:outline-none"
          />
          <span className="font-medium text-slate-800">{t.learnedToggle}</span>
        </label>
      </div>
      {word.example && (
        <p className="text-slate-700">
          <span className="sr-only">{t.example}: </span>
          <English text={word.example} className="italic" />
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        {word.lesson && (
          <span>
            <LessonLine lesson={word.lesson} />
          </span>
        )}
        {due ? (
          <Badge tone="info">{t.dueNow}</Badge>
        ) : (
          !learned && <span>{t.nextPractice(formatWhen(word.dueAt, now))}</span>
        )}
      </div>
    </li>
  );
}

/** The list: search, the learning/learned filter, one page of words, and the pages. */
export function WordList() {
  const { user } = useSession();
  const [search, setSearch] = useState("");
  const [state, setState] = useState<WordState>("all");
  const [page, setPage] = useState(1);
  const words = useWordsQuery({ page, search, state });
  const now = Date.now();
  const filterOptions = [
    { value: "all", label: t.filterAll },
    { value: "learning", label: byGender(t.filters.learning, user?.gender) },
    { value: "learned", label: byGender(t.filters.learned, user?.gender) },
  ];
  const emptyText = search ? t.noMatch : state === "learned" ? t.noneLearned : t.noneLearning;
  // No word at all yet (not a search or a filter that found none): where words come from.
  if (words.isSuccess && words.data.total === 0 && !search && state === "all" && page === 1)
    return <WordsEmpty />;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <SearchBox
          label={t.searchLabel}
          hint={t.searchHint}
          className="md:w-80"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <RadioGroup
          legend={t.filterLabel}
          name="word-state"
          options={filterOptions}
          value={state}
          onChange={(value) => {
            setState(value as WordState);
            setPage(1);
          }}
        />
      </div>
      {words.isPending ? (
        <ListSkeleton rows={3} />
      ) : words.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(words.error))}</Notice>
      ) : words.data.list.length === 0 ? (
        <p className="text-slate-700">{emptyText}</p>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t.total(countOf(t.wordCount, words.data.total))}
          </p>
          <ul aria-label={t.listLabel} className="flex flex-col gap-3">
            {words.data.list.map((word) => (
              <WordItem key={word.id} word={word} now={now} />
            ))}
          </ul>
          <Pagination
            label={t.pagination}
            page={page}
            total={words.data.total}
            size={wordsPageSize}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}

/** No words at all yet: where they come from, and a way to a first lesson. */
export function WordsEmpty() {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-slate-300 bg-white p-6">
      <h2 className="text-lg font-bold text-slate-900">{t.empty.title}</h2>
      <p className="leading-relaxed text-slate-700">{t.empty.body}</p>
      <Link to="/tutors" className={buttonClasses("primary", "md")}>
        {t.empty.findTutor}
      </Link>
    </div>
  );
}
