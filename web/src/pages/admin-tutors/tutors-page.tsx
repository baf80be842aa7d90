import { Link } from "react-router-dom";
import { Pagination, QueryState } from "../../features/admin-area/admin-ui";
import { adminPageSize, useFilteredTutors } from "../../features/admin-area/use-admin-area";
import { TutorPhoto } from "../../features/tutors/tutor-card";
import { ar } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { formatDate } from "../../lib/format";
import { Card } from "../../ui/card";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";

const t = arAdmin.adminArea.tutors;
const u = arAdmin.adminArea.users;

const flagValue = (value: boolean | null) => (value === null ? "" : String(value));
const parseFlag = (value: string) => (value === "" ? null : value === "true");

/** /admin/tutors — every tutor in any onboarding state, filtered by name, activation and listing. */
export function AdminTutorsPage() {
  const { filters, tutors, change, setPage } = useFilteredTutors({ name: "", activated: null, onboarded: null });
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="wide">
      <Card>
        <div role="search" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <TextField type="search" label={t.nameFilter} value={filters.name} maxLength={50} onChange={(event) => change({ name: event.target.value })} />
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
        <QueryState query={tutors} isEmpty={(page) => page.list.length === 0} empty={t.empty}>
          {(page) => (
            <div className="flex flex-col gap-4">
              <ul className="flex flex-col divide-y divide-slate-200" aria-label={t.title}>
                {page.list.map((tutor) => (
                  <li key={tutor.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div className="flex min-w-0 items-center gap-3">
                      <TutorPhoto name={tutor.name} image={tutor.image} />
                      <div className="flex min-w-0 flex-col gap-0.5">
                        <Link to={`/admin/tutor/${tutor.id}`} className="font-bold text-brand-800 underline-offset-2 hover:underline">
                          <bdi>{tutor.name ?? arAdmin.adminArea.common.noName}</bdi>
                        </Link>
                        <span dir="ltr" className="truncate text-start text-sm text-slate-700">
                          {tutor.email}
                        </span>
                        <span className="text-xs text-slate-600">{u.joined(formatDate(tutor.createdAt))}</span>
                      </div>
                    </div>
                    <div className="flex flex-wrap gap-1.5">
                      <Badge tone="neutral">{ar.roles[tutor.role as keyof typeof ar.roles]}</Badge>
                      <Badge tone={tutor.activated ? "success" : "warning"}>{tutor.activated ? u.activated : u.notActivated}</Badge>
                      <Badge tone={tutor.onboarded ? "success" : "neutral"}>{tutor.onboarded ? t.listed : t.notListed}</Badge>
                    </div>
                  </li>
                ))}
              </ul>
              <Pagination page={filters.page} total={page.total} size={adminPageSize} onPage={setPage} />
            </div>
          )}
        </QueryState>
      </Card>
    </PageFrame>
  );
}
