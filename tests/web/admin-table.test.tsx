import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Paged } from "@schema/api/common";
import { AdminTable } from "../../web/src/features/admin-area/admin-table";
import { ar } from "../../web/src/i18n/ar-EG-all";
import type { TableColumn } from "../../web/src/ui/data-table";

type Row = { id: number; name: string };
const columns: Array<TableColumn<Row, "name">> = [
  { id: "name", header: "الاسم", rowHeader: true, cell: (row) => row.name },
];
const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, name: `صف ${index + 1}` }));

function Table({
  load,
  count,
  pagesLabel,
  onPage = () => {},
}: {
  load: () => Promise<Paged<Row>>;
  count?: (total: number) => string;
  pagesLabel?: string;
  onPage?: (page: number) => void;
}) {
  const query = useQuery({ queryKey: ["rows"], queryFn: load, retry: false });
  return (
    <AdminTable
      query={query}
      count={count}
      caption="الصفوف"
      columns={columns}
      rowKey={(row) => row.id}
      empty="لا صفوف"
      page={1}
      pageSize={20}
      onPage={onPage}
      pagesLabel={pagesLabel}
    />
  );
}

function renderTable(props: Parameters<typeof Table>[0]) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <Table {...props} />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe("the admin list pages' paged table", () => {
  it("shows the count line, the rows under a caption for screen readers, and page jumps named for the admin lists", async () => {
    const onPage = vi.fn();
    renderTable({
      load: async () => ({ list: rows(20), total: 45 }),
      count: (total) => `${total} صف`,
      onPage,
    });
    const table = await screen.findByRole("table", { name: "الصفوف" });
    expect(within(table).getAllByRole("rowheader")).toHaveLength(20);
    expect(screen.getByText("45 صف").getAttribute("aria-live")).toBe("polite");
    const pages = screen.getByRole("navigation", { name: ar.adminArea.common.pagination });
    fireEvent.click(within(pages).getByRole("button", { name: ar.ui.next }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it("leaves out the count line when the page has none, and names the page jumps as asked", async () => {
    const { container } = renderTable({
      load: async () => ({ list: rows(20), total: 45 }),
      pagesLabel: "صفحات طلبات السحب",
    });
    await screen.findByRole("table", { name: "الصفوف" });
    expect(container.querySelector("[aria-live]")).toBeNull();
    screen.getByRole("navigation", { name: "صفحات طلبات السحب" });
  });

  it("says so in the table when the list is empty, with no page jumps", async () => {
    renderTable({ load: async () => ({ list: [], total: 0 }), count: (total) => `${total} صف` });
    const table = await screen.findByRole("table", { name: "الصفوف" });
    within(table).getByText("لا صفوف");
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("shows the failure with a retry instead of a table, and retries when pressed", async () => {
    const load = vi.fn().mockRejectedValue(new Error("offline"));
    renderTable({ load });
    const retry = await screen.findByRole("button", { name: ar.adminArea.common.retry });
    expect(screen.queryByRole("table")).toBeNull();
    fireEvent.click(retry);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });
});
