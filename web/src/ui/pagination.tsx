import { ar } from "../i18n/ar-EG";
import { formatNumber } from "../lib/format";
import { Button } from "./button";
import { cx } from "./class-names";

type PaginationProps = {
  page: number;
  total: number;
  size: number;
  onPage: (page: number) => void;
  /** What the pages are of («صفحات النتائج»), the navigation's accessible name. */
  label: string;
  buttonSize?: "sm" | "md";
  className?: string;
};

/** Previous / next through a paged list, with «صفحة ٢ من ٥»; nothing when everything fits on one page. */
export function Pagination({ page, total, size, onPage, label, buttonSize = "sm", className }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={cx("flex items-center justify-center gap-3", className)}>
      <Button variant="secondary" size={buttonSize} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {ar.ui.previous}
      </Button>
      <span className="text-sm text-slate-700">{ar.ui.pageOf(formatNumber(page), formatNumber(pages))}</span>
      <Button variant="secondary" size={buttonSize} disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {ar.ui.next}
      </Button>
    </nav>
  );
}
