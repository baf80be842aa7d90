import { useId, useRef, useState, type FormEvent } from "react";
import { Role } from "@schema/enums";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { useFormState } from "../../lib/form";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";
import { registerFormSchema, type RegisterFormValues } from "./auth-forms";
import { useRegister } from "./use-auth";
import { NewPasswordFields } from "./new-password-fields";
import { useTurnstile } from "../turnstile/turnstile";
import { privacyData } from "../../i18n/ar-EG-privacy";

type RegisterFormProps = { role: typeof Role.Student | typeof Role.Tutor; onRegistered: () => void };

export function RegisterForm({ role, onRegistered }: RegisterFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState<RegisterFormValues>({ name: "", email: "", password: "", confirmPassword: "" });
  const register = useRegister();
  const human = useTurnstile();
  // Marketing messages only on the person's own yes (docs/rules.md, "Your data"): off by default.
  const [marketing, setMarketing] = useState(false);
  // Sent before the robot check finished: the button shows it is working while the token comes.
  const [waiting, setWaiting] = useState(false);
  const marketingId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = form.check(registerFormSchema(role), formRef.current);
    if (!values) return;
    const { name, email, password } = values;
    setWaiting(true);
    const turnstileToken = await human.ready();
    setWaiting(false);
    register.mutate(
      { name, email, password, role, turnstileToken, marketing },
      {
        onSuccess: onRegistered,
        onError: (error) => form.showServerError(error, { "user-exists": "email" }),
        onSettled: human.reset,
      },
    );
  }

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <TextField
        label={ar.fields.name}
        autoComplete="name"
        required
        hint={role === Role.Tutor ? ar.fields.tutorNameHint : undefined}
        {...form.bind("name")}
      />
      <TextField
        label={ar.fields.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...form.bind("email")}
      />
      <NewPasswordFields form={form} />
      <div className="flex items-start gap-3">
        <input
          id={marketingId}
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          checked={marketing}
          onChange={(event) => setMarketing(event.target.checked)}
          data-testid="marketing-opt-in"
        />
        <label htmlFor={marketingId} className="text-sm text-slate-700">
          {privacyData.registerOptIn}
        </label>
      </div>
      {human.element}
      <Button type="submit" loading={register.isPending || waiting} size="lg">
        {arAuth.register.submit}
      </Button>
    </form>
  );
}
