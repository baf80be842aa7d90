import { Link } from "react-router-dom";
import { ar } from "../../i18n/ar-EG";
import { useDocumentTitle } from "../../lib/use-document-title";
import { buttonClasses } from "../../ui/button";

/** The Worker answers these paths with HTTP 404 (worker/seo/route-preloads.ts); the tab, heading and text agree. */
export function NotFoundPage() {
  useDocumentTitle(ar.errors.notFoundTitle);
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        ٤٠٤
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{ar.errors.notFoundTitle}</h1>
      <p className="text-slate-700">{ar.errors.notFoundBody}</p>
      <Link to="/" className={buttonClasses("primary")}>
        {ar.errors.goHome}
      </Link>
    </div>
  );
}
