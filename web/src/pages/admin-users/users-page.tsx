import { useState } from "react";
import { Link } from "react-router-dom";
import { allRoles, type Role } from "@schema/enums";
import type { UserFilters } from "../../features/admin-area/admin-logic";
import { Pagination, QueryState, useDebounced } from "../../features/admin-area/admin-ui";
import { adminPageSize, useUsersQuery } from "../../features/admin-area/use-admin-area";
import { ar } from "../../i18n/ar-EG";
import { formatDate, formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { CreateStaffDialog } from "./create-staff-dialog";

const t = ar.adminArea.users;

/** /admin/users — every account: search by name or email, filter by role and verification, paged. */
export function AdminUsersPage() {
  const [filters, setFilters] = useState<UserFilters>({ search: "", role: null, verified: null, page: 1 });
  const [creating, setCreating] = useState(false);
  const search = useDebounced(filters.search);
  const users = useUsersQuery({ ...filters, search });
  const change = (next: Partial<UserFilters>) => setFilters((current) => ({ ...current, page: 1, ...next }));

  return (
    <PageFrame title={t.title} subtitle={t.intro} width="wide">
      <div>
        <Button onClick={() => setCreating(true)}>{t.createStaff}</Button>
      </div>
      <Card>
        <div role="search" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField type="search" label={t.searchLabel} value={filters.search} onChange={(event) => change({ search: event.target.value })} />
          <Select
            label={t.roleFilter}
            value={filters.role === null ? "" : String(filters.role)}
            onChange={(event) => change({ role: event.target.value ? (Number(event.target.value) as Role) : null })}
            options={[{ value: "", label: ar.adminArea.common.all }, ...allRoles.map((role) => ({ value: String(role), label: ar.roles[role] }))]}
          />
          <Select
            label={t.verifiedFilter}
            value={filters.verified === null ? "" : String(filters.verified)}
            onChange={(event) => change({ verified: event.target.value === "" ? null : event.target.value === "true" })}
            options={[
              { value: "", label: ar.adminArea.common.all },
              { value: "true", label: t.verified },
              { value: "false", label: t.unverified },
            ]}
          />
        </div>
        <QueryState query={users} isEmpty={(page) => page.list.length === 0} empty={t.empty}>
          {(page) => (
            <div className="flex flex-col gap-4">
              <p className="text-sm text-slate-600" aria-live="polite">
                {t.total(formatNumber(page.total))}
              </p>
              <ul className="flex flex-col divide-y divide-slate-200" aria-label={t.title}>
                {page.list.map((user) => (
                  <li key={user.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="flex min-w-0 flex-col gap-0.5">
                      <Link to={`/admin/user/${user.id}`} className="font-bold text-brand-800 underline-offset-2 hover:underline">
                        <bdi>{user.name ?? ar.adminArea.common.noName}</bdi>
                      </Link>
                      <span dir="ltr" className="truncate text-start text-sm text-slate-700">
                        {user.email}
                      </span>
                      <span className="text-xs text-slate-600">{t.joined(formatDate(user.createdAt))}</span>
                    </div>
                    <div className="flex flex-wrap gap-1.5">
                      <Badge tone="neutral">{ar.roles[user.role]}</Badge>
                      <Badge tone={user.verifiedEmail ? "success" : "warning"}>{user.verifiedEmail ? t.verified : t.unverified}</Badge>
                      {user.activated !== null && (
                        <Badge tone={user.activated ? "success" : "neutral"}>{user.activated ? t.activated : t.notActivated}</Badge>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
              <Pagination page={filters.page} total={page.total} size={adminPageSize} onPage={(next) => setFilters((current) => ({ ...current, page: next }))} />
            </div>
          )}
        </QueryState>
      </Card>
      <CreateStaffDialog open={creating} onClose={() => setCreating(false)} />
    </PageFrame>
  );
}
