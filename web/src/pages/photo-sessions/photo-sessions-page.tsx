import { useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { PhotoSessionStatus } from "@schema/enums";
import { Pager } from "../../features/onboarding/pager";
import { statusTone } from "../../features/studio/photo-session-panel";
import {
  sessionsPageSize,
  usePhotoSessionsQuery,
  useStudioTutorsQuery,
} from "../../features/studio/use-studio";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { Button } from "../../ui/button";
import { Badge, Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { RadioGroup } from "../../ui/radio-group";
import { Spinner } from "../../ui/spinner";
import { Tabs } from "../../ui/tabs";
import { TextField } from "../../ui/text-field";

const t = arTutorJourney.studio;
type Filter = PhotoSessionStatus | "all";
const filterOptions: Array<{ value: Filter; label: string }> = [
  { value: "all", label: t.filters.all },
  { value: PhotoSessionStatus.Pending, label: t.statuses.pending },
  { value: PhotoSessionStatus.Scheduled, label: t.statuses.scheduled },
  { value: PhotoSessionStatus.Done, label: t.statuses.done },
  { value: PhotoSessionStatus.Canceled, label: t.statuses.canceled },
];

/** /photo-sessions — the studio's photo sessions and its tutors, each opening the tutor's page. */
export function PhotoSessionsPage() {
  return (
    <PageFrame title={t.listTitle} subtitle={t.listSubtitle} width="wide">
      <Tabs
        label={t.tabsLabel}
        tabs={[
          { id: "sessions", label: t.sessionsTab, content: <SessionList /> },
          { id: "tutors", label: t.tutorsTab, content: <TutorList /> },
        ]}
      />
    </PageFrame>
  );
}

type QueryState = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

function QueryProblem({ query }: { query: QueryState }) {
  if (query.isPending) return <Spinner />;
  if (!query.isError) return null;
  return (
    <div className="flex flex-col items-start gap-3">
      <Notice tone="error">{errorMessage(errorCodeOf(query.error))}</Notice>
      <Button variant="secondary" onClick={() => void query.refetch()}>
        {ar.ui.retry}
      </Button>
    </div>
  );
}

type Row = {
  key: number;
  tutorId: number;
  name: string | null;
  detail: ReactNode;
  status: PhotoSessionStatus | null;
};

function Rows({ rows, label, empty }: { rows: Row[]; label: string; empty: string }) {
  if (rows.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {rows.map((row) => (
        <li key={row.key}>
          <Link
            to={`/photo-session/${row.tutorId}`}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-brand-600"
          >
            <span className="flex min-w-0 flex-col gap-0.5">
              <bdi className="font-bold text-slate-900">{row.name ?? arTutorJourney.onboarding.noName}</bdi>
              <span className="text-sm text-slate-600">{row.detail}</span>
            </span>
            {row.status && <Badge tone={statusTone[row.status]}>{t.statuses[row.status]}</Badge>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SessionList() {
  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(1);
  const query = usePhotoSessionsQuery(filter === "all" ? undefined : filter, page);
  const rows = (query.data?.list ?? []).map((session) => ({
    key: session.id,
    tutorId: session.tutorId,
    name: session.tutorName,
    detail: session.scheduledAt
      ? t.appointmentAt(formatDateTime(session.scheduledAt))
      : t.requestedAt(formatDateTime(session.createdAt)),
    status: session.status,
  }));
  return (
    <div className="flex flex-col gap-4 pt-4">
      <RadioGroup
        legend={t.filterLegend}
        name="status"
        options={filterOptions}
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setPage(1);
        }}
      />
      {query.data ? (
        <Rows rows={rows} label={t.sessionsTab} empty={t.empty} />
      ) : (
        <QueryProblem query={query} />
      )}
      {query.data && <Pager page={page} total={query.data.total} size={sessionsPageSize} onPage={setPage} />}
    </div>
  );
}

function TutorList() {
  const [typed, setTyped] = useState("");
  const [name, setName] = useState("");
  const [page, setPage] = useState(1);
  const query = useStudioTutorsQuery(name, page);
  const rows = (query.data?.list ?? []).map((tutor) => ({
    key: tutor.id,
    tutorId: tutor.id,
    name: tutor.name,
    detail: (
      <bdi dir="ltr" className="break-all">
        {tutor.phone ?? tutor.email}
      </bdi>
    ),
    status: tutor.photoSession?.status ?? null,
  }));
  return (
    <div className="flex flex-col gap-4 pt-4">
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setName(typed.trim());
          setPage(1);
        }}
      >
        <TextField
          label={t.searchTutor}
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="min-w-0 flex-1 sm:max-w-xs"
        />
        <Button type="submit" variant="secondary">
          {t.search}
        </Button>
      </form>
      {query.data ? (
        <Rows rows={rows} label={t.tutorsTab} empty={t.emptyTutors} />
      ) : (
        <QueryProblem query={query} />
      )}
      {query.data && <Pager page={page} total={query.data.total} size={sessionsPageSize} onPage={setPage} />}
    </div>
  );
}
