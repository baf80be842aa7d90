import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "./class-names";

export type CalendarColumn = { key: string; label: ReactNode; ariaLabel: string };

export type CalendarBlock = {
  key: string;
  column: number;
  /** Rows [startRow, endRow). */
  startRow: number;
  endRow: number;
  /** Visible content; the accessible name starts with it. */
  label: ReactNode;
  /** Said after the label by screen readers only (e.g. the day and an unsaved state). */
  srText?: string;
  className?: string;
  onSelect?: () => void;
};

export type CellPosition = { column: number; row: number };

/** A selection of rows [startRow, endRow) in one column. */
export type CellRange = { column: number; startRow: number; endRow: number };

/**
 * Where the focused cell goes on a key press. In a right-to-left page the next column is to the
 * left, so ArrowLeft moves forward; Home/End go to the ends of the column, PageUp/PageDown by 4 rows.
 */
export function moveCell(
  position: CellPosition,
  key: string,
  size: { columns: number; rows: number },
  rtl = true,
): CellPosition | null {
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max - 1);
  const forward = rtl ? "ArrowLeft" : "ArrowRight";
  const backward = rtl ? "ArrowRight" : "ArrowLeft";
  switch (key) {
    case "ArrowUp":
      return { ...position, row: clamp(position.row - 1, size.rows) };
    case "ArrowDown":
      return { ...position, row: clamp(position.row + 1, size.rows) };
    case forward:
      return { ...position, column: clamp(position.column + 1, size.columns) };
    case backward:
      return { ...position, column: clamp(position.column - 1, size.columns) };
    case "PageUp":
      return { ...position, row: clamp(position.row - 4, size.rows) };
    case "PageDown":
      return { ...position, row: clamp(position.row + 4, size.rows) };
    case "Home":
      return { ...position, row: 0 };
    case "End":
      return { ...position, row: size.rows - 1 };
    default:
      return null;
  }
}

/** The rows between an anchor cell and the current one, both included, in the anchor's column. */
export function rangeBetween(anchor: CellPosition, current: CellPosition): CellRange {
  return {
    column: anchor.column,
    startRow: Math.min(anchor.row, current.row),
    endRow: Math.max(anchor.row, current.row) + 1,
  };
}

type WeekCalendarProps = {
  label: string;
  /** The name of the time column's header. */
  timeColumnLabel: string;
  /** Read by screen readers with the grid: how to select with the keyboard. */
  instructions: string;
  columns: CalendarColumn[];
  rowCount: number;
  /** The time shown beside a row (null: none). */
  rowLabel: (row: number) => string | null;
  /** The row header's name when nothing is shown beside it. */
  rowName: (row: number) => string;
  /** The accessible name of a cell. */
  cellLabel: (position: CellPosition) => string;
  isCellDisabled?: (position: CellPosition) => boolean;
  blocks: CalendarBlock[];
  /** A selection made by dragging or with Enter … Enter. */
  onSelectRange?: (range: CellRange) => void;
  /** Cells only carry the blocks: no selection by pointer or keyboard, no hover (a read-only calendar). */
  readOnly?: boolean;
  /** The row scrolled into view first. */
  initialRow?: number;
  rowHeightRem?: number;
  className?: string;
};

/**
 * A week (or day) grid: columns of days, rows of equal time steps, blocks drawn over the rows.
 * Knows nothing about the API. Cells are selected by dragging with the pointer, or by moving the
 * focused cell with the arrow keys and pressing Enter at the start and at the end; Esc cancels.
 */
