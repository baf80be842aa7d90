import { ar } from "../../i18n/ar-EG";
import { TextField } from "../../ui/text-field";

type NewPasswordField = "password" | "confirmPassword";

/** The part of a form state (lib/form.ts useFormState) these fields read and write. */
type NewPasswordForm = {
  values: Record<NewPasswordField, string>;
  setField(field: NewPasswordField, value: string): void;
  messageFor(field: NewPasswordField): string | undefined;
};

/** A new password and its confirmation: registration, password change and password reset. */
export function NewPasswordFields({ form, label = ar.fields.password, autoFocus }: { form: NewPasswordForm; label?: string; autoFocus?: boolean }) {
  return (
    <>
      <TextField
        label={label}
        type="password"
        name="password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        hint={ar.fields.passwordHint}
        value={form.values.password}
        onChange={(event) => form.setField("password", event.target.value)}
        error={form.messageFor("password")}
      />
      <TextField
        label={ar.fields.confirmPassword}
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={form.values.confirmPassword}
        onChange={(event) => form.setField("confirmPassword", event.target.value)}
        error={form.messageFor("confirmPassword")}
      />
    </>
  );
}
