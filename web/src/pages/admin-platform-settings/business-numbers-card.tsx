import { useRef, type FormEvent } from "react";
import { z } from "zod";
import type {
  BusinessSettings,
  BusinessSettingsChange,
  PlatformSettingsView,
} from "@schema/api/platform-settings";
import { Role } from "@schema/enums";
import { DEFAULT_DELETION_GRACE_DAYS } from "@schema/pricing";
import { businessSettingsRule } from "@schema/rules";
import {
  basisPointsToPercent,
  percentToBasisPoints,
  piastersToPounds,
  poundsToPiasters,
} from "../../features/admin-area/admin-logic";
import { Fact, QueryState } from "../../features/admin-area/admin-ui";
import {
  usePlatformSettingsQuery,
  useSaveBusinessSettings,
} from "../../features/admin-area/platform-settings";
import { errorMessage } from "../../i18n/ar-EG";
import { durationCounts } from "../../i18n/ar-EG-durations";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { privacyDeletion } from "../../i18n/ar-EG-privacy-deletion";
import { useFormState } from "../../lib/form";
import { formatDateTime, formatMoney, formatNumber } from "../../lib/format";
import { countOf } from "../../lib/plural";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";

const t = arAdmin.adminArea.settings;

/** A whole number as typed (Arabic or Latin digits are both fine for the browser's numeric input) → NaN when not one. */
const wholeNumber = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text.trim()) : Number.NaN);

/** What the admin typed (pounds, minutes, hours, percent) → the PUT body, checked by the server's own rule. */
const businessForm = z
  .object({
    hourlyRate: z.string().transform((text) => poundsToPiasters(text)),
    tutorHourlyRate: z.string().transform((text) => poundsToPiasters(text)),
    trialMinutes: z.string().transform((text) => wholeNumber(text)),
    cancelWindowHours: z.string().transform((text) => wholeNumber(text)),
    refundFeeBasisPoints: z.string().transform((text) => percentToBasisPoints(text)),
    deletionGraceDays: z
      .string()
      .transform((text): number | undefined => wholeNumber(text))
      .optional(),
  })
  .pipe(businessSettingsRule);

/** The account deletion grace period in force (docs/rules.md, "Your data: deletion"). */
const graceDaysOf = (business: object) =>
  (business as { deletionGraceDays?: number }).deletionGraceDays ?? DEFAULT_DELETION_GRACE_DAYS;

/** A number of the business settings in words, for the read-only facts and the history. */
function shown(key: keyof BusinessSettings, value: number): string {
  if (key === "hourlyRate" || key === "tutorHourlyRate") return formatMoney(value);
  if (key === "trialMinutes") return t.trialOptions[value] ?? formatNumber(value);
  if (key === "cancelWindowHours") return countOf(durationCounts.hours, value);
  // Basis points as a percent with its fraction (2.5 %, not rounded to 3 %).
  return t.percent(formatNumber(value / 100));
}

const labels: Record<keyof BusinessSettings, string> = {
  hourlyRate: t.hourlyRateShort,
  tutorHourlyRate: t.tutorHourlyRateShort,
  trialMinutes: t.trialShort,
  cancelWindowHours: t.cancelWindowShort,
  refundFeeBasisPoints: t.refundFeeShort,
};
const keys = Object.keys(labels) as Array<keyof BusinessSettings>;

function BusinessForm({ view }: { view: PlatformSettingsView }) {
  const save = useSaveBusinessSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const b = view.business;
  const form = useFormState({
    hourlyRate: piastersToPounds(b.hourlyRate),
    tutorHourlyRate: piastersToPounds(b.tutorHourlyRate),
    trialMinutes: String(b.trialMinutes),
    cancelWindowHours: String(b.cancelWindowHours),
    refundFeeBasisPoints: basisPointsToPercent(b.refundFeeBasisPoints),
    deletionGraceDays: String(graceDaysOf(b)),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const body = form.check(businessForm, formRef.current);
    if (!body) return;
    save.mutate(body, {
      onSuccess: () => toasts.show({ id: "business-saved", type: "success", title: t.savedBusiness }),
      onError: (error) => form.showServerError(error),
    });
  }
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t.business}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField label={t.hourlyRate} required ltr inputMode="decimal" {...form.bind("hourlyRate")} />
        <TextField
          label={t.tutorHourlyRate}
          required
          ltr
          inputMode="decimal"
          {...form.bind("tutorHourlyRate")}
        />
        <Select
          label={t.trialMinutes}
          required
          options={[0, 15, 30].map((m) => ({ value: String(m), label: t.trialOptions[m]! }))}
          {...form.bind("trialMinutes")}
        />
        <TextField
          label={t.cancelWindowHours}
          required
          ltr
          inputMode="numeric"
          {...form.bind("cancelWindowHours")}
        />
        <TextField
          label={t.refundFee}
          required
          ltr
          inputMode="decimal"
          {...form.bind("refundFeeBasisPoints")}
        />
        <TextField
          label={privacyDeletion.admin.graceDays}
          hint={privacyDeletion.admin.graceDaysHint}
          required
          ltr
          inputMode="numeric"
          {...form.bind("deletionGraceDays")}
        />
      </div>
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <div>
        <Button type="submit" loading={save.isPending}>
          {t.saveBusiness}
        </Button>
      </div>
    </form>
  );
}

/** One change: who and when, and each changed number before → after. */
function HistoryItem({ change }: { change: BusinessSettingsChange }) {
  const changed = keys.filter(
    (key) => change.after?.[key] !== undefined && change.after[key] !== change.before?.[key],
  );
  return (
    <li className="flex flex-col gap-1 py-3">
      <p className="text-sm font-medium text-slate-900">
        {t.historyEntry(change.actorName ?? t.someone, formatDateTime(change.at))}
      </p>
      <ul className="flex flex-col gap-0.5 text-sm text-slate-700">
        {changed.map((key) => (
          <li key={key}>
            {labels[key]}: {change.before?.[key] !== undefined ? shown(key, change.before[key]) : "—"} ←{" "}
            {shown(key, change.after![key]!)}
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The business numbers: a SuperAdmin changes them, a RegularAdmin reads them; both see their history. */
export function BusinessNumbersCard() {
  const settings = usePlatformSettingsQuery();
  const superAdmin = useSession().user?.role === Role.SuperAdmin;
  return (
    <Card title={t.business}>
      <p className="mb-4 text-slate-700">{t.businessBody}</p>
      <QueryState query={settings}>
        {(view) => (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-slate-600">
              {view.business.updatedAt ? t.lastChanged(formatDateTime(view.business.updatedAt)) : t.defaults}
            </p>
            {superAdmin ? (
              <BusinessForm view={view} />
            ) : (
              <>
                <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                  {keys.map((key) => (
                    <Fact key={key} label={labels[key]}>
                      {shown(key, view.business[key])}
                    </Fact>
                  ))}
                  <Fact label={privacyDeletion.admin.graceDays}>
                    {countOf(durationCounts.days, graceDaysOf(view.business))}
                  </Fact>
                </dl>
                <Notice>{arAdmin.adminArea.common.readOnly}</Notice>
              </>
            )}
            <section aria-labelledby="business-history" className="flex flex-col gap-1">
              <h3 id="business-history" className="text-base font-bold text-slate-900">
                {t.history}
              </h3>
              {view.business.history.length === 0 ? (
                <p className="text-sm text-slate-600">{t.noHistory}</p>
              ) : (
                <ul className="divide-y divide-slate-200">
                  {view.business.history.map((change, index) => (
                    <HistoryItem key={`${change.at}-${index}`} change={change} />
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </QueryState>
    </Card>
  );
}
