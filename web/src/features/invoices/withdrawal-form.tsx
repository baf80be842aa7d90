import { useId, useRef, type FormEvent } from "react";
import { MAX_WITHDRAW_METHODS, type InvoiceStats, type WithdrawMethodView } from "@schema/api/invoice";
import { Bank, WithdrawMethod } from "@schema/enums";
import { errorMessage } from "../../i18n/ar-EG";
import { arPayments } from "../../i18n/ar-EG-payments";
import { focusFirstInvalidField, useFormState } from "../../lib/form";
import { formatMoney, formatNumber } from "../../lib/format";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { cx } from "../../ui/class-names";
import { Notice } from "../../ui/notice";
import { RadioGroup } from "../../ui/radio-group";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { DestinationLine } from "./destination-line";
import { NEW_DESTINATION, checkInvoiceForm, emptyInvoiceForm, type InvoiceFormValues } from "./invoice-logic";
import { useRequestWithdrawal } from "./use-invoices";

const t = arPayments.invoices;

const methodOptions = Object.values(WithdrawMethod).map((method) => ({
  value: String(method),
  label: t.methods[method]!,
}));
const bankOptions = Object.values(Bank).map((bank) => ({ value: bank, label: t.banks[bank]! }));

/** The saved method the form starts with: the default (listed first), else a new destination. */
const startingChoice = (methods: WithdrawMethodView[]) =>
  methods[0] ? String(methods[0].id) : NEW_DESTINATION;

/**
 * The request form: the amount in pounds, then a saved method (the default chosen) or a new
 * destination with its own fields, which it offers to keep; "takes 4 to 5 working days".
 */
export function WithdrawalForm({ stats, methods }: { stats: InvoiceStats; methods: WithdrawMethodView[] }) {
  // saved "" until the tutor picks: the default, whichever it is once the list (re)loads.
  const form = useFormState<InvoiceFormValues>({ ...emptyInvoiceForm, saved: "" });
  const request = useRequestWithdrawal();
  const formRef = useRef<HTMLFormElement>(null);
  const noteId = useId();
  const canWithdraw = stats.withdrawable >= stats.minAmount;
  const canSave = methods.length < MAX_WITHDRAW_METHODS;
  // Not picked yet, or a saved method deleted meanwhile (the card below): the default.
  const choice =
    form.values.saved === NEW_DESTINATION || methods.some((method) => String(method.id) === form.values.saved)
      ? form.values.saved
      : startingChoice(methods);
  const isNew = choice === NEW_DESTINATION;
  const noteError = form.messageFor("note");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const checked = checkInvoiceForm(
      { ...form.values, saved: choice, save: form.values.save && canSave },
      stats,
    );
    if (!checked.ok) {
      form.setErrors(checked.errors);
      focusFirstInvalidField(formRef.current);
      return;
    }
    request.mutate(checked.data, {
      onSuccess: () => {
        // The next request starts on the default again (a destination just kept may be it).
        form.setValues({ ...emptyInvoiceForm, method: form.values.method, saved: "" });
        toasts.show({ type: "success", title: t.submitted });
      },
      onError: (error) =>
        form.showServerError(error, {
          "insufficient-balance": "amount",
          "withdraw-method-not-found": "saved",
          "invalid-invoice-method": "saved",
        }),
    });
  }

  return (
    <Card title={t.requestTitle}>
      <p className="mb-4 text-sm text-slate-700">
        {t.workingDays(formatNumber(stats.workingDays.min), formatNumber(stats.workingDays.max))}
      </p>
      {!canWithdraw ? (
        <Notice tone="info">{t.notEnough(formatMoney(stats.minAmount))}</Notice>
      ) : (
        <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
          <TextField
            label={t.amount}
            inputMode="decimal"
            ltr
            required
            hint={t.amountHint(
              formatMoney(stats.minAmount),
              formatMoney(stats.maxAmount),
              formatMoney(stats.withdrawable),
            )}
            {...form.bind("amount")}
          />
          {methods.length > 0 && (
            <RadioGroup
              legend={t.sendTo}
              name="saved"
              options={[
                ...methods.map((method) => ({
                  value: String(method.id),
                  label: <DestinationLine destination={method} />,
                })),
                { value: NEW_DESTINATION, label: t.otherMethod },
              ]}
              value={choice}
              onChange={(value) => form.setField("saved", value)}
              error={form.messageFor("saved")}
              required
            />
          )}
          {isNew && <DestinationFields form={form} />}
          {isNew && canSave && (
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={form.values.save}
                onChange={(event) => form.setField("save", event.target.checked)}
                className="mt-1 size-4 accent-brand-700"
              />
              <span>{t.saveForNextTime}</span>
            </label>
          )}
          <div className="flex flex-col gap-1.5">
            <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
              {t.note}
            </label>
            <textarea
              id={noteId}
              name="note"
              dir="auto"
              rows={2}
              value={form.values.note}
              onChange={(event) => form.setField("note", event.target.value)}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? `${noteId}-error` : undefined}
              className={cx(
                "w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900",
                "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
                noteError ? "border-red-600" : "border-slate-300",
              )}
            />
            {noteError && (
              <p id={`${noteId}-error`} className="text-sm font-medium text-red-700">
                {noteError}
              </p>
            )}
          </div>
          {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
          <Button type="submit" loading={request.isPending} className="self-start">
            {t.submit}
          </Button>
        </form>
      )}
    </Card>
  );
}

export type InvoiceFormState = ReturnType<typeof useFormState<InvoiceFormValues>>;

/** Where the money goes: the method, its own fields (phone and account numbers left to right), the receiver. */
export function DestinationFields({ form }: { form: InvoiceFormState }) {
  const method = Number(form.values.method);
  return (
    <>
      <RadioGroup
        legend={t.method}
        name="method"
        options={methodOptions}
        value={form.values.method}
        onChange={(value) => form.setField("method", value)}
        required
      />
      {method === WithdrawMethod.Wallet && (
        <TextField
          label={t.phone}
          type="tel"
          autoComplete="tel"
          required
          hint={t.phoneHint}
          {...form.bind("phone")}
        />
      )}
      {method === WithdrawMethod.Bank && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Select
            label={t.bank}
            options={bankOptions}
            placeholder={t.chooseBank}
            required
            {...form.bind("bank")}
          />
          <TextField
            label={t.accountNumber}
            inputMode="numeric"
            ltr
            required
            hint={t.accountNumberHint}
            {...form.bind("accountNumber")}
          />
        </div>
      )}
      {method === WithdrawMethod.Instapay && (
        <TextField label={t.username} ltr required hint={t.usernameHint} {...form.bind("username")} />
      )}
      <TextField label={t.receiver} autoComplete="name" {...form.bind("receiver")} />
    </>
  );
}
