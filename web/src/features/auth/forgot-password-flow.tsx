import { useRef, useState, type FormEvent } from "react";
import { emailRule, verificationCodeRule } from "@schema/rules";
import { useTurnstile } from "../turnstile/turnstile";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { errorCodeOf } from "../../lib/api-error";
import { useFormState } from "../../lib/form";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { forgotPasswordEmailSchema, newPasswordSchema, type NewPasswordValues } from "./auth-forms";
import { useResetPassword, useSendPasswordCode } from "./use-auth";
import { NewPasswordFields } from "./new-password-fields";
import { CodeForm } from "../verification/code-form";

export type ForgotPasswordStep = "email" | "code" | "password";
const steps: ForgotPasswordStep[] = ["email", "code", "password"];

/** A link from the email (?email=&code=) starts at the furthest step its values allow. */
export function startingStep(
  email: string | null,
  code: string | null,
): { step: ForgotPasswordStep; email: string; code: string } {
  const validEmail = email !== null && emailRule.safeParse(email).success ? emailRule.parse(email) : null;
  const validCode =
    code !== null && verificationCodeRule.safeParse(code).success ? verificationCodeRule.parse(code) : null;
  if (validEmail && validCode) return { step: "password", email: validEmail, code: validCode };
  if (validEmail) return { step: "code", email: validEmail, code: "" };
  return { step: "email", email: email ?? "", code: "" };
}

type FlowProps = { initialEmail?: string | null; initialCode?: string | null; onDone: () => void };

/** Forgot password (docs/product.md §2): email, the 5-digit code, a new password, then signed in. */
export function ForgotPasswordFlow({ initialEmail = null, initialCode = null, onDone }: FlowProps) {
  const [start] = useState(() => startingStep(initialEmail, initialCode));
  const [step, setStep] = useState<ForgotPasswordStep>(start.step);
  const [email, setEmail] = useState(start.email);
  const [code, setCode] = useState(start.code);
  const [codeError, setCodeError] = useState<string | null>(null);
  const stepIndex = steps.indexOf(step);

  return (
    <div className="flex flex-col gap-6">
      <ol aria-label={arAuth.forgotPassword.stepsLabel} className="grid grid-cols-3 gap-2">
        {arAuth.forgotPassword.steps.map((label, index) => (
          <li
            key={label}
            aria-current={index === stepIndex ? "step" : undefined}
            className={cx(
              "border-t-4 pt-2 text-xs font-medium sm:text-sm",
              index <= stepIndex ? "border-brand-600 text-brand-900" : "border-slate-200 text-slate-500",
            )}
          >
            {label}
          </li>
        ))}
      </ol>
      <p className="sr-only" aria-live="polite">
        {arAuth.forgotPassword.stepOf(stepIndex + 1, steps.length)}
      </p>

      {step === "email" && (
        <EmailStep
          initialEmail={email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep("code");
          }}
        />
      )}
      {step === "code" && (
        <CodeStep
          email={email}
          initialCode={code}
          serverError={codeError}
          onChangeEmail={() => setStep("email")}
          onEntered={(entered) => {
            setCode(entered);
            setCodeError(null);
            setStep("password");
          }}
        />
      )}
      {step === "password" && (
        <PasswordStep
          email={email}
          code={code}
          onCodeRejected={(errorCode) => {
            setCodeError(errorCode);
            setStep("code");
          }}
          onDone={onDone}
        />
      )}
    </div>
  );
}

function EmailStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState({ email: initialEmail });
  const sendCode = useSendPasswordCode();
  const human = useTurnstile();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = form.check(forgotPasswordEmailSchema, formRef.current);
    if (!values) return;
    sendCode.mutate(
      { ...values, turnstileToken: human.token },
      {
        onSuccess: () => onSent(values.email),
        onError: (error) => form.showServerError(error),
        onSettled: human.reset,
      },
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-slate-700">{arAuth.forgotPassword.emailIntro}</p>
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <TextField
        label={ar.fields.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...form.bind("email")}
      />
      {human.element}
      <Button type="submit" size="lg" loading={sendCode.isPending}>
        {arAuth.forgotPassword.sendCode}
      </Button>
    </form>
  );
}

type CodeStepProps = {
  email: string;
  initialCode: string;
  serverError: string | null;
  onChangeEmail: () => void;
  onEntered: (code: string) => void;
};

/** The code is checked for its form here and by the server together with the new password. */
export function CodeStep({ email, initialCode, serverError, onChangeEmail, onEntered }: CodeStepProps) {
  const resend = useSendPasswordCode();
  const human = useTurnstile();

  function resendCode() {
    resend.mutate(
      { email, turnstileToken: human.token },
      {
        onSettled: human.reset,
        onSuccess: () =>
          toasts.show({ id: "password-code-resent", type: "success", title: arAuth.forgotPassword.resent }),
        onError: (error) =>
          toasts.show({ id: "password-code-resent", type: "error", title: errorMessage(errorCodeOf(error)) }),
      },
    );
  }

  return (
    <CodeForm
      sentTo={email}
      intro={arAuth.forgotPassword.codeIntro}
      note={arAuth.forgotPassword.codeSentNote}
      initialCode={initialCode}
      initialError={serverError}
      submitLabel={arAuth.forgotPassword.continue}
      resendLabel={arAuth.forgotPassword.resend}
      size="lg"
      resending={resend.isPending}
      onSubmit={(code) => onEntered(code)}
      onResend={resendCode}
      extraActions={
        <>
          {human.element}
          <Button variant="ghost" size="sm" onClick={onChangeEmail}>
            {arAuth.forgotPassword.changeEmail}
          </Button>
        </>
      }
    />
  );
}

const codeErrors = new Set(["invalid-verification-code", "expired-verification-code"]);

function PasswordStep({
  email,
  code,
  onCodeRejected,
  onDone,
}: {
  email: string;
  code: string;
  onCodeRejected: (errorCode: string) => void;
  onDone: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState<NewPasswordValues>({ password: "", confirmPassword: "" });
  const resetPassword = useResetPassword();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = form.check(newPasswordSchema, formRef.current);
    if (!values) return;
    resetPassword.mutate(
      { email, code, password: values.password },
      {
        onSuccess: () => {
          toasts.show({ id: "password-reset", type: "success", title: arAuth.forgotPassword.done });
          onDone();
        },
        onError: (error) => {
          const errorCode = errorCodeOf(error);
          if (codeErrors.has(errorCode)) onCodeRejected(errorCode);
          else form.showServerError(error);
        },
      },
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-slate-700">{arAuth.forgotPassword.passwordIntro}</p>
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <NewPasswordFields form={form} label={ar.fields.newPassword} autoFocus />
      <Button type="submit" size="lg" loading={resetPassword.isPending}>
        {arAuth.forgotPassword.submit}
      </Button>
    </form>
  );
}
