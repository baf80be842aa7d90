import { useState } from "react";
import type { ReportListSort, ReportStatus, ReportView } from "@schema/api/report";
import { Pagination, QueryState } from "../../features/admin-area/admin-ui";
import { AdminReportItem } from "../../features/reports/admin-report-item";
import { reportsPageSize, useReportsQuery } from "../../features/reports/use-reports";
import { support } from "../../i18n/ar-EG-support";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { formatDateTime } from "../../lib/format";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Card } from "../../ui/card";
import { cx } from "../../ui/class-names";
import { DataTable, type TableColumn, type TableSort } from "../../ui/data-table";
import { Dialog } from "../../ui/dialog";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { SearchBox } from "../../ui/search-box";

const t = support.adminReports;
const tt = arAdmin.adminFigures.tables;
const filters: Array<{ value: ReportStatus | null; label: string }> = [
  { value: "open", label: t.statuses.open },
  { value: "resolved", label: t.statuses.resolved },
  { value: null, label: t.all },
];

type ReportColumn = "title" | "reporter" | "created" | "status" | "attachments" | "note";
type SortColumn = Extract<ReportColumn, "title" | "created" | "status">;

const toApiSort = (sort: TableSort<ReportColumn>): ReportListSort =>
  `${sort.direction === "desc" ? "-" : ""}${sort.column as SortColumn}`;
const fromApiSort = (sort: ReportListSort): TableSort<ReportColumn> => ({
  column: sort.replace(/^-/, "") as SortColumn,
  direction: sort.startsWith("-") ? "desc" : "asc",
});

const titleOf = (report: ReportView) => report.title ?? tt.untitled;

function columns(onOpen: (report: ReportView) => void): Array<TableColumn<ReportView, ReportColumn>> {
  return [
    {
      id: "title",
      header: tt.reportTitle,
      rowHeader: true,
      sortable: true,
      cell: (report) => (
        <button
          type="button"
          onClick={() => onOpen(report)}
          className="min-h-9 text-start font-bold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600"
        >
          <bdi>{titleOf(report)}</bdi>
        </button>
      ),
    },
    {
      id: "reporter",
      header: tt.reporter,
      cell: (report) =>
        report.reporter ? (
          <div className="flex flex-col gap-0.5">
            {report.reporter.name && <bdi>{report.reporter.name}</bdi>}
            <span dir="ltr" className="text-start text-xs text-slate-600">
              {report.reporter.email}
            </span>
          </div>
        ) : (
          t.anonymous
        ),
    },
    {
      id: "created",
      header: tt.sent,
      sortable: true,
      firstDirection: "desc",
      className: "whitespace-nowrap",
      cell: (report) => formatDateTime(report.createdAt),
    },
    {
      id: "status",
      header: tt.status,
      sortable: true,
      cell: (report) => (
        <Badge tone={report.status === "resolved" ? "success" : "warning"}>{t.statuses[report.status]}</Badge>
      ),
    },
    {
      id: "attachments",
      header: tt.attachments,
      cell: (report) =>
        [report.screenshot && t.screenshot, report.log && t.log].filter(Boolean).join("، ") || tt.none,
    },
    {
      id: "note",
      header: tt.teamNote,
      cell: (report) => (
        <span dir="auto" className="line-clamp-2 min-w-32">
          {report.note || tt.none}
        </span>
      ),
    },
  ];
}

/** /admin/reports — users' problem reports in a table: search as you type, filter, sort, page jumps; a report opens in a dialog to read, note, resolve or reopen. */
export function AdminReportsPage() {
  useDocumentTitle(t.title);
  const [status, setStatus] = useState<ReportStatus | null>("open");
  const [page, setPage] = useState(1);
  const [q, setQ] = useState("");
  const [sort, setSort] = useState<ReportListSort>("-created");
  const [opened, setOpened] = useState<ReportView | null>(null);
  const reports = useReportsQuery(page, status, { q, sort });
  // The open report as last changed: the list's copy once it is as new (another admin's change
  // arrives there), else the one the save answered (it may have left the filter).
  const listed = opened ? reports.data?.list.find((report) => report.id === opened.id) : undefined;
  const current = listed && opened && listed.updatedAt >= opened.updatedAt ? listed : opened;
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="full">
      <Card>
        <div className="mb-4 flex flex-col gap-3">
          <SearchBox
            label={tt.searchReports}
            onSearch={(text) => {
              setQ(text);
              setPage(1);
            }}
          />
          <div role="group" aria-label={t.filterLabel} className="flex flex-wrap gap-2">
            {filters.map((filter) => (
              <button
                key={filter.label}
                type="button"
                aria-pressed={status === filter.value}
                onClick={() => {
                  setStatus(filter.value);
                  setPage(1);
                }}
                className={cx(
                  "min-h-9 rounded-full border px-4 text-sm font-medium focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                  status === filter.value
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
                )}
              >
                {filter.label}
              </button>
            ))}
          </div>
        </div>
        <QueryState query={reports}>
          {(data) => (
            <div className="flex flex-col gap-4" aria-busy={reports.isFetching || undefined}>
              <DataTable
                caption={tt.reports}
                captionHidden
                columns={columns(setOpened)}
                rows={data.list}
                rowKey={(report) => report.id}
                rowData={(report) => ({ "data-report": report.id })}
                sort={fromApiSort(sort)}
                onSort={(next) => {
                  setSort(toApiSort(next));
                  setPage(1);
                }}
                empty={t.empty}
              />
              <Pagination page={page} total={data.total} size={reportsPageSize} onPage={setPage} />
            </div>
          )}
        </QueryState>
      </Card>
      <Dialog
        open={current !== null}
        onClose={() => setOpened(null)}
        title={current ? titleOf(current) : ""}
        className="max-w-2xl"
      >
        {current && (
          <AdminReportItem
            key={`${current.id}-${current.updatedAt}`}
            report={current}
            as="div"
            showTitle={false}
            onSaved={setOpened}
          />
        )}
      </Dialog>
    </PageFrame>
  );
}
