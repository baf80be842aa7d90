import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import type { UseQueryResult } from "@tanstack/react-query";
import type { Paged } from "@schema/api/common";
import { Pagination, QueryState, adminPageSize } from "../../features/admin-area/admin-ui";
import {
  useAdminDemoSessionsQuery,
  useAdminInterviewsQuery,
  useManagersQuery,
  type Appointment,
  type AppointmentFilters,
} from "../../features/admin-area/onboarding";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { formatDateTime, formatNumber } from "../../lib/format";
import { Card } from "../../ui/card";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Select } from "../../ui/select";
import { Tabs } from "../../ui/tabs";

const t = arAdmin.adminArea.interviews;
const noName = arAdmin.adminArea.common.noName;

const statusTone = (status: number) =>
  status === 1 ? "info" : status === 2 ? "success" : status === 3 ? "error" : "neutral";

function AppointmentList({
  label,
  statuses,
  useList,
}: {
  label: string;
  statuses: Record<number, string>;
  useList: (filters: AppointmentFilters) => UseQueryResult<Paged<Appointment>>;
}) {
  const [filters, setFilters] = useState<AppointmentFilters>({ status: null, manager: null, page: 1 });
  const list = useList(filters);
  const managers = useManagersQuery();
  const change = (next: Partial<AppointmentFilters>) =>
    setFilters((current) => ({ ...current, page: 1, ...next }));
  const setPage = (page: number) => setFilters((current) => ({ ...current, page }));
  const page = filters.page;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Select
          label={t.statusFilter}
          value={filters.status === null ? "" : String(filters.status)}
          onChange={(event) => change({ status: event.target.value ? Number(event.target.value) : null })}
          options={[
            { value: "", label: arAdmin.adminArea.common.all },
            ...Object.entries(statuses).map(([value, name]) => ({ value, label: name })),
          ]}
        />
        <Select
          label={t.managerFilter}
          value={filters.manager === null ? "" : String(filters.manager)}
          onChange={(event) => change({ manager: event.target.value ? Number(event.target.value) : null })}
          options={[
            { value: "", label: arAdmin.adminArea.common.all },
            ...(managers.data?.list ?? []).map((manager) => ({
              value: String(manager.id),
              label: manager.name ?? noName,
            })),
          ]}
        />
      </div>
      <QueryState query={list} isEmpty={(data) => data.list.length === 0} empty={t.empty}>
        {(data) => (
          <>
            <ul className="flex flex-col divide-y divide-slate-200" aria-label={label}>
              {data.list.map((item) => (
                <li key={item.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                  <div className="flex flex-col gap-0.5">
                    <span className="font-medium text-slate-900">
                      <Link
                        to={`/admin/tutor/${item.tutorId}`}
                        className="text-brand-800 underline-offset-2 hover:underline"
                      >
                        <bdi>{item.tutorName ?? noName}</bdi>
                      </Link>
                      {" — "}
                      <bdi>{item.managerName ?? noName}</bdi>
                    </span>
                    <span className="text-sm text-slate-700">{formatDateTime(item.start)}</span>
                    {item.level ? (
                      <span className="text-sm text-slate-700">{t.level(formatNumber(item.level))}</span>
                    ) : null}
                    {item.feedback && (
                      <Detail label={t.feedback}>
                        <bdi>{item.feedback}</bdi>
                      </Detail>
                    )}
                    {item.note && (
                      <Detail label={t.note}>
                        <bdi>{item.note}</bdi>
                      </Detail>
                    )}
                  </div>
                  <Badge tone={statusTone(item.status)}>{statuses[item.status]}</Badge>
                </li>
              ))}
            </ul>
            <Pagination page={page} total={data.total} size={adminPageSize} onPage={setPage} />
          </>
        )}
      </QueryState>
    </div>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="text-sm text-slate-700">
      {label} {children}
    </span>
  );
}

/** /admin/interviews — every interview and demo session, filtered by status. */
export function AdminInterviewsPage() {
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="wide">
      <Card>
        <Tabs
          label={t.tabsLabel}
          tabs={[
            {
              id: "interviews",
              label: t.interviews,
              content: (
                <AppointmentList
                  label={t.interviews}
                  statuses={t.interviewStatuses}
                  useList={useAdminInterviewsQuery}
                />
              ),
            },
            {
              id: "demos",
              label: t.demos,
              content: (
                <AppointmentList
                  label={t.demos}
                  statuses={t.demoStatuses}
                  useList={useAdminDemoSessionsQuery}
                />
              ),
            },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
