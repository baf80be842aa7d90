import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Paged } from "@schema/api/common";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { DataTable, type DataTableProps } from "../../ui/data-table";
import { Pagination } from "../../ui/pagination";
import { QueryState } from "./admin-ui";

type AdminTableProps<T, K extends string> = Omit<DataTableProps<T, K>, "rows" | "captionHidden"> & {
  /** One page of the list, as the API answers it. */
  query: UseQueryResult<Paged<T>>;
  /** The line above the table that counts the whole list (announced when it changes); none when absent. */
  count?: (total: number) => ReactNode;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Names the page jumps for screen readers; the admin lists' own name when absent. */
  pagesLabel?: string;
};

/**
 * An admin list page's paged table: the query's loading and failure states, then the count, the
 * table (its caption for screen readers only) and the page jumps, marked busy while another page
 * or order loads.
 */
export function AdminTable<T, K extends string>({
  query,
  count,
  page,
  pageSize,
  onPage,
  pagesLabel = arAdmin.adminArea.common.pagination,
  ...table
}: AdminTableProps<T, K>) {
  return (
    <QueryState query={query}>
      {(data) => (
        <div className="flex flex-col gap-4" aria-busy={query.isFetching || undefined}>
          {count && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {count(data.total)}
            </p>
          )}
          <DataTable {...table} captionHidden rows={data.list} />
          <Pagination label={pagesLabel} page={page} total={data.total} size={pageSize} onPage={onPage} />
        </div>
      )}
    </QueryState>
  );
}
