import { useRef, useState, type FormEvent } from "react";
import type { AuthResponse } from "@schema/api/user";
import { Link } from "react-router-dom";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { loadErrorMessages } from "../../i18n/load-error-catalogue";
import { arAuth } from "../../i18n/ar-EG-auth";
import { useFormState, useValuesTypedBeforeScripts } from "../../lib/form-state";
import { useHydrated } from "../../lib/use-hydrated";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";
import type { LoginFormValues } from "./auth-forms";
import { SignInRefused, usePasswordSignIn } from "./use-auth";

/**
 * Email and password sign-in; `onSignedIn` decides where to go next. With `accepts`, an account it
 * refuses is not signed in (SignInRefused) and `refusal` says why.
 */
export function LoginForm({
  onSignedIn,
  accepts,
  refusal,
}: {
  onSignedIn: () => void;
  accepts?: (user: AuthResponse["user"]) => boolean;
  refusal?: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState<LoginFormValues>({ email: "", password: "" });
  const signIn = usePasswordSignIn(accepts);
  const [refused, setRefused] = useState(false);
  const hydrated = useHydrated();

  // The page is prerendered: what was typed before the scripts ran is kept.
  useValuesTypedBeforeScripts(formRef, ["email", "password"], form.setField);

  // The sign-in rules (zod and the shared rules) and the error messages load on the first submit, not with the screen:
  // the sign-in page's first load stays small (docs/performance.md).
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [{ loginFormSchema }] = await Promise.all([import("./auth-forms"), loadErrorMessages()]);
    setRefused(false);
    const values = form.check(loginFormSchema, formRef.current);
    if (!values) return;
    signIn.mutate(values, {
      onSuccess: onSignedIn,
      // A wrong password is a form-level message: it must not say which of the two was wrong.
      onError: (error) => (error instanceof SignInRefused ? setRefused(true) : form.showServerError(error)),
    });
  }

  // Before the scripts have taken the prerendered form over, the submit button is disabled (and so is
  // Enter's implicit submit) but looks the same (data-awaiting-script, web/src/styles.css): a submit
  // then would go the browser's way. Were it ever sent so, it is a POST, never a GET with the password in the URL.
  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={(event) => void submit(event)}
      noValidate
      className="flex flex-col gap-4"
    >
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      {refused && refusal && <Notice tone="error">{refusal}</Notice>}
      <TextField
        label={ar.fields.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...form.bind("email")}
      />
      <TextField
        label={ar.fields.password}
        type="password"
        autoComplete="current-password"
        required
        {...form.bind("password")}
      />
      <Link
        to="/forget-password"
        className="self-start text-sm font-medium text-brand-800 underline-offset-4 hover:underline"
      >
        {arAuth.login.forgotPassword}
      </Link>
      <Button
        type="submit"
        loading={signIn.isPending}
        disabled={!hydrated}
        data-awaiting-script={hydrated ? undefined : ""}
        size="lg"
      >
        {arAuth.login.submit}
      </Button>
    </form>
  );
}
