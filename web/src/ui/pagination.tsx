import { useId, useState, type FormEvent } from "react";
import { lastServedPage } from "@schema/api/common";
import { ar } from "../i18n/ar-EG";
import { formatNumber } from "../lib/format";
import { Button } from "./button";
import { cx } from "./class-names";

type PaginationProps = {
  page: number;
  total: number;
  /**
   * More rows exist than `total` (a capped total, worker/core/capped-count.ts): the last page is
   * unknown, so «صفحة ١ من أكتر من ٥٠», no «الأخيرة», and the next page stays open up to the
   * deepest page the list serves (lastServedPage), where a hint says to narrow the search.
   */
  totalIsLowerBound?: boolean;
  size: number;
  onPage: (page: number) => void;
  /** What the pages are of («صفحات النتائج»), the navigation's accessible name. */
  label: string;
  buttonSize?: "sm" | "md";
  className?: string;
};

/** A typed page number, in Arabic-Indic or Latin digits, kept within 1..pages (null: not a number). */
export function pageFromInput(raw: string, pages: number): number | null {
  const latin = raw.trim().replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660));
  if (!/^\d+$/.test(latin)) return null;
  return Math.min(Math.max(Number(latin), 1), pages);
}

/** A list's counted total as shown: «أكتر من ١٬٠٠٠ سجل» when the total is capped, else as counted. */
export const shownTotal = (counted: string, totalIsLowerBound: boolean): string =>
  totalIsLowerBound ? ar.ui.moreThan(counted) : counted;

/**
 * The pages known to exist, and the count to show: with a capped total more than `total` rows
 * exist, so at least ceil((total + 1) / size) pages, and «أكتر من floor(total / size)» is true;
 * the pages reachable stop at the deepest one a capped list serves (lastServedPage,
 * schema/api/common.ts: a deeper one answers page-too-deep).
 */
export function pageCount(
  total: number,
  size: number,
  totalIsLowerBound = false,
): { pages: number; shown: number } {
  if (!totalIsLowerBound) {
    const pages = Math.max(1, Math.ceil(total / size));
    return { pages, shown: pages };
  }
  return {
    pages: Math.min(Math.ceil((total + 1) / size), lastServedPage(size)),
    shown: Math.floor(total / size),
  };
}

/**
 * First / previous / next / last through a paged list, with «صفحة ٢ من ٥» and a page number to
 * jump to; nothing when everything fits on one page. With a capped total, «صفحة ٢ من أكتر من ٥٠»
 * and no «الأخيرة»; on the deepest page served, «التالي» is off and a line under the pager says
 * to narrow the search with the filters.
 */
export function Pagination({
  page,
  total,
  totalIsLowerBound = false,
  size,
  onPage,
  label,
  buttonSize = "sm",
  className,
}: PaginationProps) {
  const { pages, shown } = pageCount(total, size, totalIsLowerBound);
  const inputId = useId();
  const [typed, setTyped] = useState("");
  if (pages <= 1) return null;
  // More rows exist, but the next page would start past the deepest one served.
  const stopsHere = totalIsLowerBound && page >= pages;

  function jump(event: FormEvent) {
    event.preventDefault();
    const target = pageFromInput(typed, pages);
    if (target !== null && target !== page) onPage(target);
    setTyped("");
  }

  return (
    <nav
      aria-label={label}
      className={cx("flex flex-wrap items-center justify-center gap-x-3 gap-y-2", className)}
    >
      <div className="flex flex-wrap items-center justify-center gap-2">
        <Button variant="secondary" size={buttonSize} disabled={page <= 1} onClick={() => onPage(1)}>
          {ar.ui.first}
        </Button>
        <Button variant="secondary" size={buttonSize} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {ar.ui.previous}
        </Button>
        {/* On a phone the page line sits above the four buttons, so they fit on one row. */}
        <span className="order-first basis-full text-center text-sm text-slate-700 sm:order-none sm:basis-auto">
          {totalIsLowerBound
            ? ar.ui.pageOfMore(formatNumber(page), formatNumber(shown))
            : ar.ui.pageOf(formatNumber(page), formatNumber(pages))}
        </span>
        <Button
          variant="secondary"
          size={buttonSize}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {ar.ui.next}
        </Button>
        {!totalIsLowerBound && (
          <Button
            variant="secondary"
            size={buttonSize}
            disabled={page >= pages}
            onClick={() => onPage(pages)}
          >
            {ar.ui.last}
          </Button>
        )}
      </div>
      <form onSubmit={jump} className="flex items-center gap-2">
        <label htmlFor={inputId} className="text-sm text-slate-700">
          {ar.ui.goToPage}
        </label>
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder={formatNumber(page)}
          className="min-h-9 w-16 rounded-lg border border-slate-300 bg-white px-2 text-center text-sm focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
        />
        <Button type="submit" variant="secondary" size={buttonSize}>
          {ar.ui.go}
        </Button>
      </form>
      {stopsHere && <p className="basis-full text-center text-sm text-slate-700">{ar.ui.narrowToSeeMore}</p>}
    </nav>
  );
}
