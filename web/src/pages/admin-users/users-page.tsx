import { useState } from "react";
import { Link } from "react-router-dom";
import type { UserListItem, UserListSort } from "@schema/api/admin-user";
import { allRoles, type Role } from "@schema/enums";
import type { UserFilters } from "../../features/admin-area/admin-logic";
import { AdminTable } from "../../features/admin-area/admin-table";
import { adminPageSize } from "../../features/admin-area/admin-ui";
import { useUsersQuery } from "../../features/admin-area/users";
import { ar } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { formatDate } from "../../lib/format";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import type { TableColumn, TableSort } from "../../ui/data-table";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { SearchBox } from "../../ui/search-box";
import { Select } from "../../ui/select";
import { CreateStaffDialog } from "./create-staff-dialog";

const t = arAdmin.adminArea.users;
const columnsText = arAdmin.adminFigures.tables;

type UserColumn = "name" | "email" | "role" | "state" | "created";
type SortColumn = Exclude<UserColumn, "state">;

/** The table's order as the API's `sort` ("-name": by name, descending) and back. */
const toApiSort = (sort: TableSort<UserColumn>): UserListSort =>
  `${sort.direction === "desc" ? "-" : ""}${sort.column as SortColumn}`;
function fromApiSort(sort: UserListSort | undefined): TableSort<UserColumn> {
  const value = sort ?? "-created";
  return { column: value.replace(/^-/, "") as SortColumn, direction: value.startsWith("-") ? "desc" : "asc" };
}

const columns: Array<TableColumn<UserListItem, UserColumn>> = [
  {
    id: "name",
    header: columnsText.name,
    rowHeader: true,
    sortable: true,
    cell: (user) => (
      <Link
        to={`/admin/user/${user.id}`}
        className="font-bold text-brand-800 underline-offset-2 hover:underline"
      >
        <bdi>{user.name ?? arAdmin.adminArea.common.noName}</bdi>
      </Link>
    ),
  },
  {
    id: "email",
    header: columnsText.email,
    sortable: true,
    cell: (user) => (
      <span dir="ltr" className="block max-w-64 truncate text-start">
        {user.email}
      </span>
    ),
  },
  {
    id: "role",
    header: columnsText.role,
    sortable: true,
    cell: (user) => ar.roles[user.role],
    className: "whitespace-nowrap",
  },
  {
    id: "state",
    header: columnsText.state,
    cell: (user) => (
      <div className="flex flex-wrap gap-1.5">
        <Badge tone={user.verifiedEmail ? "success" : "warning"}>
          {user.verifiedEmail ? t.verified : t.unverified}
        </Badge>
        {user.activated !== null && (
          <Badge tone={user.activated ? "success" : "neutral"}>
            {user.activated ? t.activated : t.notActivated}
          </Badge>
        )}
      </div>
    ),
  },
  {
    id: "created",
    header: columnsText.joined,
    sortable: true,
    firstDirection: "desc",
    cell: (user) => formatDate(user.createdAt),
    className: "whitespace-nowrap",
  },
];

/** /admin/users — every account in a table: search as you type (name or email), filter by role and verification, sort by a column, page through or jump to a page. */
export function AdminUsersPage() {
  useDocumentTitle(t.title);
  const [filters, setFilters] = useState<UserFilters>({
    search: "",
    role: null,
    verified: null,
    page: 1,
    sort: "-created",
  });
  const [creating, setCreating] = useState(false);
  const users = useUsersQuery(filters);
  const change = (next: Partial<UserFilters>) => setFilters((current) => ({ ...current, page: 1, ...next }));

  return (
    <PageFrame title={t.title} subtitle={t.intro} width="full">
      <div>
        <Button onClick={() => setCreating(true)}>{t.createStaff}</Button>
      </div>
      <Card>
        <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <SearchBox label={t.searchLabel} onSearch={(search) => change({ search })} />
          <Select
            label={t.roleFilter}
            value={filters.role === null ? "" : String(filters.role)}
            onChange={(event) =>
              change({ role: event.target.value ? (Number(event.target.value) as Role) : null })
            }
            options={[
              { value: "", label: arAdmin.adminArea.common.all },
              ...allRoles.map((role) => ({ value: String(role), label: ar.roles[role] })),
            ]}
          />
          <Select
            label={t.verifiedFilter}
            value={filters.verified === null ? "" : String(filters.verified)}
            onChange={(event) =>
              change({ verified: event.target.value === "" ? null : event.target.value === "true" })
            }
            options={[
              { value: "", label: arAdmin.adminArea.common.all },
              { value: "true", label: t.verified },
              { value: "false", label: t.unverified },
            ]}
          />
        </div>
        <AdminTable
          query={users}
          count={t.total}
          caption={columnsText.users}
          columns={columns}
          rowKey={(user) => user.id}
          sort={fromApiSort(filters.sort)}
          onSort={(sort) => change({ sort: toApiSort(sort) })}
          empty={t.empty}
          page={filters.page}
          pageSize={adminPageSize}
          onPage={(next) => setFilters((current) => ({ ...current, page: next }))}
        />
      </Card>
      <CreateStaffDialog open={creating} onClose={() => setCreating(false)} />
    </PageFrame>
  );
}
