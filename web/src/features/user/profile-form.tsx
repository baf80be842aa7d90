import { useRef, type FormEvent } from "react";
import type { UserView } from "@schema/api/user";
import { egyptGovernorates, Gender, MessagingApp, Role } from "@schema/enums";
import { normalizeDigits } from "@schema/rules";
import { ar, errorMessage, governorateNames } from "../../i18n/ar-EG";
import { focusFirstInvalidField, useFormState, validateForm } from "../../lib/form";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { RadioGroup } from "../../ui/radio-group";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { profileFormSchema, profileFormValues, type ProfileFormValues } from "./profile-rules";
import { useUpdateUser } from "./use-update-user";

const cityOptions = egyptGovernorates.map((city) => ({ value: String(city), label: governorateNames[city] }));
const genderOptions = Object.values(Gender).map((gender) => ({ value: gender, label: ar.genders[gender] }));
const messagingOptions = Object.values(MessagingApp).map((app) => ({
  value: String(app),
  label: ar.messagingApps[app],
}));

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
      <TextField
        label={ar.fields.name}
        name="name"
        autoComplete="name"
        required
        hint={isTutor ? ar.fields.tutorNameHint : undefined}
        value={form.values.name}
        onChange={(event) => form.setField("name", event.target.value)}
        error={form.messageFor("name")}
      />
      <TextField
        label={ar.fields.birthYear}
        name="birthYear"
        inputMode="numeric"
        autoComplete="bday-year"
        ltr
        maxLength={4}
        required
        value={form.values.birthYear}
        onChange={(event) => form.setField("birthYear", normalizeDigits(event.target.value))}
        error={form.messageFor("birthYear")}
      />
      <RadioGroup
        legend={ar.fields.gender}
        name="gender"
        required
        options={genderOptions}
        value={form.values.gender}
        onChange={(value) => form.setField("gender", value)}
        error={form.messageFor("gender")}
      />
      <Select
        label={ar.fields.city}
        name="city"
        required
        placeholder={ar.fields.chooseCity}
        options={cityOptions}
        value={form.values.city}
        onChange={(event) => form.setField("city", event.target.value)}
        error={form.messageFor("city")}
      />
      <RadioGroup
        legend={ar.fields.notificationMethod}
        name="notificationMethod"
        required
        options={messagingOptions}
        value={form.values.notificationMethod}
        onChange={(value) => form.setField("notificationMethod", value)}
        error={form.messageFor("notificationMethod")}
      />
      <Button type="submit" size="lg" loading={update.isPending} className="sm:self-start">
        {submitLabel}
      </Button>
    </form>
  );
}
