import { useState, type ReactNode } from "react";
import type { TableSort } from "../../ui/data-table";
import { SearchBox } from "../../ui/search-box";
import { Select } from "../../ui/select";

/** The table column an API sort text names: «-created» and «created» name «created». */
type SortColumnOf<S extends string> = S extends `-${infer C}` ? C : S;

/**
 * A staff table's filters (search text, selects, sort) and its page: changing a filter or the sort
 * goes back to the first page; turning pages keeps the filters. `table` is the AdminTable's sort and
 * page props, wired to them.
 */
export function useAdminFilters<F extends { page: number; sort: string }>(initial: F) {
  const [filters, setFilters] = useState<F>(initial);
  const change = (next: Partial<Omit<F, "page">>) =>
    setFilters((current) => ({ ...current, page: 1, ...next }));
  const setPage = (page: number) => setFilters((current) => ({ ...current, page }));
  const table = {
    sort: fromApiSort(filters.sort as SortColumnOf<F["sort"]>),
    // The table offers only its sortable columns, each one the API sorts by.
    onSort: (sort: TableSort) => change({ sort: toApiSort(sort) } as Partial<Omit<F, "page">>),
    page: filters.page,
    onPage: setPage,
  };
  return { filters, change, table };
}

/** A table's sort as the API's sort text: the column, after a «-» when descending. */
const toApiSort = <C extends string>(sort: TableSort<C>): C | `-${C}` =>
  sort.direction === "desc" ? `-${sort.column}` : sort.column;

/** The API's sort text as the table's sort. */
const fromApiSort = <C extends string>(sort: C | `-${C}`): TableSort<C> => ({
  column: sort.replace(/^-/, "") as C,
  direction: sort.startsWith("-") ? "desc" : "asc",
});

/** The row above a staff table: the search box, then its selects (FilterSelect); one column on a phone. */
export function AdminFilterRow({
  searchLabel,
  onSearch,
  children,
}: {
  searchLabel: string;
  onSearch: (q: string) => void;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-end">
      <SearchBox label={searchLabel} onSearch={onSearch} className="md:flex-1" />
      {children}
    </div>
  );
}

/** One filter of the row: a select of the values, with «all» (null) first. */
export function FilterSelect<V extends string>({
  label,
  allLabel,
  value,
  values,
  labels,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: V | null;
  values: readonly V[];
  labels: Record<V, string>;
  onChange: (value: V | null) => void;
}) {
  return (
    <Select
      label={label}
      value={value ?? ""}
      onChange={(event) => onChange((event.target.value || null) as V | null)}
      placeholder={allLabel}
      options={values.map((option) => ({ value: option, label: labels[option] }))}
      className="md:w-40"
    />
  );
}
