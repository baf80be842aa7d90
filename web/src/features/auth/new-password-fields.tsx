import type { ChangeEvent } from "react";
import { ar } from "../../i18n/ar-EG";
import { TextField } from "../../ui/text-field";

type NewPasswordField = "password" | "confirmPassword";

/** The part of a form state (lib/form.ts useFormState) these fields read and write. */
type NewPasswordForm = {
  bind(field: NewPasswordField): {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    error: string | undefined;
  };
};

/** A new password and its confirmation: registration, password change and password reset. */
export function NewPasswordFields({
  form,
  label = ar.fields.password,
  autoFocus,
}: {
  form: NewPasswordForm;
  label?: string;
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        hint={ar.fields.passwordHint}
        {...form.bind("password")}
      />
      <TextField
        label={ar.fields.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        {...form.bind("confirmPassword")}
      />
    </>
  );
}
