import { Link } from "react-router-dom";
import type { FullTutor, FullTutorsSort } from "@schema/api/tutor";
import { AdminTable } from "../../features/admin-area/admin-table";
import { adminPageSize } from "../../features/admin-area/admin-ui";
import { useFilteredTutors } from "../../features/admin-area/tutors";
import { ar } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { counts } from "../../i18n/ar-EG-counts";
import { formatDate } from "../../lib/format";
import { countOf } from "../../lib/plural";
import { Card } from "../../ui/card";
import type { TableColumn, TableSort } from "../../ui/data-table";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";

const t = arAdmin.adminArea.tutors;
const u = arAdmin.adminArea.users;
const tt = arAdmin.adminFigures.tables;

const flagValue = (value: boolean | null) => (value === null ? "" : String(value));
const parseFlag = (value: string) => (value === "" ? null : value === "true");

type TutorColumn = "name" | "email" | "role" | "state" | "created";
type SortColumn = Extract<TutorColumn, "name" | "email" | "created">;

/** The table's order as the API's `sort` ("-name": by name, descending) and back. */
const toApiSort = (sort: TableSort<TutorColumn>): FullTutorsSort =>
  `${sort.direction === "desc" ? "-" : ""}${sort.column as SortColumn}`;
function fromApiSort(sort: FullTutorsSort | undefined): TableSort<TutorColumn> {
  const value = sort ?? "-created";
  return { column: value.replace(/^-/, "") as SortColumn, direction: value.startsWith("-") ? "desc" : "asc" };
}

const columns: Array<TableColumn<FullTutor, TutorColumn>> = [
  {
    id: "name",
    header: tt.name,
    rowHeader: true,
    sortable: true,
    cell: (tutor) => (
      <Link
        to={`/admin/tutor/${tutor.id}`}
        className="font-bold text-brand-800 underline-offset-2 hover:underline"
      >
        <bdi>{tutor.name ?? arAdmin.adminArea.common.noName}</bdi>
      </Link>
    ),
  },
  {
    id: "email",
    header: tt.email,
    sortable: true,
    cell: (tutor) => (
      <span dir="ltr" className="block max-w-64 truncate text-start">
        {tutor.email}
      </span>
    ),
  },
  {
    id: "role",
    header: tt.role,
    className: "whitespace-nowrap",
    cell: (tutor) => ar.roles[tutor.role as keyof typeof ar.roles],
  },
  {
    id: "state",
    header: tt.state,
    cell: (tutor) => (
      <div className="flex flex-wrap gap-1.5">
        <Badge tone={tutor.activated ? "success" : "warning"}>
          {tutor.activated ? u.activated : u.notActivated}
        </Badge>
        <Badge tone={tutor.onboarded ? "success" : "neutral"}>
          {tutor.onboarded ? t.listed : t.notListed}
        </Badge>
      </div>
    ),
  },
  {
    id: "created",
    header: tt.joined,
    sortable: true,
    firstDirection: "desc",
    className: "whitespace-nowrap",
    cell: (tutor) => formatDate(tutor.createdAt),
  },
];

/** /admin/tutors — every tutor in any onboarding state in a table: search by name as you type, filter by activation and listing, sort, page jumps. */
export function AdminTutorsPage() {
  const { filters, tutors, change, setPage } = useFilteredTutors({
    name: "",
    activated: null,
    onboarded: null,
    sort: "-created",
  });
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="full">
      <Card>
        <div role="search" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField
            type="search"
            label={t.nameFilter}
            value={filters.name}
            maxLength={50}
            onChange={(event) => change({ name: event.target.value })}
          />
          <Select
            label={t.activatedFilter}
            value={flagValue(filters.activated)}
            onChange={(event) => change({ activated: parseFlag(event.target.value) })}
            options={[
              { value: "", label: arAdmin.adminArea.common.all },
              { value: "true", label: u.activated },
              { value: "false", label: u.notActivated },
            ]}
          />
          <Select
            label={t.onboardedFilter}
            value={flagValue(filters.onboarded)}
            onChange={(event) => change({ onboarded: parseFlag(event.target.value) })}
            options={[
              { value: "", label: arAdmin.adminArea.common.all },
              { value: "true", label: t.listed },
              { value: "false", label: t.notListed },
            ]}
          />
        </div>
        <AdminTable
          query={tutors}
          count={(total) => countOf(counts.tutors, total)}
          caption={tt.tutors}
          columns={columns}
          rowKey={(tutor) => tutor.id}
          sort={fromApiSort(filters.sort)}
          onSort={(sort) => change({ sort: toApiSort(sort) })}
          empty={t.empty}
          page={filters.page}
          pageSize={adminPageSize}
          onPage={setPage}
        />
      </Card>
    </PageFrame>
  );
}
