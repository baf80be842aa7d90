import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { auditContracts, auditActions, type AuditAction } from "@schema/api/audit";
import { Pagination, QueryState, useDebounced } from "../../features/admin-area/admin-ui";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { addDays, dayStart as startOfDay } from "@schema/calendar";
import {
  formatDateTime,
  formatDay,
  formatNumber,
  relativeDayWord,
  viewerDayKey,
  viewerTimeZone,
} from "../../lib/format";
import { Card } from "../../ui/card";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { shownTotal } from "../../ui/pagination";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { call } from "../../lib/client";

const t = arAdmin.staff.audit;
const pageSize = 20;

type Filters = {
  action: AuditAction | "";
  targetType: string;
  actorId: string;
  targetId: string;
  from: string;
  to: string;
  page: number;
};
const noFilters: Filters = {
  action: "",
  targetType: "",
  actorId: "",
  targetId: "",
  from: "",
  to: "",
  page: 1,
};

/** The ISO instant a day (yyyy-mm-dd) starts on the viewer's clock, plus `days`. */
const dayStart = (day: string, days = 0): string =>
  startOfDay(addDays(day, days), viewerTimeZone()).toISOString();

function auditQuery(filters: Filters) {
  const query: Record<string, string | number> = { page: filters.page, size: pageSize };
  if (filters.action) query.action = filters.action;
  if (filters.targetType) query.targetType = filters.targetType;
  if (/^[0-9]+$/.test(filters.actorId)) query.actorId = filters.actorId;
  if (filters.targetId.trim()) query.targetId = filters.targetId.trim();
  if (filters.from) query.from = dayStart(filters.from);
  if (filters.to) query.to = dayStart(filters.to, 1);
  return query;
}

