import { useId, useState } from "react";
import { MAX_WITHDRAW_METHODS, type WithdrawMethodBody, type WithdrawMethodView } from "@schema/api/invoice";
import { errorMessage } from "../../i18n/ar-EG";
import { arPayments } from "../../i18n/ar-EG-payments";
import { errorCodeOf } from "../../lib/api-error";
import { formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import { DestinationDialog } from "./destination-dialog";
import { DestinationLine } from "./destination-line";
import { checkWithdrawMethodForm, emptyInvoiceForm, formOfInvoice } from "./invoice-logic";
import { useDeleteWithdrawMethod, useSaveWithdrawMethod } from "./use-invoices";

const t = arPayments.invoices.saved;

/** The tutor's saved withdraw methods: add, edit, make one the default, delete. */
export function SavedMethodsCard({ methods }: { methods: WithdrawMethodView[] }) {
  // null: no dialog; "new": adding; a method: editing it.
  const [editing, setEditing] = useState<WithdrawMethodView | "new" | null>(null);
  const [removing, setRemoving] = useState<WithdrawMethodView | null>(null);
  const full = methods.length >= MAX_WITHDRAW_METHODS;
  return (
    <Card title={t.title}>
      <p className="mb-3 text-sm text-slate-700">{t.intro}</p>
      {methods.length === 0 ? (
        <p className="text-sm text-slate-600">{t.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {methods.map((method) => (
            <SavedMethodItem
              key={method.id}
              method={method}
              onEdit={() => setEditing(method)}
              onRemove={() => setRemoving(method)}
            />
          ))}
        </ul>
      )}
      {full ? (
        <p className="mt-3 text-sm text-slate-700">{t.limit(formatNumber(MAX_WITHDRAW_METHODS))}</p>
      ) : (
        <Button variant="secondary" className="mt-3" onClick={() => setEditing("new")}>
          {t.add}
        </Button>
      )}
      {editing && (
        <MethodDialog method={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
      <RemoveMethodDialog method={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function SavedMethodItem({
  method,
  onEdit,
  onRemove,
}: {
  method: WithdrawMethodView;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const labelId = useId();
  const save = useSaveWithdrawMethod();
  const { id, isDefault } = method;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-3" data-withdraw-method={id}>
      <div className="flex flex-col gap-0.5 text-sm text-slate-800">
        <span className="flex flex-wrap items-center gap-2">
          <DestinationLine destination={method} id={labelId} />
          {isDefault && (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900">
              {t.default}
            </span>
          )}
        </span>
        {method.receiver && (
          <span className="text-slate-600">
            {arPayments.invoices.receiverLabel} <bdi>{method.receiver}</bdi>
          </span>
        )}
        {save.isError && <Notice tone="error">{errorMessage(errorCodeOf(save.error))}</Notice>}
      </div>
      <div className="flex flex-wrap gap-2">
        {!isDefault && (
          <Button
            variant="ghost"
            size="sm"
            aria-describedby={labelId}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { id, body: { ...bodyOf(method), isDefault: true } },
                { onSuccess: () => toasts.show({ type: "success", title: t.madeDefault }) },
              )
            }
          >
            {t.makeDefault}
          </Button>
        )}
        <Button variant="secondary" size="sm" aria-describedby={labelId} onClick={onEdit}>
          {t.edit}
        </Button>
        <Button variant="secondary" size="sm" aria-describedby={labelId} onClick={onRemove}>
          {t.remove}
        </Button>
      </div>
    </li>
  );
}

/** A saved method as the API takes it back (a field left out, not null). */
const bodyOf = (method: WithdrawMethodView): WithdrawMethodBody => ({
  method: method.method,
  receiver: method.receiver ?? undefined,
  phone: method.phone ?? undefined,
  bank: method.bank ?? undefined,
  accountNumber: method.accountNumber ?? undefined,
  username: method.username ?? undefined,
});

/** Adds a method (method null) or edits one. */
function MethodDialog({ method, onClose }: { method: WithdrawMethodView | null; onClose: () => void }) {
  const save = useSaveWithdrawMethod();
  return (
    <DestinationDialog
      title={method ? t.editTitle : t.addTitle}
      initial={method ? formOfInvoice(method) : emptyInvoiceForm}
      check={checkWithdrawMethodForm}
      sending={{
        isPending: save.isPending,
        mutate: (body, handlers) => save.mutate({ id: method?.id, body }, handlers),
      }}
      submitLabel={t.save}
      successToast={t.savedToast}
      onClose={onClose}
    />
  );
}

function RemoveMethodDialog({ method, onClose }: { method: WithdrawMethodView | null; onClose: () => void }) {
  const remove = useDeleteWithdrawMethod();
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={method !== null} onClose={close} title={t.removeTitle} description={t.removeBody}>
      {method && (
        <p className="text-sm text-slate-800">
          <DestinationLine destination={method} />
        </p>
      )}
      {remove.isError && <Notice tone="error">{errorMessage(errorCodeOf(remove.error))}</Notice>}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="danger"
          loading={remove.isPending}
          onClick={() =>
            method &&
            remove.mutate(method.id, {
              onSuccess: () => {
                toasts.show({ type: "success", title: t.removed });
                close();
              },
            })
          }
        >
          {t.confirmRemove}
        </Button>
        <Button variant="secondary" onClick={close}>
          {arPayments.invoices.keep}
        </Button>
      </div>
    </Dialog>
  );
}
