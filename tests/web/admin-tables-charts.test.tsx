import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { formatCalendarDay } from "../../web/src/lib/format";
import { BarChart, LineChart, chartColumns } from "../../web/src/ui/charts";
import { DataTable, nextSort, sortRows, type TableColumn, type TableSort } from "../../web/src/ui/data-table";
import { Pagination, pageFromInput } from "../../web/src/ui/pagination";
import { SearchBox } from "../../web/src/ui/search-box";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Row = { id: number; name: string; lessons: number };
type Column = "name" | "lessons";
const rows: Row[] = [
  { id: 1, name: "بسمة", lessons: 4 },
  { id: 2, name: "أحمد", lessons: 12 },
  { id: 3, name: "تامر", lessons: 7 },
];
const columns: Array<TableColumn<Row, Column>> = [
  { id: "name", header: "الاسم", rowHeader: true, sortable: true, cell: (row) => row.name },
  {
    id: "lessons",
    header: "الحصص",
    sortable: true,
    firstDirection: "desc",
    cell: (row) => String(row.lessons),
  },
];

/** The table sorting its rows itself, as the plans page does. */
function SortedTable() {
  const [sort, setSort] = useState<TableSort<Column> | null>(null);
  const shown = sortRows(rows, sort, { name: (row) => row.name, lessons: (row) => row.lessons });
  return (
    <DataTable
      caption="المدرّسون"
      columns={columns}
      rows={shown}
      rowKey={(row) => row.id}
      sort={sort}
      onSort={setSort}
    />
  );
}

const rowNames = () => screen.getAllByRole("rowheader").map((cell) => cell.textContent);

describe("the data table", () => {
  it("has a caption, column headers and a row header for each row", () => {
    render(<SortedTable />);
    const table = screen.getByRole("table", { name: "المدرّسون" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.getAttribute("scope")),
    ).toEqual(["col", "col"]);
    expect(rowNames()).toEqual(["بسمة", "أحمد", "تامر"]);
    // Its scrolling region is named by the caption and reachable with the keyboard.
    expect(screen.getByRole("region", { name: "المدرّسون" }).tabIndex).toBe(0);
  });

  it("sorts by a header button, says so with aria-sort, and reverses on a second press", () => {
    render(<SortedTable />);
    const [nameHeader, lessonsHeader] = screen.getAllByRole("columnheader");
    expect(nameHeader!.getAttribute("aria-sort")).toBe("none");
    fireEvent.click(within(nameHeader!).getByRole("button", { name: "الاسم" }));
    expect(rowNames()).toEqual(["أحمد", "بسمة", "تامر"]); // Arabic alphabetical order
    expect(nameHeader!.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(nameHeader!).getByRole("button", { name: "الاسم" }));
    expect(rowNames()).toEqual(["تامر", "بسمة", "أحمد"]);
    expect(nameHeader!.getAttribute("aria-sort")).toBe("descending");
    // Another column starts in its own first direction (largest first) and the first loses aria-sort.
    fireEvent.click(within(lessonsHeader!).getByRole("button", { name: "الحصص" }));
    expect(rowNames()).toEqual(["أحمد", "تامر", "بسمة"]);
    expect(lessonsHeader!.getAttribute("aria-sort")).toBe("descending");
    expect(nameHeader!.getAttribute("aria-sort")).toBe("none");
  });

  it("sorts with the keyboard: the header buttons are real buttons in the tab order", () => {
    render(<SortedTable />);
    const button = screen.getByRole("button", { name: "الاسم" });
    expect(button.tagName).toBe("BUTTON");
    expect(button.getAttribute("type")).toBe("button");
    button.focus();
    expect(document.activeElement).toBe(button);
  });

  it("says there are no results instead of an empty body", () => {
    render(<DataTable caption="المدرّسون" columns={columns} rows={[]} rowKey={(row) => row.id} />);
    expect(screen.getByRole("cell", { name: ar.table.empty })).toBeTruthy();
  });

  it("turns a header press into the next order", () => {
    expect(nextSort(null, "name")).toEqual({ column: "name", direction: "asc" });
    expect(nextSort({ column: "name", direction: "asc" }, "name")).toEqual({
      column: "name",
      direction: "desc",
    });
    expect(nextSort({ column: "name", direction: "desc" }, "lessons", "desc")).toEqual({
      column: "lessons",
      direction: "desc",
    });
  });
});

