import { useEffect, useId, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { WordView } from "@schema/api/words";
import { errorMessage } from "../../../i18n/ar-EG";
import { words as text } from "../../../i18n/ar-EG-words";
import { errorCodeOf } from "../../../lib/api-error";
import { formatNumber, formatWhen } from "../../../lib/format";
import { countOf } from "../../../lib/plural";
import { Button } from "../../../ui/button";
import { Notice } from "../../../ui/notice";
import { ProgressBar } from "../../../ui/progress-bar";
import { Spinner } from "../../../ui/spinner";
import { English } from "./word-list";
import { usePracticeAnswer, usePracticeQuery, wordKeys } from "./use-words";

const t = text.practice;

/** A key of the keyboard hint. */
function Key({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-300 bg-white px-1.5 font-sans text-xs font-bold text-slate-800 shadow-sm">
      {children}
    </kbd>
  );
}

/** Keys typed into a field are the field's, not the practice's. */
function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]") !== null
  );
}

/**
 * The practice mode: one word at a time, its meaning (and example) on request, then «كنت عارفها» or
 * «ماكنتش عارفها», each answer sent at once (POST /words/{id}/practice). Space reveals, 1 and 2
 * answer (Arabic-Indic ١ and ٢ too); the buttons sit at the bottom of a phone's screen, under the
 * thumb. The end screen counts the answers and says when the next words are due.
 */
export function WordPractice({ words, onExit }: { words: readonly WordView[]; onExit: () => void }) {
  const client = useQueryClient();
  const [round, setRound] = useState(words);
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [tally, setTally] = useState({ knew: 0, didnt: 0 });
  const answer = usePracticeAnswer();
  const cardRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const word = round[index];
  const finished = word === undefined;

  function reveal() {
    if (finished || revealed) return;
    setRevealed(true);
    cardRef.current?.focus();
  }

  function respond(knew: boolean) {
    if (finished || !revealed || answer.isPending) return;
    answer.mutate(
      { id: word.id, knew },
      {
        // A word answered elsewhere meanwhile (word-not-due) is simply passed; any other failure stays on the word.
        onSettled: (_data, error) => {
          if (error && errorCodeOf(error) !== "word-not-due") return;
          setTally((counts) =>
            knew ? { ...counts, knew: counts.knew + 1 } : { ...counts, didnt: counts.didnt + 1 },
          );
          setRevealed(false);
          setIndex((current) => current + 1);
          answer.reset();
          if (index + 1 >= round.length) void client.invalidateQueries({ queryKey: wordKeys.all });
          else cardRef.current?.focus();
        },
      },
    );
  }

  // Space reveals, 1 and 2 answer (listened for on the window, renewed with each render's state).
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      if (event.key === " " || event.code === "Space") {
        if (revealed) return;
        event.preventDefault();
        reveal();
      } else if (event.key === "1" || event.key === "١") {
        event.preventDefault();
        respond(true);
      } else if (event.key === "2" || event.key === "٢") {
        event.preventDefault();
        respond(false);
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  });

  useEffect(() => {
    cardRef.current?.focus();
  }, []);

  if (finished)
    return (
      <PracticeEnd
        tally={tally}
        onAgain={(next) => {
          setRound(next);
          setIndex(0);
          setTally({ knew: 0, didnt: 0 });
        }}
        onExit={onExit}
      />
    );

  const position = t.progress(formatNumber(index + 1), formatNumber(round.length));
  return (
    <section aria-label={t.regionLabel} className="flex flex-col gap-4 pb-40 sm:pb-0" data-practice>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg font-bold text-slate-900" data-progress>
          {position}
        </p>
        <Button variant="ghost" size="sm" onClick={onExit}>
          {t.stop}
        </Button>
      </div>
      <ProgressBar label={t.progressLabel} value={(index / round.length) * 100} />
      <div
        ref={cardRef}
        tabIndex={-1}
        aria-live="polite"
        aria-describedby={hintId}
        className="flex min-h-64 flex-col items-center justify-center gap-4 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <p className="text-sm text-slate-600">{t.question}</p>
        <p className="text-3xl font-bold break-words text-slate-900 sm:text-4xl" data-practice-word>
          <English text={word.word} />
        </p>
        {revealed && (
          <div className="flex flex-col gap-2" data-practice-meaning>
            <p className="text-xl text-slate-800">
              <span className="sr-only">{text.meaning}: </span>
              <bdi>{word.meaning}</bdi>
            </p>
            {word.example && (
              <p className="text-slate-700">
                <span className="sr-only">{text.example}: </span>
                <English text={word.example} className="italic" />
              </p>
            )}
          </div>
        )}
      </div>
      {answer.isError && <Notice tone="error">{errorMessage(errorCodeOf(answer.error))}</Notice>}
      <p
        id={hintId}
        className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600 max-sm:hidden"
        data-keys-hint
      >
        {t.keys.intro} <Key>{t.keys.space}</Key> {t.keys.reveal} <Key>{t.keys.one}</Key> {t.keys.knew}{" "}
        <Key>{t.keys.two}</Key> {t.keys.didnt}
      </p>
      {/* At the bottom of a phone's screen, under the thumb; in the flow on a wider one. */}
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:static sm:border-0 sm:bg-transparent sm:p-0">
        {revealed ? (
          <div className="grid grid-cols-2 gap-3">
            <Button
              size="lg"
              className="min-h-14 w-full"
              loading={answer.isPending}
              onClick={() => respond(true)}
            >
              {t.knew}
            </Button>
            <Button
              size="lg"
              variant="secondary"
              className="min-h-14 w-full"
              disabled={answer.isPending}
              onClick={() => respond(false)}
            >
              {t.didnt}
            </Button>
          </div>
        ) : (
          <Button size="lg" variant="secondary" className="min-h-14 w-full" onClick={reveal}>
            {t.reveal}
          </Button>
        )}
      </div>
    </section>
  );
}

