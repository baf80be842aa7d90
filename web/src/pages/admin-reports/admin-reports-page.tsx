import { useState } from "react";
import type { ReportStatus } from "@schema/api/report";
import { Pagination, QueryState } from "../../features/admin-area/admin-ui";
import { AdminReportItem } from "../../features/reports/admin-report-item";
import { reportsPageSize, useReportsQuery } from "../../features/reports/use-reports";
import { ar } from "../../i18n/ar-EG";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Card } from "../../ui/card";
import { cx } from "../../ui/class-names";
import { PageFrame } from "../../ui/page-frame";

const t = ar.support.adminReports;
const filters: Array<{ value: ReportStatus | null; label: string }> = [
  { value: "open", label: t.statuses.open },
  { value: "resolved", label: t.statuses.resolved },
  { value: null, label: t.all },
];

/** /admin/reports — users' problem reports: read, open attachments, note, resolve or reopen. */
export function AdminReportsPage() {
  useDocumentTitle(t.title);
  const [status, setStatus] = useState<ReportStatus | null>("open");
  const [page, setPage] = useState(1);
  const reports = useReportsQuery(page, status);
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="wide">
      <Card>
        <div role="group" aria-label={t.filterLabel} className="mb-2 flex flex-wrap gap-2">
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
                status === filter.value ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
              )}
            >
              {filter.label}
            </button>
          ))}
        </div>
        <QueryState query={reports} isEmpty={(data) => data.list.length === 0} empty={t.empty}>
          {(data) => (
            <div className="flex flex-col gap-4">
              <ul aria-label={t.listLabel} className="flex flex-col divide-y divide-slate-200">
                {data.list.map((report) => (
                  <AdminReportItem key={`${report.id}-${report.updatedAt}`} report={report} />
                ))}
              </ul>
              <Pagination page={page} total={data.total} size={reportsPageSize} onPage={setPage} />
            </div>
          )}
        </QueryState>
      </Card>
    </PageFrame>
  );
}
