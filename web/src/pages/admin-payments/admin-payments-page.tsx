import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { paymentContracts, type PaymentAlarmView } from "@schema/api/payment";
import { Role, TransactionStatus } from "@schema/enums";
import { AdminRefundDialog } from "../../features/payments/admin-refund";
import { DeadDeliveries } from "./dead-deliveries";
import { TransactionStatusBadge } from "../../features/payments/payment-status-panel";
import { ReceiptsButton } from "../../features/payments/refunds";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { money } from "../../i18n/ar-EG-money";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime, formatMoney, formatNumber } from "../../lib/format";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Pagination } from "../../ui/pagination";
import { LoadingScreen } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { call } from "../../lib/client";

const t = money.admin;
const SIZE = 20;
const alarmsKey = (page: number) => ["admin", "payment-alarms", page] as const;

/** /admin/payments — «تحتاج متابعة»: payments a person must look at, each resolved with a note. */
export function AdminPaymentsPage() {
  const [page, setPage] = useState(1);
  const alarms = useQuery({
    queryKey: alarmsKey(page),
    queryFn: ({ signal }) => call(paymentContracts.alarms, { query: { page, size: SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <PageFrame title={t.pageTitle} width="wide">
      <Card title={t.title}>
        <p className="mb-4 text-sm text-slate-700">{t.subtitle}</p>
        {alarms.isPending ? (
          <LoadingScreen />
        ) : alarms.isError ? (
          <Notice tone="error">{errorMessage(errorCodeOf(alarms.error))}</Notice>
        ) : alarms.data.list.length === 0 ? (
          <p className="text-slate-700">{t.empty}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <ul className="flex flex-col divide-y divide-slate-200">
              {alarms.data.list.map((alarm) => (
                <AlarmItem key={alarm.id} alarm={alarm} />
              ))}
            </ul>
            <Pagination label={t.title} page={page} total={alarms.data.total} size={SIZE} onPage={setPage} />
          </div>
        )}
      </Card>
      <StaleOrders />
      <DeadDeliveries />
    </PageFrame>
  );
}

/** Orders the reconciliation has not settled, each asked of Fawry again on demand. */
function StaleOrders() {
  const queryClient = useQueryClient();
  const stale = useQuery({
    queryKey: ["admin", "stale-orders"] as const,
    queryFn: ({ signal }) => call(paymentContracts.staleOrders, { signal }),
  });
  const check = useMutation({
    mutationFn: (transactionId: number) => call(paymentContracts.paymentStatus, { query: { transactionId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["admin", "stale-orders"] }),
  });
  return (
    <Card title={t.stale}>
      <p className="mb-4 text-sm text-slate-700">{t.staleHint}</p>
      {stale.isPending ? (
        <LoadingScreen />
      ) : stale.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(stale.error))}</Notice>
      ) : stale.data.length === 0 ? (
        <p className="text-slate-700">{t.staleEmpty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {stale.data.map((tx) => (
            <li
              key={tx.id}
              className="flex flex-wrap items-center justify-between gap-2 py-3"
              data-stale={tx.id}
            >
              <span className="text-slate-800">
                {t.transaction(formatNumber(tx.id))} — {formatMoney(tx.amount)}
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <TransactionStatusBadge status={tx.status} />
                <Button
                  size="sm"
                  variant="secondary"
                  loading={check.isPending && check.variables === tx.id}
                  onClick={() => check.mutate(tx.id)}
                >
                  {t.checkNow}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const refundable = (status: TransactionStatus | null) =>
  status === TransactionStatus.Paid || status === TransactionStatus.PartialRefunded;

function AlarmItem({ alarm }: { alarm: PaymentAlarmView }) {
  const superAdmin = useSession().user?.role === Role.SuperAdmin;
  const [resolving, setResolving] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const details = alarm.details
    ? Object.entries(alarm.details).filter(([, value]) => value !== null && value !== "")
    : [];
  return (
    <li className="flex flex-col gap-2 py-3" data-alarm={alarm.kind}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-bold text-slate-900">{t.kinds[alarm.kind] ?? alarm.kind}</span>
        <span className="text-sm text-slate-600">{formatDateTime(alarm.createdAt)}</span>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        {alarm.transactionId !== null && <span>{t.transaction(formatNumber(alarm.transactionId))}</span>}
        {alarm.amount !== null && <span>{formatMoney(alarm.amount)}</span>}
        {alarm.merchantRefNum && (
          <span>
            {t.order}: <bdi dir="ltr">{alarm.merchantRefNum}</bdi>
          </span>
        )}
        {alarm.transactionStatus !== null && <TransactionStatusBadge status={alarm.transactionStatus} />}
      </div>
      {details.length > 0 && (
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer">{t.details}</summary>
          <AlarmDetails details={details} />
        </details>
      )}
      <div className="flex flex-wrap gap-2">
        {alarm.transactionId !== null &&
          alarm.transactionStatus !== null &&
          alarm.transactionStatus !== TransactionStatus.New && (
            <ReceiptsButton tx={{ id: alarm.transactionId, paidAt: "" }} />
          )}
        {superAdmin && alarm.transactionId !== null && refundable(alarm.transactionStatus) && (
          <Button size="sm" variant="danger" onClick={() => setRefunding(true)}>
            {t.refund}
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => setResolving(true)}>
          {t.resolve}
        </Button>
      </div>
      {resolving && <ResolveDialog alarm={alarm} onClose={() => setResolving(false)} />}
      {refunding && alarm.transactionId !== null && (
        <AdminRefundDialog
          transactionId={alarm.transactionId}
          onClose={() => setRefunding(false)}
          onDone={() => toasts.show({ type: "success", title: t.refundSent })}
        />
      )}
    </li>
  );
}

const d = t.detail;
/** Fawry's amounts are pounds (paymentAmount, orderAmount); ours are piasters. */
const poundFields = new Set(["paymentAmount", "orderAmount"]);
/** Numbers and codes that stay left to right. */
const codeFields = new Set(["merchantRefNumber", "merchantRefNum", "fawryRefNumber"]);

/** One detail's value as staff read it: money, a Fawry status or a reason in Arabic, a code left to right. */
export function detailValue(key: string, value: unknown): { text: string; code: boolean } {
  if (poundFields.has(key) && typeof value === "number")
    return { text: formatMoney(Math.round(value * 100)), code: false };
  if (codeFields.has(key)) return { text: String(value), code: true };
  if (key === "orderStatus" || key === "fawryStatus") {
    const name = String(value).toUpperCase();
    return { text: d.orderStatuses[name] ?? String(value), code: !(name in d.orderStatuses) };
  }
  if (key === "why") {
    const why = String(value);
    return { text: d.reasons[why] ?? errorMessage(why), code: false };
  }
  if (typeof value === "number") return { text: formatNumber(value), code: false };
  if (typeof value === "string" && /^[0-9]+$/.test(value))
    return { text: formatNumber(Number(value)), code: false };
  if (typeof value === "string") return { text: value, code: false };
  return { text: JSON.stringify(value), code: true };
}

/** An alarm's details as labelled rows in Arabic (a field no label names yet is «بيان تاني»). */
function AlarmDetails({ details }: { details: Array<[string, unknown]> }) {
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded bg-slate-50 p-2" data-alarm-details>
      {details.map(([key, value]) => {
        const known = Object.hasOwn(d.fields, key);
        const shown = detailValue(key, value);
        return (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-700" title={known ? undefined : key}>
              {known ? d.fields[key] : d.other}
            </dt>
            <dd className="text-slate-900">
              {shown.code ? <bdi dir="ltr">{shown.text}</bdi> : <bdi dir="auto">{shown.text}</bdi>}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function ResolveDialog({ alarm, onClose }: { alarm: PaymentAlarmView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const [invalid, setInvalid] = useState<string | undefined>();
  const resolve = useMutation({
    mutationFn: (body: { note: string }) =>
      call(paymentContracts.resolveAlarm, { params: { id: alarm.id }, body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ["admin", "payment-alarms"] }),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!note.trim()) return setInvalid(errorMessage("bad-request"));
    resolve.mutate(
      { note: note.trim() },
      { onSuccess: () => (toasts.show({ type: "success", title: t.resolved }), onClose()) },
    );
  }
  return (
    <Dialog open onClose={onClose} title={t.resolveTitle} description={t.kinds[alarm.kind]}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          label={t.note}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          error={invalid}
          required
        />
        {resolve.isError && <Notice tone="error">{errorMessage(errorCodeOf(resolve.error))}</Notice>}
        <Button type="submit" loading={resolve.isPending} className="self-start">
          {t.save}
        </Button>
      </form>
    </Dialog>
  );
}
