import { useState, type FormEvent } from "react";
import { contactRequestBounds, type ContactRequestStaffView } from "@schema/api/contact-request";
import type { ContactRequestKind, ContactRequestState } from "@schema/enums";
import { AdminFilterRow, FilterSelect, useAdminFilters } from "../../features/admin-area/admin-filters";
import { AdminTable } from "../../features/admin-area/admin-table";
import { adminPageSize } from "../../features/admin-area/admin-ui";
import {
  type ContactRequestFilters,
  useContactRequestQuery,
  useContactRequestsQuery,
  useReplyToContactRequest,
  useUpdateContactRequest,
} from "../../features/admin-area/contact-requests";
import { TextArea } from "../../features/onboarding/text-area";
import { errorMessage } from "../../i18n/ar-EG";
import { support } from "../../i18n/ar-EG-support";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime, formatNumber } from "../../lib/format";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import type { TableColumn } from "../../ui/data-table";
import { Dialog } from "../../ui/dialog";
import { Badge, Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Select } from "../../ui/select";
import { toasts } from "../../ui/toast-store";

const t = support.adminContactRequests;
const states: ContactRequestState[] = ["new", "answered", "closed"];
const kinds: ContactRequestKind[] = ["general", "data-rights"];
const stateTone = { new: "warning", answered: "success", closed: "neutral" } as const;

function StateBadge({ state }: { state: ContactRequestState }) {
  return <Badge tone={stateTone[state]}>{t.states[state]}</Badge>;
}

/** A data-rights request stands out wherever staff see it (Law 151 of 2020 gives the sender a right to an answer). */
function KindBadge({ kind }: { kind: ContactRequestKind }) {
  return <Badge tone={kind === "data-rights" ? "info" : "neutral"}>{t.kinds[kind]}</Badge>;
}

type Column = "title" | "sender" | "created" | "kind" | "state";

/** How to reach the sender: the email and the phone, left to right. */
function ContactWays({ request }: { request: ContactRequestStaffView }) {
  if (!request.email && !request.phone) return <span>{t.noContact}</span>;
  return (
    <>
      {request.email && (
        <span dir="ltr" className="text-start text-xs break-all text-slate-600">
          {request.email}
        </span>
      )}
      {request.phone && (
        <span dir="ltr" className="text-start text-xs text-slate-600">
          {request.phone}
        </span>
      )}
    </>
  );
}

function columns(
  onOpen: (request: ContactRequestStaffView) => void,
): Array<TableColumn<ContactRequestStaffView, Column>> {
  return [
    {
      id: "title",
      header: t.columns.title,
      rowHeader: true,
      cell: (request) => (
        <button
          type="button"
          onClick={() => onOpen(request)}
          aria-haspopup="dialog"
          className="min-h-9 text-start font-bold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-brand-600"
        >
          <bdi>{request.title}</bdi>
        </button>
      ),
    },
    {
      id: "sender",
      header: t.columns.sender,
      cell: (request) => (
        <div className="flex min-w-32 flex-col gap-0.5">
          <bdi>{request.name}</bdi>
          <ContactWays request={request} />
        </div>
      ),
    },
    {
      id: "created",
      header: t.columns.created,
      sortable: true,
      firstDirection: "desc",
      className: "whitespace-nowrap",
      cell: (request) => formatDateTime(request.createdAt),
    },
    { id: "kind", header: t.columns.kind, cell: (request) => <KindBadge kind={request.kind} /> },
    {
      id: "state",
      header: t.columns.state,
      sortable: true,
      cell: (request) => <StateBadge state={request.state} />,
    },
  ];
}

/** The reply form: plain text, emailed with the sender's message quoted; none when the sender left no email. */
function ReplyForm({ request }: { request: ContactRequestStaffView }) {
  const [text, setText] = useState("");
  const reply = useReplyToContactRequest();
  if (!request.email) return <Notice tone="warning">{t.noEmail}</Notice>;
  function submit(event: FormEvent) {
    event.preventDefault();
    reply.mutate(
      { id: request.id, body: { reply: text } },
      {
        onSuccess: () => {
          setText("");
          toasts.show({ id: `contact-reply-${request.id}`, type: "success", title: t.replySent });
        },
      },
    );
  }
  const error = reply.isError ? errorMessage(errorCodeOf(reply.error)) : undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <TextArea
        label={t.replyLabel}
        hint={t.replyHint}
        rows={5}
        required
        maxLength={contactRequestBounds.reply.max}
        value={text}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" size="sm" className="self-start" loading={reply.isPending}>
        {t.sendReply}
      </Button>
    </form>
  );
}

/**
 * The state and the team's notes, each saved on its own. A field shows the stored value until the
 * admin edits it; the edit is kept while the other field saves or the request refreshes, and is let
 * go once it is saved.
 */
