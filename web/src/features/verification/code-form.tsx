import { formatNumber } from "../../lib/format";
import { useRef, type FormEvent, type ReactNode } from "react";
import { z } from "zod";
import { verificationCodeRule } from "@schema/rules";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { requiredText, useFormState } from "../../lib/form";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";

/** The one rule for a typed 5-digit code (Arabic-Indic digits accepted). */
export const codeFormSchema = z.object({ code: requiredText(verificationCodeRule) });

type CodeFormProps = {
  /** Where the code went (an email or a phone), shown left-to-right. */
  sentTo: string;
  /** The words before the address; «أرسلنا رمزًا إلى» unless a flow says otherwise. */
  intro?: string;
  /** A line under the address (e.g. where else to look for the message). */
  note?: ReactNode;
  initialCode?: string;
  /** A code the server refused on a later step, shown on the field from the start. */
  initialError?: string | null;
  submitLabel?: string;
  resendLabel?: string;
  size?: "md" | "lg";
  pending?: boolean;
  resending: boolean;
  /** Seconds before another code may be asked for (the button waits and says so), 0 or absent: now. */
  resendWait?: number;
  onSubmit: (code: string, showError: (error: unknown) => void) => void;
  onResend: () => void;
  extraActions?: ReactNode;
};

/** The 5-digit code step shared by email and phone verification and the forgotten password. */
export function CodeForm({
  sentTo,
  intro = arAuth.verification.codeSentTo,
  note,
  initialCode = "",
  initialError = null,
  submitLabel = arAuth.verification.confirm,
  resendLabel = arAuth.verification.resend,
  size = "md",
  pending = false,
  resending,
  resendWait = 0,
  onSubmit,
  onResend,
  extraActions,
}: CodeFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState({ code: initialCode }, initialError ? { code: initialError } : {});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = form.check(codeFormSchema, formRef.current);
    if (!values) return;
    onSubmit(values.code, (error) =>
      form.showServerError(error, {
        "invalid-verification-code": "code",
        "expired-verification-code": "code",
      }),
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {intro}{" "}
        <bdi dir="ltr" className="font-medium text-slate-900">
          {sentTo}
        </bdi>
      </p>
      {note && <p className="text-sm text-slate-600">{note}</p>}
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <TextField
        label={ar.fields.code}
        ltr
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={5}
        required
        hint={ar.fields.codeHint}
        {...form.bind("code")}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
      />
      <Button type="submit" size={size} loading={pending}>
        {submitLabel}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onResend} loading={resending} disabled={resendWait > 0}>
          {resendWait > 0 ? arAuth.verification.resendIn(formatNumber(resendWait)) : resendLabel}
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
