import { useRef, type FormEvent } from "react";
import { z } from "zod";
import type { PlatformSettingsView } from "@schema/api/platform-settings";
import { Role } from "@schema/enums";
import { withdrawSettingsRule } from "@schema/rules";
import { piastersToPounds, poundsToPiasters } from "../../features/admin-area/admin-logic";
import { Fact, QueryState } from "../../features/admin-area/admin-ui";
import {
  usePlatformSettingsQuery,
  useSaveWithdrawSettings,
} from "../../features/admin-area/platform-settings";
import { errorMessage } from "../../i18n/ar-EG";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { useFormState } from "../../lib/form";
import { formatDateTime, formatMoney } from "../../lib/format";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";

const t = arAdmin.adminArea.settings;

/** Pounds as typed → the PUT body in piasters, checked by the server's own rule. */
const limitsForm = z
  .object({
    minInvoiceAmount: z.string().transform((text, ctx) => {
      const value = poundsToPiasters(text);
      if (Number.isNaN(value)) ctx.addIssue({ code: "custom", message: "non-positive-min-withdraw" });
      return value;
    }),
    maxInvoiceAmount: z.string().transform((text, ctx) => {
      const value = poundsToPiasters(text);
      if (Number.isNaN(value)) ctx.addIssue({ code: "custom", message: "non-positive-max-withdraw" });
      return value;
    }),
  })
  .pipe(withdrawSettingsRule);

function LimitsForm({ view }: { view: PlatformSettingsView }) {
  const save = useSaveWithdrawSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState({
    minInvoiceAmount: piastersToPounds(view.withdrawals.minInvoiceAmount),
    maxInvoiceAmount: piastersToPounds(view.withdrawals.maxInvoiceAmount),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(limitsForm, formRef.current);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => toasts.show({ id: "withdraw-limits-saved", type: "success", title: t.savedLimits }),
      onError: (error) => form.showServerError(error),
    });
  }
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          label={t.minWithdraw}
          required
          ltr
          inputMode="decimal"
          {...form.bind("minInvoiceAmount")}
        />
        <TextField
          label={t.maxWithdraw}
          required
          ltr
          inputMode="decimal"
          {...form.bind("maxInvoiceAmount")}
        />
      </div>
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <div>
        <Button type="submit" loading={save.isPending}>
          {t.saveLimits}
        </Button>
      </div>
    </form>
  );
}

/** The withdrawal request limits: a SuperAdmin changes them, a RegularAdmin reads them. */
export function WithdrawLimitsCard() {
  const settings = usePlatformSettingsQuery();
  const superAdmin = useSession().user?.role === Role.SuperAdmin;
  return (
    <Card title={t.withdrawals}>
      <p className="mb-4 text-slate-700">{t.withdrawalsBody}</p>
      <QueryState query={settings}>
        {(view) => (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-600">
              {view.withdrawals.updatedAt
                ? t.lastChanged(formatDateTime(view.withdrawals.updatedAt))
                : t.defaults}
            </p>
            {superAdmin ? (
              <LimitsForm view={view} />
            ) : (
              <>
                <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                  <Fact label={t.minShort}>{formatMoney(view.withdrawals.minInvoiceAmount)}</Fact>
                  <Fact label={t.maxShort}>{formatMoney(view.withdrawals.maxInvoiceAmount)}</Fact>
                </dl>
                <Notice>{arAdmin.adminArea.common.readOnly}</Notice>
              </>
            )}
          </div>
        )}
      </QueryState>
    </Card>
  );
}