function StateAndNotes({ request }: { request: ContactRequestStaffView }) {
  const [stateDraft, setStateDraft] = useState<ContactRequestState | null>(null);
  const [notesDraft, setNotesDraft] = useState<string | null>(null);
  const state = stateDraft ?? request.state;
  const notes = notesDraft ?? request.notes ?? "";
  const update = useUpdateContactRequest();
  const [saving, setSaving] = useState<"state" | "notes" | null>(null);
  function save(which: "state" | "notes") {
    setSaving(which);
    update.mutate(
      { id: request.id, body: which === "state" ? { state } : { notes } },
      {
        onSuccess: () => {
          if (which === "state") setStateDraft(null);
          else setNotesDraft(null);
          toasts.show({ id: `contact-${which}-${request.id}`, type: "success", title: t.saved });
        },
      },
    );
  }
  const error = update.isError ? errorMessage(errorCodeOf(update.error)) : undefined;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-2">
        <Select
          label={t.stateLabel}
          value={state}
          onChange={(event) => setStateDraft(event.target.value as ContactRequestState)}
          options={states.map((value) => ({ value, label: t.states[value] }))}
          className="min-w-40"
        />
        <Button
          size="sm"
          variant="secondary"
          className="min-h-11"
          disabled={state === request.state}
          loading={update.isPending && saving === "state"}
          onClick={() => save("state")}
        >
          {t.saveState}
        </Button>
      </div>
      <div className="flex flex-col gap-2">
        <TextArea
          label={t.notesLabel}
          hint={t.notesHint}
          rows={3}
          maxLength={contactRequestBounds.notes.max}
          value={notes}
          error={saving === "notes" ? error : undefined}
          onChange={(event) => setNotesDraft(event.target.value)}
        />
        <Button
          size="sm"
          variant="secondary"
          className="self-start"
          disabled={notes.trim() === (request.notes ?? "")}
          loading={update.isPending && saving === "notes"}
          onClick={() => save("notes")}
        >
          {t.saveNotes}
        </Button>
      </div>
      {saving === "state" && error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}

/** One request in the dialog: who sent it and how to reach them, the message, the last reply, then the actions. */
function ContactRequestDetail({ request }: { request: ContactRequestStaffView }) {
  return (
    <div className="flex flex-col gap-4" data-contact-request={request.id}>
      <div className="flex flex-wrap gap-2">
        <KindBadge kind={request.kind} />
        <StateBadge state={request.state} />
      </div>
      {request.kind === "data-rights" && <Notice tone="info">{t.kindLong["data-rights"]}</Notice>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
        <dt className="font-medium">{t.from}</dt>
        <dd>
          <bdi>{request.name}</bdi>
          {request.userId !== null && (
            <span className="text-slate-600">
              {" "}
              ({t.account} {formatNumber(request.userId)})
            </span>
          )}
        </dd>
        {request.email && (
          <>
            <dt className="font-medium">{t.email}</dt>
            <dd className="break-all">
              <a
                dir="ltr"
                href={`mailto:${request.email}`}
                className="text-brand-800 underline underline-offset-2"
              >
                {request.email}
              </a>
            </dd>
          </>
        )}
        {request.phone && (
          <>
            <dt className="font-medium">{t.phone}</dt>
            <dd>
              <a
                dir="ltr"
                href={`tel:${request.phone}`}
                className="text-brand-800 underline underline-offset-2"
              >
                {request.phone}
              </a>
            </dd>
          </>
        )}
        <dt className="font-medium">{t.sentOn}</dt>
        <dd>{formatDateTime(request.createdAt)}</dd>
      </dl>
      <section aria-label={t.message} className="rounded-lg bg-slate-50 p-3">
        <h3 className="mb-1 text-sm font-bold text-slate-900">{t.message}</h3>
        <p dir="auto" className="leading-7 whitespace-pre-wrap text-slate-800">
          {request.message}
        </p>
      </section>
      {request.reply && (
        <section aria-label={t.lastReply} className="rounded-lg border border-slate-200 p-3">
          <h3 className="text-sm font-bold text-slate-900">{t.lastReply}</h3>
          {request.repliedAt && (
            <p className="mb-1 text-xs text-slate-600">{t.repliedOn(formatDateTime(request.repliedAt))}</p>
          )}
          <p dir="auto" className="leading-7 whitespace-pre-wrap text-slate-800">
            {request.reply}
          </p>
        </section>
      )}
      <ReplyForm request={request} />
      <StateAndNotes request={request} />
      {request.handledBy && request.handledAt && (
        <p className="text-xs text-slate-600">
          {t.handledBy(request.handledBy.name, formatDateTime(request.handledAt))}
        </p>
      )}
    </div>
  );
}

/** /admin/contact-requests — the public form's requests in a table: search as you type, filter by state and kind, sort by date or state, page; a request opens in a dialog to read, reply, change its state and keep notes. */
export function AdminContactRequestsPage() {
  useDocumentTitle(t.title);
  const { filters, change, table } = useAdminFilters<ContactRequestFilters>({
    page: 1,
    q: "",
    state: null,
    kind: null,
    sort: "-created",
  });
  const requests = useContactRequestsQuery(filters);
  const [openedId, setOpenedId] = useState<number | null>(null);
  const listed = requests.data?.list.find((request) => request.id === openedId);
  const opened = useContactRequestQuery(openedId, listed);
  const current = opened.data ?? listed ?? null;
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="full">
      <Card>
        <AdminFilterRow searchLabel={t.searchLabel} onSearch={(q) => change({ q })}>
          <FilterSelect
            label={t.stateFilter}
            allLabel={t.all}
            value={filters.state}
            values={states}
            labels={t.states}
            onChange={(state) => change({ state })}
          />
          <FilterSelect
            label={t.kindFilter}
            allLabel={t.all}
            value={filters.kind}
            values={kinds}
            labels={t.kinds}
            onChange={(kind) => change({ kind })}
          />
        </AdminFilterRow>
        <AdminTable
          query={requests}
          caption={t.caption}
          count={(total) => t.count(formatNumber(total))}
          columns={columns((request) => setOpenedId(request.id))}
          rowKey={(request) => request.id}
          rowData={(request) => ({ "data-contact-request-row": request.id, "data-kind": request.kind })}
          empty={t.empty}
          pageSize={adminPageSize}
          {...table}
        />
      </Card>
      <Dialog
        open={openedId !== null}
        onClose={() => setOpenedId(null)}
        title={current?.title ?? t.loading}
        className="sm:max-w-2xl!"
      >
        {current ? <ContactRequestDetail key={current.id} request={current} /> : <p>{t.loading}</p>}
      </Dialog>
    </PageFrame>
  );
}
