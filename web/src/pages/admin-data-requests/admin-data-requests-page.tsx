import { useState } from "react";
import { Link } from "react-router-dom";
import {
  accountDeletionStates,
  type AccountDeletionState,
  type DataExportStaffView,
  type DeletionRequestStaffView,
} from "@schema/api/data-requests";
import { AdminTable } from "../../features/admin-area/admin-table";
import { adminPageSize } from "../../features/admin-area/admin-ui";
import { useDataExportsQuery, useDeletionRequestsQuery } from "../../features/admin-area/data-requests";
import { adminDataRequests as t } from "../../i18n/ar-EG-privacy-deletion";
import { formatDateTime, formatNumber } from "../../lib/format";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Card } from "../../ui/card";
import type { TableColumn } from "../../ui/data-table";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { SearchBox } from "../../ui/search-box";
import { Select } from "../../ui/select";
import { Tabs } from "../../ui/tabs";

const deletionTone = { pending: "warning", canceled: "neutral", erasing: "info", erased: "success" } as const;
const exportTone = { pending: "info", ready: "success", failed: "error", expired: "neutral" } as const;

const when = (value: string | null) => (value ? formatDateTime(value) : t.none);

/** The person: their name (or «من غير اسم» once erased), account number and email (left to right), a link to their page. */
function UserCell({ user }: { user: DeletionRequestStaffView["user"] }) {
  return (
    <div className="flex min-w-36 flex-col gap-0.5">
      <Link
        to={`/admin/user/${user.id}`}
        className="font-bold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600"
      >
        {user.name ? <bdi>{user.name}</bdi> : t.noName}
      </Link>
      <span className="text-xs text-slate-600">{t.account(formatNumber(user.id))}</span>
      <span dir="ltr" className="text-start text-xs break-all text-slate-600">
        {user.email}
      </span>
    </div>
  );
}

type DeletionColumn = "user" | "requestedBy" | "requestedAt" | "dueAt" | "state" | "erasedAt";

function deletionColumns(erasures: boolean): Array<TableColumn<DeletionRequestStaffView, DeletionColumn>> {
  const columns: Array<TableColumn<DeletionRequestStaffView, DeletionColumn>> = [
    { id: "user", header: t.columns.user, rowHeader: true, cell: (row) => <UserCell user={row.user} /> },
    { id: "requestedBy", header: t.columns.requestedBy, cell: (row) => t.requestedBy[row.requestedBy] },
    {
      id: "requestedAt",
      header: t.columns.requestedAt,
      className: "whitespace-nowrap",
      cell: (row) => formatDateTime(row.requestedAt),
    },
    {
      id: "dueAt",
      header: t.columns.dueAt,
      className: "whitespace-nowrap",
      cell: (row) => formatDateTime(row.dueAt),
    },
    {
      id: "state",
      header: t.columns.state,
      cell: (row) => <Badge tone={deletionTone[row.state]}>{t.states[row.state]}</Badge>,
    },
    {
      id: "erasedAt",
      header: t.columns.erasedAt,
      className: "whitespace-nowrap",
      cell: (row) => when(row.erasedAt),
    },
  ];
  return erasures ? columns.filter((column) => column.id !== "state" && column.id !== "dueAt") : columns;
}

type ExportColumn = "user" | "state" | "created" | "ready" | "expires";

const exportColumns: Array<TableColumn<DataExportStaffView, ExportColumn>> = [
  { id: "user", header: t.columns.user, rowHeader: true, cell: (row) => <UserCell user={row.user} /> },
  {
    id: "state",
    header: t.columns.state,
    cell: (row) => <Badge tone={exportTone[row.state]}>{t.exportStates[row.state]}</Badge>,
  },
  {
    id: "created",
    header: t.columns.created,
    className: "whitespace-nowrap",
    cell: (row) => formatDateTime(row.createdAt),
  },
  { id: "ready", header: t.columns.ready, className: "whitespace-nowrap", cell: (row) => when(row.readyAt) },
  {
    id: "expires",
    header: t.columns.expires,
    className: "whitespace-nowrap",
    cell: (row) => when(row.expiresAt),
  },
];

/** Deletion requests (every state, or one), or with `erasures` only the accounts erased. */
function Deletions({ q, erasures }: { q: string; erasures: boolean }) {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<AccountDeletionState | null>(null);
  const query = useDeletionRequestsQuery({ page, q, state: erasures ? "erased" : state });
  const kind = erasures ? "erasures" : "deletions";
  return (
    <div className="flex flex-col gap-4">
      {!erasures && (
        <Select
          label={t.stateFilter}
          value={state ?? ""}
          onChange={(event) => {
            setState((event.target.value || null) as AccountDeletionState | null);
            setPage(1);
          }}
          placeholder={t.all}
          options={accountDeletionStates.map((value) => ({ value, label: t.states[value] }))}
          className="md:w-48"
        />
      )}
      <AdminTable
        query={query}
        caption={t.captions[kind]}
        count={(total) => t.count(formatNumber(total))}
        columns={deletionColumns(erasures)}
        rowKey={(row) => row.id}
        rowData={(row) => ({ "data-deletion-row": row.id, "data-state": row.state })}
        empty={t.empty[kind]}
        page={page}
        pageSize={adminPageSize}
        onPage={setPage}
      />
    </div>
  );
}

function Exports({ q }: { q: string }) {
  const [page, setPage] = useState(1);
  const query = useDataExportsQuery({ page, q });
  return (
    <AdminTable
      query={query}
      caption={t.captions.exports}
      count={(total) => t.count(formatNumber(total))}
      columns={exportColumns}
      rowKey={(row) => row.id}
      rowData={(row) => ({ "data-export-row": row.id, "data-state": row.state })}
      empty={t.empty.exports}
      page={page}
      pageSize={adminPageSize}
      onPage={setPage}
    />
  );
}

/** /admin/data-requests — deletion requests, the erasures done and the exports made, each paged, searched by account number or email. */
export function AdminDataRequestsPage() {
  useDocumentTitle(t.title);
  const [q, setQ] = useState("");
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="full">
      <Card>
        <SearchBox label={t.searchLabel} hint={t.searchHint} onSearch={setQ} className="mb-4 md:max-w-md" />
        <Tabs
          label={t.tabsLabel}
          tabs={[
            {
              id: "deletions",
              label: t.tabs.deletions,
              content: <Deletions key={`d-${q}`} q={q} erasures={false} />,
            },
            { id: "erasures", label: t.tabs.erasures, content: <Deletions key={`e-${q}`} q={q} erasures /> },
            { id: "exports", label: t.tabs.exports, content: <Exports key={`x-${q}`} q={q} /> },
          ]}
        />
      </Card>
    </PageFrame>
  );
}
