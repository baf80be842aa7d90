import { Link, NavLink, useParams } from "react-router-dom";
import { MarketingPage } from "../../features/marketing/marketing-page";
import type { FaqItem } from "../../i18n/ar-EG-marketing-shared";
import { marketingContact } from "../../i18n/ar-EG-marketing-contact";
import { marketingFaq } from "../../i18n/ar-EG-marketing-faq";
import { useBusinessWords } from "../../features/marketing/business-words";
import { cx } from "../../ui/class-names";
import { NotFoundPage } from "../not-found/not-found-page";

const t = marketingFaq;
const roles = ["student", "tutor"] as const;
type FaqRole = (typeof roles)[number];

const isFaqRole = (value: string | undefined): value is FaqRole =>
  (roles as readonly string[]).includes(value ?? "");

/** /faq and /faq/{role} (student or tutor): questions as disclosure widgets; an unknown role is not found. */
export function FaqPage() {
  const { role } = useParams();
  if (role !== undefined && !isFaqRole(role)) return <NotFoundPage />;
  const shown = role === undefined ? roles : [role];
  const title =
    role === undefined
      ? t.documentTitles.all
      : role === "student"
        ? t.documentTitles.student
        : t.documentTitles.tutor;
  return (
    <MarketingPage title={title} lead={t.lead}>
      <nav aria-label={t.tabsLabel} className="flex flex-wrap gap-2">
        {[
          { to: "/faq", label: t.all },
          ...roles.map((r) => ({ to: `/faq/${r}`, label: t.roles[r].name })),
        ].map((link) => (
          <NavLink
            key={link.to}
            to={link.to}
            end
            className={({ isActive }) =>
              cx(
                "rounded-full border px-4 py-2 text-sm font-medium",
                isActive
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
              )
            }
          >
            {link.label}
          </NavLink>
        ))}
      </nav>
      {shown.map((r) => (
        <section key={r} className="flex flex-col gap-3">
          {role === undefined && <h2 className="text-2xl font-bold text-slate-900">{t.roles[r].name}</h2>}
          <QuestionList items={t.roles[r].items} />
        </section>
      ))}
      <p className="text-slate-700">
        {marketingContact.lead}{" "}
        <Link to="/contact" className="font-medium text-brand-800 underline underline-offset-4">
          {marketingContact.title}
        </Link>
      </p>
    </MarketingPage>
  );
}

function QuestionList({ items }: { items: readonly FaqItem[] }) {
  const { fill, business } = useBusinessWords();
  return (
    <div className="flex flex-col divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group p-4 sm:px-5">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg font-bold text-slate-900 [&::-webkit-details-marker]:hidden">
            {item.question}
            <svg
              viewBox="0 0 24 24"
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </summary>
          <p className="mt-2 leading-7 text-slate-800">
            {fill(business.trialMinutes === 0 && item.noTrial ? item.noTrial : item.answer)}
          </p>
        </details>
      ))}
    </div>
  );
}
