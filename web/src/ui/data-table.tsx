import { useId, type ReactNode } from "react";
import { table } from "../i18n/ar-EG-admin-figures";
import { cx } from "./class-names";

export type SortDirection = "asc" | "desc";
export type TableSort<K extends string = string> = { column: K; direction: SortDirection };

export type TableColumn<T, K extends string = string> = {
  id: K;
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell that names its row (a `<th scope="row">`); one column per table. */
  rowHeader?: boolean;
  /** The header is a button that orders the rows by this column. */
  sortable?: boolean;
  /** The direction a first press sorts in (dates and amounts read best newest or largest first). */
  firstDirection?: SortDirection;
  className?: string;
};

export type DataTableProps<T, K extends string> = {
  /** Names the table (its `<caption>`), visible or for screen readers only. */
  caption: string;
  captionHidden?: boolean;
  columns: Array<TableColumn<T, K>>;
  rows: T[];
  rowKey: (row: T) => string | number;
  sort?: TableSort<K> | null;
  onSort?: (sort: TableSort<K>) => void;
  /** data-* attributes of a row (how tests and live updates find it). */
  rowData?: (row: T) => Record<`data-${string}`, string | number>;
  /** Shown in the body when there are no rows. */
  empty?: ReactNode;
  className?: string;
};

/** The next order when a column's header is pressed: the other way round if it is already the order. */
export function nextSort<K extends string>(
  current: TableSort<K> | null | undefined,
  column: K,
  firstDirection: SortDirection = "asc",
): TableSort<K> {
  if (current?.column === column) return { column, direction: current.direction === "asc" ? "desc" : "asc" };
  return { column, direction: firstDirection };
}

/** Rows ordered by `sort` using each column's sort value (text compared the Arabic way), for lists held whole. */
export function sortRows<T, K extends string>(
  rows: T[],
  sort: TableSort<K> | null | undefined,
  valueOf: Record<K, (row: T) => string | number>,
): T[] {
  if (!sort) return rows;
  const value = valueOf[sort.column];
  const collator = new Intl.Collator("ar-EG", { numeric: true, sensitivity: "base" });
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const order =
      typeof x === "number" && typeof y === "number" ? x - y : collator.compare(String(x), String(y));
    return order * sign;
  });
}

const ariaSort = { asc: "ascending", desc: "descending" } as const;

function SortIcon({ direction }: { direction: SortDirection | null }) {
  return (
    <svg viewBox="0 0 12 16" className="size-3.5 shrink-0" aria-hidden="true" focusable="false">
      <path d="M6 1 L10 6 H2 Z" className={direction === "asc" ? "fill-current" : "fill-slate-300"} />
      <path d="M6 15 L10 10 H2 Z" className={direction === "desc" ? "fill-current" : "fill-slate-300"} />
    </svg>
  );
}

/**
 * An accessible data table: a caption, column headers with `scope`, the row's name in a row
 * header, and sortable headers as buttons (Tab to reach, Enter or Space to press) with
 * `aria-sort` on the sorted column. It scrolls sideways inside its own focusable region on a
 * narrow screen instead of widening the page.
 */
export function DataTable<T, K extends string>({
  caption,
  captionHidden,
  columns,
  rows,
  rowKey,
  rowData,
  sort,
  onSort,
  empty,
  className,
}: DataTableProps<T, K>) {
  const captionId = useId();
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className={cx(
        "w-full overflow-x-auto rounded-lg focus-visible:outline-3 focus-visible:outline-brand-600",
        className,
      )}
    >
      <table className="w-full border-collapse text-start text-sm">
        <caption
          id={captionId}
          className={cx(captionHidden ? "sr-only" : "pb-2 text-start font-bold text-slate-900")}
        >
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-300 bg-slate-50">
            {columns.map((column) => {
              const direction = sort?.column === column.id ? sort.direction : null;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={column.sortable ? (direction ? ariaSort[direction] : "none") : undefined}
                  className={cx(
                    "px-3 py-2 text-start font-bold whitespace-nowrap text-slate-700",
                    column.className,
                  )}
                >
                  {column.sortable && onSort ? (
                    <button
                      type="button"
                      onClick={() => onSort(nextSort(sort, column.id, column.firstDirection))}
                      className="-mx-1 inline-flex min-h-9 items-center gap-1 rounded px-1 hover:text-brand-800 focus-visible:outline-3 focus-visible:outline-brand-600"
                    >
                      {column.header}
                      <SortIcon direction={direction} />
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-start text-slate-700">
                {empty ?? table.empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={rowKey(row)}
                {...rowData?.(row)}
                className="border-b border-slate-200 align-top last:border-b-0 hover:bg-slate-50"
              >
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th
                      key={column.id}
                      scope="row"
                      className={cx("px-3 py-2.5 text-start font-medium text-slate-900", column.className)}
                    >
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={cx("px-3 py-2.5 text-slate-800", column.className)}>
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
