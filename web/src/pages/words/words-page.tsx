import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { WordView } from "@schema/api/words";
import { usePracticeQuery, wordKeys } from "../../features/learning/words/use-words";
import { WordList } from "../../features/learning/words/word-list";
import { WordPractice } from "../../features/learning/words/word-practice";
import { words as t } from "../../i18n/ar-EG-words";
import { formatNumber, formatWhen } from "../../lib/format";
import { countOf } from "../../lib/plural";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";

/** «تمرّن» with how many words are due, or when the next ones come; nothing before the first word. */
function PracticeStart({ onStart }: { onStart: (words: WordView[]) => void }) {
  const practice = usePracticeQuery();
  const round = practice.data;
  if (!round || (round.due === 0 && round.nextDueAt === null)) return null;
  return (
    <section
      aria-label={t.practice.title}
      className="flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="font-medium text-brand-950" data-due-count={round.due}>
        {round.due > 0
          ? countOf(t.practice.due, round.due)
          : round.nextDueAt && t.practice.nextDue(formatWhen(round.nextDueAt))}
      </p>
      {round.due > 0 && (
        <Button size="lg" onClick={() => onStart(round.list)} className="sm:min-w-40">
          {t.practice.start}
          <span className="rounded-full bg-white px-2 text-sm font-bold text-brand-800">
            {formatNumber(round.due)}
          </span>
        </Button>
      )}
    </section>
  );
}

/** /words — «كلماتي»: the student's words from their lesson notes, and practising the due ones. */
export function WordsPage() {
  const client = useQueryClient();
  const [practising, setPractising] = useState<readonly WordView[] | null>(null);
  useDocumentTitle(practising ? t.practice.title : t.title);
  if (practising)
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t.practice.title}</h1>
        <WordPractice
          words={practising}
          onExit={() => {
            setPractising(null);
            void client.invalidateQueries({ queryKey: wordKeys.all });
          }}
        />
      </div>
    );
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t.title}</h1>
        <p className="text-slate-600">{t.intro}</p>
      </header>
      <PracticeStart onStart={setPractising} />
      <WordList />
    </div>
  );
}