describe("search as you type", () => {
  it("reports the trimmed text once typing pauses, not on every key", () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox label="بحث" onSearch={onSearch} />);
    const box = screen.getByRole("searchbox", { name: "بحث" });
    expect(box.closest("[role=search]")).toBeTruthy();
    fireEvent.change(box, { target: { value: "س" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: "سا" } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: "سارة " } });
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith("سارة");
  });

  it("does not search again when only spaces were added", () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchBox label="بحث" onSearch={onSearch} initial="سارة" />);
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "سارة  " } });
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});

describe("the pager's first, last and page jump", () => {
  it("goes to the first and the last page", () => {
    const onPage = vi.fn();
    render(<Pagination label="صفحات النتائج" page={4} total={95} size={10} onPage={onPage} />);
    fireEvent.click(screen.getByRole("button", { name: ar.ui.first }));
    expect(onPage).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByRole("button", { name: ar.ui.last }));
    expect(onPage).toHaveBeenLastCalledWith(10);
  });

  it("jumps to a typed page, in Arabic or Latin digits, kept within the pages", () => {
    const onPage = vi.fn();
    render(<Pagination label="صفحات النتائج" page={1} total={95} size={10} onPage={onPage} />);
    const input = screen.getByRole("textbox", { name: ar.ui.goToPage });
    fireEvent.change(input, { target: { value: "٧" } });
    fireEvent.click(screen.getByRole("button", { name: ar.ui.go }));
    expect(onPage).toHaveBeenLastCalledWith(7);
    fireEvent.change(input, { target: { value: "40" } });
    fireEvent.submit(input.closest("form")!);
    expect(onPage).toHaveBeenLastCalledWith(10);
    onPage.mockClear();
    fireEvent.change(input, { target: { value: "abc" } });
    fireEvent.submit(input.closest("form")!);
    expect(onPage).not.toHaveBeenCalled();
  });

  it("disables first and previous on the first page", () => {
    render(<Pagination label="صفحات النتائج" page={1} total={30} size={10} onPage={() => {}} />);
    expect((screen.getByRole("button", { name: ar.ui.first }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: ar.ui.last }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("reads a typed page", () => {
    expect(pageFromInput(" ١٢ ", 20)).toBe(12);
    expect(pageFromInput("0", 20)).toBe(1);
    expect(pageFromInput("3.5", 20)).toBeNull();
  });
});

describe("the charts", () => {
  const points = [
    { label: "١ نوفمبر", value: 3 },
    { label: "٢ نوفمبر", value: 0 },
    { label: "٣ نوفمبر", value: 6 },
  ];

  it("draws right to left: the first period at the right edge, the last at the left", () => {
    const { center } = chartColumns(3);
    expect(center(0)).toBeGreaterThan(center(1));
    expect(center(1)).toBeGreaterThan(center(2));
    const { container } = render(<BarChart title="الحصص يوميًا" valueLabel="الحصص" points={points} />);
    const bars = [...container.querySelectorAll("rect[data-value]")];
    const x = bars.map((bar) => Number(bar.getAttribute("x")));
    expect(x[0]).toBeGreaterThan(x[2]!);
    // The tallest bar is the largest value; a zero has no height.
    expect(Number(bars[2]!.getAttribute("height"))).toBeGreaterThan(Number(bars[0]!.getAttribute("height")));
    expect(Number(bars[1]!.getAttribute("height"))).toBe(0);
  });

  it("hides the drawing from screen readers and gives them a table of every period in Arabic digits", () => {
    const { container } = render(
      <LineChart
        title="الإيرادات شهريًا"
        valueLabel="الإيرادات"
        points={points.map((p) => ({ ...p, display: `${p.value} ج` }))}
      />,
    );
    expect(container.querySelector("svg")!.getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByRole("figure", { name: "الإيرادات شهريًا" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "الإيرادات شهريًا" });
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["١ نوفمبر", "٢ نوفمبر", "٣ نوفمبر"]);
    expect(within(table).getByRole("cell", { name: "6 ج" })).toBeTruthy();
    expect(screen.getByText(ar.charts.peak("6 ج", "٣ نوفمبر"))).toBeTruthy();
  });

  it("formats its numbers in Arabic digits when no display text is given", () => {
    render(<BarChart title="طلاب جدد" valueLabel="طلاب" points={[{ label: "أسبوع", value: 12 }]} />);
    expect(screen.getByRole("cell", { name: "١٢" })).toBeTruthy();
  });

  it("names a server's calendar day as that day, whatever the viewer's zone", () => {
    expect(formatCalendarDay("2026-11-01", { day: "numeric", month: "long" })).toBe("١ نوفمبر");
  });
});