/** The counts of the round, and what comes next: more due words now, or when the next ones come. */
function PracticeEnd({
  tally,
  onAgain,
  onExit,
}: {
  tally: { knew: number; didnt: number };
  onAgain: (words: WordView[]) => void;
  onExit: () => void;
}) {
  const practice = usePracticeQuery();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const next = practice.data;
  return (
    <section className="flex flex-col gap-5" data-practice-end>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-600"
      >
        {t.end.title}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4">
          <dt className="text-sm text-emerald-900">{t.end.knew}</dt>
          <dd className="text-2xl font-bold text-emerald-950" data-count="knew">
            {countOf(text.wordCount, tally.knew)}
          </dd>
        </div>
        <div className="rounded-2xl border border-amber-200 bg-amber-50 p-4">
          <dt className="text-sm text-amber-900">{t.end.didnt}</dt>
          <dd className="text-2xl font-bold text-amber-950" data-count="didnt">
            {countOf(text.wordCount, tally.didnt)}
          </dd>
        </div>
      </dl>
      {tally.didnt > 0 && <p className="text-slate-700">{t.end.didntHint}</p>}
      {practice.isFetching || !next ? (
        <Spinner />
      ) : next.due > 0 ? (
        <p className="text-slate-800">{t.end.more(countOf(text.wordCount, next.due))}</p>
      ) : (
        <p className="text-slate-800" data-next-due>
          {next.nextDueAt ? t.nextDue(formatWhen(next.nextDueAt)) : t.end.noneLeft}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {next && next.due > 0 && !practice.isFetching && (
          <Button size="lg" onClick={() => onAgain(next.list)}>
            {t.end.again}
          </Button>
        )}
        <Button size="lg" variant="secondary" onClick={onExit}>
          {t.end.back}
        </Button>
      </div>
    </section>
  );
}
