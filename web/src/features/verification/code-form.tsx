import { useRef, type FormEvent, type ReactNode } from "react";
import { z } from "zod";
import { verificationCodeRule } from "@schema/rules";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { focusFirstInvalidField, requiredText, useFormState, validateForm } from "../../lib/form";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";

const codeSchema = z.object({ code: requiredText(verificationCodeRule) });

type CodeFormProps = {
  /** Where the code went (an email or a phone), shown left-to-right. */
  sentTo: string;
  pending: boolean;
  resending: boolean;
  onSubmit: (code: string, showError: (error: unknown) => void) => void;
  onResend: () => void;
  extraActions?: ReactNode;
};

/** The 5-digit code step shared by email and phone verification. */
export function CodeForm({ sentTo, pending, resending, onSubmit, onResend, extraActions }: CodeFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState({ code: "" });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const checked = validateForm(codeSchema, form.values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      focusFirstInvalidField(formRef.current);
      return;
    }
    onSubmit(checked.data.code, (error) =>
      form.showServerError(error, { "invalid-verification-code": "code", "expired-verification-code": "code" }),
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {ar.verification.codeSentTo}{" "}
        <bdi dir="ltr" className="font-medium text-slate-900">
          {sentTo}
        </bdi>
      </p>
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <TextField
        label={ar.fields.code}
        name="code"
        ltr
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={5}
        required
        hint={ar.fields.codeHint}
        value={form.values.code}
        onChange={(event) => form.setField("code", event.target.value)}
        error={form.messageFor("code")}
        className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
      />
      <Button type="submit" loading={pending}>
        {ar.verification.confirm}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onResend} loading={resending}>
          {ar.verification.resend}
        </Button>
        {extraActions}
      </div>
    </form>
  );
}
