import { useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { support } from "../../i18n/ar-EG-support";
import { debugLog } from "../../lib/debug-log";
import { focusFirstInvalidField, useFormState, validateForm } from "../../lib/form";
import { useSession } from "../../lib/session";
import { Button, buttonClasses } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { rememberedLinkSource } from "../marketing/link-source";
import { TextArea } from "../onboarding/text-area";
import {
  reportForm,
  reportFormSchema,
  screenshotProblem,
  technicalLog,
  type ReportFormValues,
} from "./report-rules";
import { useSendReport } from "./use-reports";

const t = support.report;

/** «الإبلاغ عن مشكلة»: a title, a description, an optional screenshot and the technical log. */
export function ReportDialog({ onClose }: { onClose: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const form = useFormState<ReportFormValues>({ title: "", description: "" });
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [screenshotError, setScreenshotError] = useState<string | null>(null);
  const [includeLog, setIncludeLog] = useState(true);
  const send = useSendReport();
  const { user } = useSession();
  const fileId = useId();

  function chooseScreenshot(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? screenshotProblem(file) : null;
    setScreenshotError(problem ? errorMessage(problem) : null);
    setScreenshot(problem ? null : file);
    if (problem) event.target.value = "";
  }

  function removeScreenshot() {
    setScreenshot(null);
    if (fileRef.current) fileRef.current.value = "";
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const checked = validateForm(reportFormSchema, form.values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      focusFirstInvalidField(formRef.current);
      return;
    }
    const url = window.location.pathname + window.location.search;
    const log = includeLog
      ? technicalLog({
          url,
          userAgent: navigator.userAgent,
          language: navigator.language,
          viewport: `${window.innerWidth}x${window.innerHeight}`,
          time: new Date(),
          userId: user?.id ?? null,
          lines: debugLog.lines(),
        })
      : null;
    send.mutate(reportForm(checked.data, { url, screenshot, log, source: rememberedLinkSource() }), {
      onSuccess: () => {
        toasts.show({ id: "report-sent", type: "success", title: t.sent });
        onClose();
      },
      onError: (error) => form.showServerError(error),
    });
  }

  return (
    <Dialog open onClose={onClose} title={t.title} description={t.intro}>
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField label={t.titleLabel} hint={t.titleHint} required maxLength={128} {...form.bind("title")} />
        <TextArea
          label={t.descriptionLabel}
          hint={t.descriptionHint}
          required
          maxLength={1000}
          rows={5}
          {...form.bind("description")}
        />
        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium text-slate-800">{t.screenshotLabel}</p>
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={fileRef}
              id={fileId}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              onChange={chooseScreenshot}
              aria-invalid={screenshotError ? true : undefined}
              aria-describedby={`${fileId}-hint${screenshotError ? ` ${fileId}-error` : ""}`}
              className="peer sr-only"
            />
            <label
              htmlFor={fileId}
              className={buttonClasses(
                "secondary",
                "sm",
                "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
              )}
            >
              {t.chooseScreenshot}
            </label>
            {screenshot && (
              <>
                <bdi dir="auto" className="min-w-0 text-sm break-all text-slate-700">
                  {screenshot.name}
                </bdi>
                <Button variant="ghost" size="sm" onClick={removeScreenshot}>
                  {t.removeScreenshot}
                </Button>
              </>
            )}
          </div>
          <p id={`${fileId}-hint`} className="text-sm text-slate-600">
            {t.screenshotHint}
          </p>
          {screenshotError && (
            <p id={`${fileId}-error`} className="text-sm font-medium text-red-700">
              {screenshotError}
            </p>
          )}
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={includeLog}
            onChange={(event) => setIncludeLog(event.target.checked)}
            className="mt-1 size-4 accent-brand-700"
          />
          <span>{t.includeLog}</span>
        </label>
        {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={send.isPending}>
            {send.isPending ? t.sending : t.send}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {ar.ui.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