function useAuditQuery(filters: Filters) {
  return useQuery({
    queryKey: ["admin", "audit", filters, viewerTimeZone()],
    queryFn: ({ signal }) => call(auditContracts.list, { query: auditQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many past days the from/to lists offer (today first). */
const dayChoices = 90;

/**
 * The from/to filters' choices (docs/glossary.md: date inputs are lists of named days): «أي يوم»,
 * then today back `dayChoices` days by name («النهارده — الخميس، ٢٦ نوفمبر»).
 */
export function pastDayOptions(
  now = new Date(),
  count = dayChoices,
): Array<{ value: string; label: string }> {
  const today = viewerDayKey(now);
  const days = Array.from({ length: count }, (_, index) => addDays(today, -index));
  return [
    { value: "", label: t.anyDay },
    ...days.map((day) => {
      const named = formatDay(`${day}T12:00:00Z`, now);
      const word = relativeDayWord(day, today);
      return { value: day, label: word ? `${word} — ${named}` : named };
    }),
  ];
}

/** A field's Arabic label; one no label names yet is «بيان تاني» (its stored name in the tooltip). */
export const fieldLabel = (key: string): { label: string; known: boolean } =>
  Object.hasOwn(t.fields, key)
    ? { label: t.fields[key]!, known: true }
    : { label: t.otherField, known: false };

export const valueText = (value: unknown): string => {
  if (value === null || value === undefined) return "—";
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "boolean") return value ? arAdmin.adminArea.common.yes : arAdmin.adminArea.common.no;
  if (typeof value === "string") return Object.hasOwn(t.values, value) ? t.values[value]! : value;
  if (Array.isArray(value))
    return value
      .map((item) => (typeof item === "string" ? fieldLabel(item).label : valueText(item)))
      .join("، ");
  return JSON.stringify(value);
};

/** A field's value: a numeric status by what it is the status of (invoice, interview…), else valueText. */
export function fieldValueText(key: string, value: unknown, targetType: string): string {
  const statuses = t.statusByTarget[targetType];
  if (key === "status" && typeof value === "number" && statuses && Object.hasOwn(statuses, value))
    return statuses[value]!;
  return valueText(value);
}

/** A before/after summary as "field: before → after" lines (a value alone when only one side exists). */
function Changes({ before, after, targetType }: { before: unknown; after: unknown; targetType: string }) {
  const asRecord = (value: unknown): Record<string, unknown> | null =>
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    if (before === null && after === null) return <span className="text-slate-600">—</span>;
    return <bdi dir="auto">{valueText(after ?? before)}</bdi>;
  }
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return (
    <dl className="flex flex-col gap-1 text-sm">
      {keys.map((key) => (
        <div key={key} className="flex flex-wrap items-baseline gap-x-2">
          <FieldName name={key} />
          <dd className="flex flex-wrap items-baseline gap-x-1">
            {b && (
              <span>
                <span className="sr-only">{t.before}: </span>
                <bdi dir="auto" className="text-slate-600 line-through decoration-slate-400">
                  {fieldValueText(key, b[key], targetType)}
                </bdi>
              </span>
            )}
            {b && a && <span aria-hidden="true">←</span>}
            {a && (
              <span>
                <span className="sr-only">{t.after}: </span>
                <bdi dir="auto" className="font-medium text-slate-900">
                  {fieldValueText(key, a[key], targetType)}
                </bdi>
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function FieldName({ name }: { name: string }) {
  const { label, known } = fieldLabel(name);
  return (
    <dt className="font-medium text-slate-700" title={known ? undefined : name}>
      {label}
    </dt>
  );
}

const targetLabel = (type: string) => t.targetTypes[type] ?? type;
/** "كوبون رقم ١٢" (ids that are not numbers, like a settings key, as stored). */
function targetText(type: string, id: string | null): string {
  if (id === null) return targetLabel(type);
  if (/^[0-9]+$/.test(id)) return t.targetNumber(targetLabel(type), formatNumber(Number(id)));
  return `${targetLabel(type)}: ${t.namedTargets[id] ?? id}`;
}

/** /admin/audit — «سجل التدقيق»: every staff write (who, what, on which record, before and after, when), filtered and paged; read-only. */
export function AdminAuditPage() {
  const [filters, setFilters] = useState<Filters>(noFilters);
  const actorId = useDebounced(filters.actorId);
  const targetId = useDebounced(filters.targetId);
  const entries = useAuditQuery({ ...filters, actorId, targetId });
  const change = (next: Partial<Filters>) => setFilters((current) => ({ ...current, page: 1, ...next }));
  const [days] = useState(() => pastDayOptions());

  return (
    <PageFrame title={t.title} subtitle={t.subtitle} width="wide">
      <Card>
        <div role="search" aria-label={t.filters} className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Select
            label={t.action}
            value={filters.action}
            onChange={(event) => change({ action: event.target.value as AuditAction | "" })}
            options={[
              { value: "", label: t.anyAction },
              ...auditActions.map((action) => ({ value: action, label: t.actions[action] })),
            ]}
          />
          <Select
            label={t.targetType}
            value={filters.targetType}
            onChange={(event) => change({ targetType: event.target.value })}
            options={[
              { value: "", label: t.anyTarget },
              ...Object.entries(t.targetTypes).map(([value, label]) => ({ value, label })),
            ]}
          />
          <TextField
            label={t.targetId}
            ltr
            inputMode="numeric"
            value={filters.targetId}
            onChange={(event) => change({ targetId: event.target.value })}
          />
          <TextField
            label={t.actorId}
            ltr
            inputMode="numeric"
            value={filters.actorId}
            onChange={(event) => change({ actorId: event.target.value })}
          />
          <Select
            label={t.from}
            value={filters.from}
            onChange={(event) => change({ from: event.target.value })}
            options={days}
          />
          <Select
            label={t.to}
            value={filters.to}
            onChange={(event) => change({ to: event.target.value })}
            options={days}
          />
        </div>
        <QueryState query={entries} isEmpty={(page) => page.list.length === 0} empty={t.empty}>
          {(page) => (
            <div className="flex flex-col gap-4">
              <p className="text-sm text-slate-600" aria-live="polite">
                {shownTotal(t.total(page.total), page.totalIsLowerBound)}
              </p>
              <div className="overflow-x-auto">
                <table className="w-full border-collapse text-start text-sm">
                  <caption className="sr-only">{t.title}</caption>
                  <thead>
                    <tr className="border-b border-slate-300 text-slate-700">
                      <th scope="col" className="py-2 pe-3 text-start font-semibold">
                        {t.when}
                      </th>
                      <th scope="col" className="py-2 pe-3 text-start font-semibold">
                        {t.actor}
                      </th>
                      <th scope="col" className="py-2 pe-3 text-start font-semibold">
                        {t.action}
                      </th>
                      <th scope="col" className="py-2 pe-3 text-start font-semibold">
                        {t.target}
                      </th>
                      <th scope="col" className="py-2 text-start font-semibold">
                        {t.changes}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {page.list.map((entry) => (
                      <tr key={entry.id} className="align-top">
                        <td className="py-3 pe-3 whitespace-nowrap">
                          <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                          {entry.requestId && (
                            <span className="block text-xs text-slate-600">
                              {t.requestId}: <bdi dir="ltr">{entry.requestId.slice(0, 12)}</bdi>
                            </span>
                          )}
                        </td>
                        <td className="py-3 pe-3">
                          {entry.actor ? (
                            <Link
                              to={`/admin/user/${entry.actor.id}`}
                              className="font-medium text-brand-800 underline-offset-2 hover:underline"
                            >
                              <bdi>{entry.actor.name || entry.actor.email}</bdi>
                            </Link>
                          ) : (
                            t.system
                          )}
                        </td>
                        <td className="py-3 pe-3">
                          <Badge tone="neutral">{t.actions[entry.action] ?? entry.action}</Badge>
                        </td>
                        <td className="py-3 pe-3 whitespace-nowrap">
                          {entry.targetType === "user" && entry.targetId ? (
                            <Link
                              to={`/admin/user/${entry.targetId}`}
                              className="text-brand-800 underline underline-offset-2"
                            >
                              {targetText(entry.targetType, entry.targetId)}
                            </Link>
                          ) : (
                            targetText(entry.targetType, entry.targetId)
                          )}
                        </td>
                        <td className="py-3">
                          <Changes before={entry.before} after={entry.after} targetType={entry.targetType} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                page={filters.page}
                total={page.total}
                totalIsLowerBound={page.totalIsLowerBound}
                size={pageSize}
                onPage={(next) => setFilters((current) => ({ ...current, page: next }))}
              />
            </div>
          )}
        </QueryState>
      </Card>
    </PageFrame>
  );
}
