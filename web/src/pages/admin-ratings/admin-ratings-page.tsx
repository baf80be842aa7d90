import { useState, type FormEvent } from "react";
import {
  ratingModerationBounds,
  ratingModerationStates,
  type RatingModerationView,
} from "@schema/api/rating";
import { AdminFilterRow, FilterSelect, useAdminFilters } from "../../features/admin-area/admin-filters";
import { AdminTable } from "../../features/admin-area/admin-table";
import {
  moderationPageSize,
  type RatingModerationFilters,
  useRatingModerationQuery,
  useSetRatingHidden,
} from "../../features/ratings/use-ratings";
import { TextArea } from "../../features/onboarding/text-area";
import { errorMessage } from "../../i18n/ar-EG";
import { reviews } from "../../i18n/ar-EG-reviews";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime, formatNumber } from "../../lib/format";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import type { TableColumn } from "../../ui/data-table";
import { Dialog } from "../../ui/dialog";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { toasts } from "../../ui/toast-store";

const t = reviews.admin;

type Column = "rating" | "tutor" | "rater" | "flags" | "created" | "state";

const nameOf = (person: { name: string | null } | null) => person?.name ?? t.unnamed;

function StateBadge({ rating }: { rating: RatingModerationView }) {
  if (rating.hiddenAt) return <Badge tone="warning">{t.states.hidden}</Badge>;
  if (rating.hiddenBy) return <Badge tone="success">{t.restored}</Badge>;
  return <Badge tone="info">{t.states.flagged}</Badge>;
}

function Stars({ value }: { value: number }) {
  return (
    <span className="whitespace-nowrap text-amber-700" role="img" aria-label={t.value(formatNumber(value))}>
      {"★".repeat(value)}
    </span>
  );
}

function columns(
  onOpen: (rating: RatingModerationView) => void,
): Array<TableColumn<RatingModerationView, Column>> {
  return [
    {
      id: "rating",
      header: t.columns.rating,
      rowHeader: true,
      cell: (rating) => (
        <div className="flex min-w-40 flex-col gap-1">
          <Stars value={rating.value} />
          <button
            type="button"
            onClick={() => onOpen(rating)}
            aria-haspopup="dialog"
            className="min-h-9 text-start text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600"
          >
            <span dir="auto" className="line-clamp-2">
              {rating.text ?? t.noText}
            </span>
            <span className="sr-only"> {t.number(formatNumber(rating.id))}</span>
          </button>
        </div>
      ),
    },
    { id: "tutor", header: t.columns.tutor, cell: (rating) => <bdi>{nameOf(rating.tutor)}</bdi> },
    { id: "rater", header: t.columns.rater, cell: (rating) => <bdi>{nameOf(rating.rater)}</bdi> },
    {
      id: "flags",
      header: t.columns.flags,
      sortable: true,
      firstDirection: "desc",
      cell: (rating) => (
        <div className="flex min-w-32 flex-col gap-0.5">
          <span className="font-bold">{formatNumber(rating.flagCount)}</span>
          {rating.flags.slice(0, 2).map((flag, index) => (
            <span key={index} className="text-xs text-slate-600">
              {reviews.flag.reasons[flag.reason]}
            </span>
          ))}
        </div>
      ),
    },
    {
      id: "created",
      header: t.columns.created,
      sortable: true,
      firstDirection: "desc",
      className: "whitespace-nowrap",
      cell: (rating) => formatDateTime(rating.createdAt),
    },
    { id: "state", header: t.columns.state, cell: (rating) => <StateBadge rating={rating} /> },
  ];
}

/** Hide or restore with a note (POST /rating/{id}/hide or /restore), audited by the Worker. */
function Moderate({ rating, onDone }: { rating: RatingModerationView; onDone: () => void }) {
  const [note, setNote] = useState("");
  const change = useSetRatingHidden();
  const hide = rating.hiddenAt === null;
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { id: rating.id, hide, note },
      {
        onSuccess: () => {
          toasts.show({
            id: `rating-moderated-${rating.id}`,
            type: "success",
            title: hide ? t.hiddenToast : t.restoredToast,
          });
          onDone();
        },
      },
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2" data-moderate-form={rating.id}>
      <TextArea
        label={t.noteLabel}
        rows={3}
        required
        maxLength={ratingModerationBounds.note.max}
        value={note}
        error={change.isError ? errorMessage(errorCodeOf(change.error)) : undefined}
        onChange={(event) => {
          setNote(event.target.value);
          if (change.isError) change.reset();
        }}
      />
      <Button
        type="submit"
        size="sm"
        variant={hide ? "danger" : "secondary"}
        className="self-start"
        loading={change.isPending}
      >
        {hide ? t.hide : t.restore}
      </Button>
    </form>
  );
}

