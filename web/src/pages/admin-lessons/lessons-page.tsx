import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import type { LessonListSort, LessonView } from "@schema/api/lesson";
import { AdminTable } from "../../features/admin-area/admin-table";
import { ConfirmDialog, adminPageSize } from "../../features/admin-area/admin-ui";
import {
  useAdminCancelLesson,
  useAdminLessonsQuery,
  type LessonFilters,
} from "../../features/admin-area/lessons";
import { LessonStateChip } from "../../features/lessons/lesson-state";
import { useBusinessWords } from "../../features/marketing/business-words";
import { wholeNumber } from "../../features/admin-area/admin-logic";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { counts } from "../../i18n/ar-EG-counts";
import { formatDateTime, formatMoney } from "../../lib/format";
import { countOf, formatDurationWords } from "../../lib/plural";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import type { TableColumn, TableSort } from "../../ui/data-table";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { SearchBox } from "../../ui/search-box";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";

const t = arAdmin.adminArea.lessons;
const noName = arAdmin.adminArea.common.noName;
const tt = arAdmin.adminFigures.tables;

type LessonColumn = "start" | "tutor" | "student" | "duration" | "price" | "state" | "actions";
type SortColumn = Extract<LessonColumn, "start" | "duration" | "price">;

/** The table's order as the API's `sort` ("-price": by price, descending) and back; no sort is the list's own (newest first). */
const toApiSort = (sort: TableSort<LessonColumn>): LessonListSort =>
  `${sort.direction === "desc" ? "-" : ""}${sort.column as SortColumn}`;
const fromApiSort = (sort: LessonListSort | undefined): TableSort<LessonColumn> | null =>
  sort
    ? { column: sort.replace(/^-/, "") as SortColumn, direction: sort.startsWith("-") ? "desc" : "asc" }
    : null;

/** /admin/lessons — every lesson in a table, filtered by status, time and member (as the admin types), sorted by time, length or price, with page jumps; an admin cancels an upcoming one. */
export function AdminLessonsPage() {
  // ?user= (links from a user's page) starts the list on that member's lessons.
  const initialUser = wholeNumber(useSearchParams()[0].get("user") ?? "");
  const [filters, setFilters] = useState<LessonFilters>({
    status: null,
    when: null,
    user: initialUser > 0 ? initialUser : null,
    page: 1,
  });
  const [userText, setUserText] = useState(initialUser > 0 ? String(initialUser) : "");
  const lessons = useAdminLessonsQuery(filters);
  const cancel = useAdminCancelLesson();
  const [target, setTarget] = useState<LessonView | null>(null);
  const { fill } = useBusinessWords();
  const change = (next: Partial<LessonFilters>) =>
    setFilters((current) => ({ ...current, page: 1, ...next }));
  const member = (person: LessonView["tutor"]) => (
    <Link
      to={`/admin/user/${person.id}`}
      className="font-medium text-brand-800 underline-offset-2 hover:underline"
    >
      <bdi>{person.name ?? noName}</bdi>
    </Link>
  );
  const columns: Array<TableColumn<LessonView, LessonColumn>> = [
    {
      id: "start",
      header: tt.lessonTime,
      rowHeader: true,
      sortable: true,
      firstDirection: "desc",
      className: "whitespace-nowrap",
      cell: (lesson) => formatDateTime(lesson.start),
    },
    { id: "tutor", header: tt.tutor, cell: (lesson) => member(lesson.tutor) },
    { id: "student", header: tt.student, cell: (lesson) => member(lesson.student) },
    {
      id: "duration",
      header: tt.duration,
      sortable: true,
      className: "whitespace-nowrap",
      cell: (lesson) => formatDurationWords(lesson.duration),
    },
    {
      id: "price",
      header: tt.price,
      sortable: true,
      firstDirection: "desc",
      className: "whitespace-nowrap",
      cell: (lesson) => formatMoney(lesson.price),
    },
    {
      id: "state",
      header: tt.state,
      cell: (lesson) => (
        <div className="flex flex-wrap items-center gap-1.5">
          {lesson.isTrial && <Badge tone="info">{t.trial}</Badge>}
          <LessonStateChip state={lesson.state} />
        </div>
      ),
    },
    {
      id: "actions",
      header: tt.actions,
      cell: (lesson) =>
        lesson.state === "pending" ? (
          <Button
            variant="danger"
            size="sm"
            onClick={() => setTarget(lesson)}
            aria-label={`${t.cancel} ${formatDateTime(lesson.start)}`}
          >
            {t.cancel}
          </Button>
        ) : (
          tt.none
        ),
    },
  ];
  return (
    <PageFrame title={t.title} subtitle={fill(t.intro)} width="full">
      <Card>
        <div className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <SearchBox label={tt.searchLessons} onSearch={(q) => change({ q })} />
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
        <AdminTable
          query={lessons}
          count={(total) => countOf(counts.lessons, total)}
          caption={tt.lessons}
          columns={columns}
          rowKey={(lesson) => lesson.id}
          rowData={(lesson) => ({ "data-lesson": lesson.id })}
          sort={fromApiSort(filters.sort)}
          onSort={(sort) => change({ sort: toApiSort(sort) })}
          empty={t.empty}
          page={filters.page}
          pageSize={adminPageSize}
          onPage={(next) => setFilters((current) => ({ ...current, page: next }))}
        />
      </Card>
      <ConfirmDialog
        open={target !== null}
        title={t.cancelTitle}
        body={target ? t.cancelBody(formatDateTime(target.start), target.subscriptionId !== null) : ""}
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
