import { useRef, type FormEvent } from "react";
import type { UserView } from "@schema/api/user";
import { Role } from "@schema/enums";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { focusFirstInvalidField, useFormState, validateForm } from "../../lib/form";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { ProfileFields } from "./profile-fields";
import { profileFormSchema, profileFormValues, type ProfileFormValues } from "./profile-rules";
import { useUpdateUser } from "./use-update-user";

type ProfileFormProps = { user: UserView; submitLabel?: string; onSaved?: (user: UserView) => void };

/** Name, birth year, gender, governorate and notification app: complete-profile and settings. */
export function ProfileForm({ user, submitLabel = ar.ui.save, onSaved }: ProfileFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState<ProfileFormValues>(profileFormValues(user));
  const update = useUpdateUser(user.id);
  const isTutor = user.role === Role.Tutor;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const checked = validateForm(profileFormSchema(user.role), form.values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      focusFirstInvalidField(formRef.current);
      return;
    }
    update.mutate(checked.data, {
      onSuccess: (saved) => onSaved?.(saved),
      onError: (error) => form.showServerError(error),
    });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <ProfileFields
        form={form}
        fields={["name", "birthYear", "gender", "city", "notificationMethod"]}
        name={{ label: ar.fields.name, hint: isTutor ? ar.fields.tutorNameHint : undefined }}
      />
      <Button type="submit" size="lg" loading={update.isPending} className="sm:self-start">
        {submitLabel}
      </Button>
    </form>
  );
}