export function WeekCalendar({
  label,
  timeColumnLabel,
  instructions,
  columns,
  rowCount,
  rowLabel,
  rowName,
  cellLabel,
  isCellDisabled = () => false,
  blocks,
  onSelectRange,
  readOnly = false,
  initialRow = 0,
  rowHeightRem = 1.25,
  className,
}: WeekCalendarProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<CellPosition>({ column: 0, row: initialRow });
  const [anchor, setAnchor] = useState<CellPosition | null>(null);
  const [dragging, setDragging] = useState(false);
  const [hover, setHover] = useState<CellPosition | null>(null);
  const instructionsId = `${label.replace(/\s+/g, "-")}-instructions`;
  const column = Math.min(focus.column, columns.length - 1);
  const current = { column, row: focus.row };

  useEffect(() => {
    const scroller = scrollRef.current;
    const row = gridRef.current?.querySelector<HTMLElement>(
      `[data-row="${initialRow}"] > [role="rowheader"]`,
    );
    if (scroller && row)
      scroller.scrollTop =
        row.offsetTop - (scroller.querySelector<HTMLElement>("[data-header]")?.offsetHeight ?? 0);
  }, [initialRow]);

  function focusCell(position: CellPosition) {
    setFocus(position);
    gridRef.current?.querySelector<HTMLElement>(`[data-cell="${position.column}-${position.row}"]`)?.focus();
  }

  function finish(range: CellRange) {
    setAnchor(null);
    setDragging(false);
    setHover(null);
    const cells = Array.from({ length: range.endRow - range.startRow }, (_, n) => ({
      column: range.column,
      row: range.startRow + n,
    }));
    if (cells.some((cell) => isCellDisabled(cell))) return;
    onSelectRange?.(range);
  }

  useEffect(() => {
    if (!dragging) return;
    function onUp() {
      if (anchor) finish(rangeBetween(anchor, hover ?? anchor));
    }
    window.addEventListener("pointerup", onUp);
    return () => window.removeEventListener("pointerup", onUp);
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.target instanceof HTMLElement) || event.target.dataset.cell === undefined) return;
    const rtl = getComputedStyle(event.currentTarget).direction !== "ltr";
    const next = moveCell(current, event.key, { columns: columns.length, rows: rowCount }, rtl);
    if (next) {
      event.preventDefault();
      focusCell(anchor ? { column: anchor.column, row: next.row } : next);
      return;
    }
    if (readOnly) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (isCellDisabled(current) && !anchor) return;
      if (anchor) finish(rangeBetween(anchor, current));
      else setAnchor(current);
    } else if (event.key === "Escape" && anchor) {
      event.preventDefault();
      event.stopPropagation();
      setAnchor(null);
    }
  }

  const selection = anchor ? rangeBetween(anchor, dragging ? (hover ?? anchor) : current) : null;
  const inSelection = (cell: CellPosition) =>
    selection !== null &&
    cell.column === selection.column &&
    cell.row >= selection.startRow &&
    cell.row < selection.endRow;
  const blocksAt = new Map<string, CalendarBlock[]>();
  for (const block of blocks) {
    const key = `${block.column}-${block.startRow}`;
    blocksAt.set(key, [...(blocksAt.get(key) ?? []), block]);
  }
  const template = { gridTemplateColumns: `4.5rem repeat(${columns.length}, minmax(0, 1fr))` };
  const rowHeight = `${rowHeightRem}rem`;

  return (
    <div className={cx("flex flex-col gap-2", className)}>
      <p id={instructionsId} className="sr-only">
        {instructions}
      </p>
      <div
        ref={scrollRef}
        className="relative max-h-[70dvh] overflow-auto rounded-xl border border-slate-200 bg-white"
      >
        <div
          ref={gridRef}
          role="grid"
          aria-label={label}
          aria-describedby={instructionsId}
          aria-rowcount={rowCount + 1}
          aria-colcount={columns.length + 1}
          className="grid select-none"
          style={template}
          onKeyDown={onKeyDown}
        >
          <div role="row" className="contents">
            <div
              role="columnheader"
              data-header=""
              className="sticky top-0 z-20 border-b border-slate-200 bg-white"
            >
              <span className="sr-only">{timeColumnLabel}</span>
            </div>
            {columns.map((col) => (
              <div
                key={col.key}
                role="columnheader"
                aria-label={col.ariaLabel}
                className="sticky top-0 z-20 border-b border-s border-slate-200 bg-white px-1 py-2 text-center text-sm font-medium text-slate-800"
              >
                {col.label}
              </div>
            ))}
          </div>
          {Array.from({ length: rowCount }, (_, row) => {
            const time = rowLabel(row);
            return (
              <div role="row" key={row} data-row={row} className="contents">
                <div
                  role="rowheader"
                  className={cx(
                    "relative pe-2 text-end text-xs text-slate-600",
                    time !== null && "border-t border-slate-200",
                  )}
                  style={{ height: rowHeight }}
                >
                  {time !== null ? (
                    <span className="absolute inset-x-0 top-0 -translate-y-1/2 bg-white pe-2 leading-none">
                      {time}
                    </span>
                  ) : (
                    <span className="sr-only">{rowName(row)}</span>
                  )}
                </div>
                {columns.map((col, columnIndex) => {
                  const cell = { column: columnIndex, row };
                  const disabled = isCellDisabled(cell);
                  const focused = cell.column === current.column && cell.row === current.row;
                  const selected = inSelection(cell);
                  return (
                    <div
                      key={col.key}
                      role="gridcell"
                      data-cell={`${columnIndex}-${row}`}
                      tabIndex={focused ? 0 : -1}
                      aria-disabled={disabled || undefined}
                      aria-selected={selected}
                      onFocus={() => setFocus(cell)}
                      onPointerDown={(event) => {
                        if (
                          readOnly ||
                          disabled ||
                          event.button !== 0 ||
                          event.target !== event.currentTarget
                        )
                          return;
                        setFocus(cell);
                        setAnchor(cell);
                        setHover(cell);
                        setDragging(true);
                      }}
                      onPointerEnter={() => dragging && anchor && setHover({ column: anchor.column, row })}
                      className={cx(
                        "relative border-s border-slate-200 outline-none focus-visible:z-30 focus-visible:outline-3 focus-visible:-outline-offset-2 focus-visible:outline-brand-600",
                        time !== null ? "border-t" : row % 2 === 0 && "border-t border-t-slate-100",
                        disabled ? "bg-slate-100" : !readOnly && "cursor-pointer hover:bg-brand-50",
                        selected && "bg-brand-200 hover:bg-brand-200",
                      )}
                      style={{ height: rowHeight }}
                    >
                      <span className="sr-only">{cellLabel(cell)}</span>
                      {blocksAt.get(`${columnIndex}-${row}`)?.map((block) => (
                        <button
                          key={block.key}
                          type="button"
                          onClick={block.onSelect}
                          onPointerDown={(event) => event.stopPropagation()}
                          className={cx(
                            "absolute inset-x-0.5 top-px z-10 overflow-hidden rounded-md border px-1 text-start text-xs leading-tight shadow-sm",
                            "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
                            block.className,
                          )}
                          style={{
                            height: `calc(${(block.endRow - block.startRow) * rowHeightRem}rem - 2px)`,
                          }}
                        >
                          {block.label}
                          {block.srText && <span className="sr-only"> {block.srText}</span>}
                        </button>
                      ))}
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
