import { Link } from "react-router-dom";
import { support } from "../../i18n/ar-EG-support";
import { formatNumber } from "../../lib/format";
import { useNewContactRequestsQuery } from "./contact-requests";

const t = support.adminContactRequests;

/** The admin home's figure: contact requests nobody has answered or closed yet, with the way to them. */
export function NewContactRequests() {
  const count = useNewContactRequestsQuery();
  const value = count.data?.new;
  return (
    <section
      aria-labelledby="figure-contact-requests"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-new-contact-requests=""
    >
      <div className="flex flex-col gap-0.5">
        <h2 id="figure-contact-requests" className="text-sm text-slate-600">
          {t.homeFigure}
        </h2>
        <p
          className="text-2xl font-bold text-slate-900 tabular-nums"
          aria-live="polite"
          data-count={value ?? undefined}
        >
          {value === undefined ? "…" : formatNumber(value)}
        </p>
        <p className="text-xs text-slate-600">{t.homeHint}</p>
      </div>
      <Link
        to="/admin/contact-requests"
        className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-4 font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t.homeLink}
      </Link>
    </section>
  );
}
