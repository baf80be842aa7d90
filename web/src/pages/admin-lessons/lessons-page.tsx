import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { LessonView } from "@schema/api/lesson";
import { ConfirmDialog, Pagination, QueryState } from "../../features/admin-area/admin-ui";
import { adminPageSize, useAdminCancelLesson, useAdminLessonsQuery, type LessonFilters } from "../../features/admin-area/use-admin-area";
import { LessonStateChip } from "../../features/lessons/lesson-state";
import { useBusinessWords } from "../../features/marketing/business-words";
import { wholeNumber } from "../../features/admin-area/admin-logic";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { formatDateTime, formatMoney, formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";

const t = arAdmin.adminArea.lessons;
const noName = arAdmin.adminArea.common.noName;

/** /admin/lessons — every lesson, filtered by status, time and member; an admin cancels an upcoming one. */
export function AdminLessonsPage() {
  // ?user= (links from a user's page) starts the list on that member's lessons.
  const initialUser = wholeNumber(useSearchParams()[0].get("user") ?? "");
  const [filters, setFilters] = useState<LessonFilters>({ status: null, when: null, user: initialUser > 0 ? initialUser : null, page: 1 });
  const [userText, setUserText] = useState(initialUser > 0 ? String(initialUser) : "");
  const lessons = useAdminLessonsQuery(filters);
  const cancel = useAdminCancelLesson();
  const [target, setTarget] = useState<LessonView | null>(null);
  const { fill } = useBusinessWords();
  const change = (next: Partial<LessonFilters>) => setFilters((current) => ({ ...current, page: 1, ...next }));
  return (
    <PageFrame title={t.title} subtitle={fill(t.intro)} width="wide">
      <Card>
        <div role="search" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Select
            label={t.statusFilter}
            value={filters.status ?? ""}
            onChange={(event) => change({ status: (event.target.value || null) as LessonFilters["status"] })}
            options={[
              { value: "", label: arAdmin.adminArea.common.all },
              { value: "ratified", label: t.ratified },
              { value: "canceled", label: t.canceled },
            ]}
          />
          <Select
            label={t.whenFilter}
            value={filters.when ?? ""}
            onChange={(event) => change({ when: (event.target.value || null) as LessonFilters["when"] })}
            options={[
              { value: "", label: arAdmin.adminArea.common.all },
              { value: "future", label: t.future },
              { value: "now", label: t.now },
              { value: "past", label: t.past },
            ]}
          />
          <TextField
            label={t.userFilter}
            ltr
            inputMode="numeric"
            value={userText}
            onChange={(event) => {
              setUserText(event.target.value);
              const id = wholeNumber(event.target.value);
              change({ user: id > 0 ? id : null });
            }}
          />
        </div>
        <QueryState query={lessons} isEmpty={(page) => page.list.length === 0} empty={t.empty}>
          {(page) => (
            <div className="flex flex-col gap-4">
              <ul className="flex flex-col divide-y divide-slate-200" aria-label={t.title}>
                {page.list.map((lesson) => (
                  <li key={lesson.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div className="flex flex-col gap-0.5">
                      <span className="font-medium text-slate-900">
                        <Link to={`/admin/user/${lesson.tutor.id}`} className="text-brand-800 underline-offset-2 hover:underline">
                          <bdi>{lesson.tutor.name ?? noName}</bdi>
                        </Link>
                        {" — "}
                        <Link to={`/admin/user/${lesson.student.id}`} className="text-brand-800 underline-offset-2 hover:underline">
                          <bdi>{lesson.student.name ?? noName}</bdi>
                        </Link>
                      </span>
                      <span className="text-sm text-slate-700">{t.when(formatDateTime(lesson.start), formatNumber(lesson.duration))}</span>
                      <span className="text-sm text-slate-700">{formatMoney(lesson.price)}</span>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      {lesson.isTrial && <Badge tone="info">{t.trial}</Badge>}
                      <LessonStateChip state={lesson.state} />
                      {lesson.state === "pending" && (
                        <Button variant="danger" size="sm" onClick={() => setTarget(lesson)}>
                          {t.cancel}
                        </Button>
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
      <ConfirmDialog
        open={target !== null}
        title={t.cancelTitle}
        body={target ? t.cancelBody(formatDateTime(target.start)) : ""}
        confirmLabel={t.confirmCancel}
        pending={cancel.isPending}
        error={cancel.error}
        onClose={() => {
          setTarget(null);
          cancel.reset();
        }}
        onConfirm={() =>
          target &&
          cancel.mutate(target.id, {
            onSuccess: () => {
              setTarget(null);
              toasts.show({ id: "lesson-canceled", type: "success", title: t.canceledToast });
            },
          })
        }
      />
    </PageFrame>
  );
}
