import { useRef, type FormEvent } from "react";
import type { UserView } from "@schema/api/user";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arProfile } from "../../i18n/ar-EG-profile";
import { focusFirstInvalidField, useFormState, validateForm } from "../../lib/form";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { newPasswordSchema } from "../auth/auth-forms";
import { useUpdateUser } from "./use-update-user";
import { NewPasswordFields } from "../auth/new-password-fields";

/** Password change; the current password is asked for when the account has one. */
export function PasswordForm({ user }: { user: UserView }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState({ currentPassword: "", password: "", confirmPassword: "" });
  const update = useUpdateUser(user.id);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const checked = validateForm(newPasswordSchema, form.values);
    const missingCurrent = user.hasPassword && !form.values.currentPassword;
    if (!checked.ok || missingCurrent) {
      form.setErrors({
        ...(checked.ok ? {} : checked.errors),
        ...(missingCurrent ? { currentPassword: "required" } : {}),
      });
      focusFirstInvalidField(formRef.current);
      return;
    }
    update.mutate(
      {
        password: checked.data.password,
        ...(user.hasPassword ? { currentPassword: form.values.currentPassword } : {}),
      },
      {
        onSuccess: () => {
          form.setValues({ currentPassword: "", password: "", confirmPassword: "" });
          toasts.show({ id: "password-changed", type: "success", title: arProfile.profile.passwordChanged });
        },
        onError: (error) => form.showServerError(error, { "wrong-password": "currentPassword" }),
      },
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      {!user.hasPassword && <Notice>{arProfile.profile.setPasswordIntro}</Notice>}
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      {user.hasPassword && (
        <TextField
          label={ar.fields.currentPassword}
          type="password"
          autoComplete="current-password"
          required
          {...form.bind("currentPassword")}
        />
      )}
      <NewPasswordFields form={form} label={ar.fields.newPassword} />
      <Button type="submit" loading={update.isPending} className="sm:self-start">
        {user.hasPassword ? arProfile.profile.changePassword : arProfile.profile.setPassword}
      </Button>
    </form>
  );
}
