import { act, cleanup, fireEvent, render, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  AdminFilterRow,
  FilterSelect,
  useAdminFilters,
} from "../../web/src/features/admin-area/admin-filters";
import { ar } from "../../web/src/i18n/ar-EG-all";

type Filters = {
  page: number;
  q: string;
  state: "new" | "closed" | null;
  sort: "created" | "-created" | "state";
};

const start: Filters = { page: 3, q: "", state: null, sort: "-created" };

afterEach(cleanup);

describe("useAdminFilters (the staff tables' filters, sort and page)", () => {
  it("reads the API's sort text as the table's sort, and writes the table's back", () => {
    const { result } = renderHook(() => useAdminFilters<Filters>(start));
    expect(result.current.table.sort).toEqual({ column: "created", direction: "desc" });
    act(() => result.current.table.onSort({ column: "state", direction: "asc" }));
    expect(result.current.filters.sort).toBe("state");
    expect(result.current.table.sort).toEqual({ column: "state", direction: "asc" });
    act(() => result.current.table.onSort({ column: "created", direction: "desc" }));
    expect(result.current.filters.sort).toBe("-created");
  });

  it("goes back to the first page when a filter or the sort changes, and keeps the filters when paging", () => {
    const { result } = renderHook(() => useAdminFilters<Filters>(start));
    expect(result.current.table.page).toBe(3);
    act(() => result.current.change({ state: "new" }));
    expect(result.current.filters).toEqual({ ...start, page: 1, state: "new" });
    act(() => result.current.table.onPage(4));
    expect(result.current.filters).toEqual({ ...start, page: 4, state: "new" });
    act(() => result.current.table.onSort({ column: "state", direction: "asc" }));
    expect(result.current.filters.page).toBe(1);
  });
});

describe("FilterSelect", () => {
  it("offers «all» first and answers null for it, the chosen value otherwise", () => {
    const t = ar.support.adminContactRequests;
    const chosen: Array<"new" | "closed" | null> = [];
    render(
      <AdminFilterRow searchLabel={t.searchLabel} onSearch={() => {}}>
        <FilterSelect
          label={t.stateFilter}
          allLabel={t.all}
          value="new"
          values={["new", "closed"] as const}
          labels={t.states}
          onChange={(value) => chosen.push(value)}
        />
      </AdminFilterRow>,
    );
    const select = screen.getByLabelText(t.stateFilter) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual([t.all, t.states.new, t.states.closed]);
    expect(select.value).toBe("new");
    fireEvent.change(select, { target: { value: "closed" } });
    fireEvent.change(select, { target: { value: "" } });
    expect(chosen).toEqual(["closed", null]);
    expect(screen.getByRole("search")).toBeTruthy();
  });
});