/** One rating in the dialog: the text, the tutor's reply, the flags with their reasons, the state and the action. */
function RatingDetail({ rating, onDone }: { rating: RatingModerationView; onDone: () => void }) {
  return (
    <div className="flex flex-col gap-4" data-moderated-rating={rating.id}>
      <div className="flex flex-wrap items-center gap-2">
        <Stars value={rating.value} />
        <StateBadge rating={rating} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
        <dt className="font-medium">{t.columns.tutor}</dt>
        <dd>
          <bdi>{nameOf(rating.tutor)}</bdi>
        </dd>
        <dt className="font-medium">{t.columns.rater}</dt>
        <dd>
          <bdi>{nameOf(rating.rater)}</bdi>
        </dd>
        <dt className="font-medium">{t.columns.created}</dt>
        <dd>{formatDateTime(rating.createdAt)}</dd>
      </dl>
      <p dir="auto" className="rounded-lg bg-slate-50 p-3 leading-7 whitespace-pre-wrap text-slate-800">
        {rating.text ?? t.noText}
      </p>
      {rating.reply && (
        <section className="rounded-lg border border-slate-200 p-3">
          <h3 className="text-sm font-bold text-slate-900">{t.tutorReply}</h3>
          <p dir="auto" className="whitespace-pre-wrap text-slate-800">
            {rating.reply}
          </p>
        </section>
      )}
      {rating.flags.length > 0 && (
        <section>
          <h3 className="mb-1 text-sm font-bold text-slate-900">
            {t.flagsHeading} ({formatNumber(rating.flagCount)})
          </h3>
          <ul className="flex flex-col gap-2">
            {rating.flags.map((flag, index) => (
              <li key={index} className="rounded-lg border border-slate-200 p-2 text-sm">
                <p className="font-medium text-slate-900">{reviews.flag.reasons[flag.reason]}</p>
                {flag.text && (
                  <p dir="auto" className="whitespace-pre-wrap text-slate-800">
                    {flag.text}
                  </p>
                )}
                <p className="text-xs text-slate-600">
                  {t.flagBy(nameOf(flag.by), formatDateTime(flag.createdAt))}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {rating.hiddenBy && (
        <section className="rounded-lg border border-slate-200 p-3 text-sm">
          <h3 className="font-bold text-slate-900">{t.lastNote}</h3>
          {rating.hiddenNote && (
            <p dir="auto" className="whitespace-pre-wrap text-slate-800">
              {rating.hiddenNote}
            </p>
          )}
          {rating.hiddenAt && (
            <p className="text-xs text-slate-600">
              {t.hiddenBy(nameOf(rating.hiddenBy), formatDateTime(rating.hiddenAt))}
            </p>
          )}
        </section>
      )}
      <Moderate key={`${rating.id}-${rating.hiddenAt ?? "shown"}`} rating={rating} onDone={onDone} />
    </div>
  );
}

/** /admin/ratings — flagged ratings (and those the team hid) in a table: search, state, sort, page; a rating opens in a dialog to hide or restore it with a note. */
export function AdminRatingsPage() {
  useDocumentTitle(t.title);
  const { filters, change, table } = useAdminFilters<RatingModerationFilters>({
    page: 1,
    q: "",
    state: null,
    sort: "-flags",
  });
  const ratings = useRatingModerationQuery(filters);
  const [openedId, setOpenedId] = useState<number | null>(null);
  const opened = ratings.data?.list.find((rating) => rating.id === openedId) ?? null;
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="full">
      <Card>
        <AdminFilterRow searchLabel={t.searchLabel} onSearch={(q) => change({ q })}>
          <FilterSelect
            label={t.stateFilter}
            allLabel={t.all}
            value={filters.state}
            values={ratingModerationStates}
            labels={t.states}
            onChange={(state) => change({ state })}
          />
        </AdminFilterRow>
        <AdminTable
          query={ratings}
          caption={t.caption}
          count={(total) => t.count(formatNumber(total))}
          columns={columns((rating) => setOpenedId(rating.id))}
          rowKey={(rating) => rating.id}
          rowData={(rating) => ({ "data-rating-row": rating.id })}
          empty={t.empty}
          pageSize={moderationPageSize}
          {...table}
        />
      </Card>
      <Dialog
        open={openedId !== null}
        onClose={() => setOpenedId(null)}
        title={opened ? t.detailTitle(formatNumber(opened.id)) : t.loading}
        className="sm:max-w-2xl!"
      >
        {opened ? (
          <RatingDetail key={opened.id} rating={opened} onDone={() => setOpenedId(null)} />
        ) : (
          <p>{t.loading}</p>
        )}
      </Dialog>
    </PageFrame>
  );
}
