import type { ReactNode } from "react";
import type { TextSection } from "../../i18n/ar-EG-marketing-shared";
import { cx } from "../../ui/class-names";
import { useDocumentTitle } from "../../lib/use-document-title";
import { useBusinessWords } from "./business-words";

/** A public page: its tab title, one h1 with a lead paragraph, then its sections. */
export function MarketingPage({
  title,
  documentTitle,
  lead,
  wide = false,
  children,
}: {
  title: string;
  documentTitle?: string;
  lead: ReactNode;
  /** Cards in a grid (pricing, becoming a tutor) rather than a column of prose. */
  wide?: boolean;
  children: ReactNode;
}) {
  // The lead doubles as the search-result description when it is plain text.
  useDocumentTitle(documentTitle ?? title, typeof lead === "string" ? lead : undefined);
  return (
    <article className={cx("mx-auto flex w-full flex-col gap-8", wide ? "max-w-5xl" : "max-w-3xl")}>
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl leading-tight font-bold text-slate-900 sm:text-4xl sm:leading-tight">
          {title}
        </h1>
        <p className="text-lg leading-8 text-slate-700">{lead}</p>
      </header>
      {children}
    </article>
  );
}

/** Headed sections of prose, each with optional bullet points (about, method, terms, privacy). */
export function TextSections({ sections }: { sections: readonly TextSection[] }) {
  const { fill } = useBusinessWords();
  return (
    <div className="flex flex-col gap-8">
      {sections.map((section) => (
        <section key={section.heading} className="flex flex-col gap-3">
          <h2 className="text-xl font-bold text-slate-900 sm:text-2xl">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="leading-8 text-slate-800">
              {fill(paragraph)}
            </p>
          ))}
          {section.list && (
            <ul className="flex list-disc flex-col gap-2 ps-6 leading-7 text-slate-800 marker:text-brand-600">
              {section.list.map((item) => (
                <li key={item}>{fill(item)}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

/** Numbered steps (home, become a tutor). */
export function StepList({
  steps,
  label,
}: {
  steps: readonly { title: string; text: string }[];
  label?: string;
}) {
  return (
    <ol aria-label={label} className="grid gap-4 [counter-reset:step] sm:grid-cols-2 lg:grid-cols-3">
      {steps.map((step) => (
        <li
          key={step.title}
          className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 [counter-increment:step]"
        >
          {/* The list's own counter in Arabic digits (CSS arabic-indic): no Intl formatter on the first render of a public page (docs/performance.md). */}
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-800 before:content-[counter(step,arabic-indic)]"
          />
          <span className="flex flex-col gap-1">
            <span className="font-bold text-slate-900">{step.title}</span>
            <span className="text-sm leading-6 text-slate-700">{step.text}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
