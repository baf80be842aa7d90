import { ar } from "../../i18n/ar-EG";
import { formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";

/** Previous / next for a paged list. */
export function Pager({ page, total, size, onPage }: { page: number; total: number; size: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={ar.onboarding.pageOf(formatNumber(page), formatNumber(pages))} className="flex items-center justify-between gap-2">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {ar.onboarding.previousPage}
      </Button>
      <span className="text-sm text-slate-700">{ar.onboarding.pageOf(formatNumber(page), formatNumber(pages))}</span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {ar.onboarding.nextPage}
      </Button>
    </nav>
  );
}
