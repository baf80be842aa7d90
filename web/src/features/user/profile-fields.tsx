import { Fragment, type ReactElement, type ReactNode } from "react";
import { egyptGovernorates, Gender, MessagingApp } from "@schema/enums";
import { normalizeDigits } from "@schema/rules";
import { ar, governorateNames } from "../../i18n/ar-EG";
import { RadioGroup } from "../../ui/radio-group";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";

const cityOptions = egyptGovernorates.map((city) => ({ value: String(city), label: governorateNames[city] }));
const genderOptions = Object.values(Gender).map((gender) => ({ value: gender, label: ar.genders[gender] }));
const messagingOptions = Object.values(MessagingApp).map((app) => ({
  value: String(app),
  label: ar.messagingApps[app],
}));

/** The account fields both profile forms have. */
type ProfileFieldName = "name" | "birthYear" | "gender" | "city" | "notificationMethod";

/** What ProfileFields needs of a form's state (web/src/lib/form-state.ts): its text values. */
type ProfileFormState<Values extends Record<string, string>> = {
  values: Values;
  setField: (field: SharedField<Values>, value: string) => void;
  messageFor: (field: SharedField<Values>) => string | undefined;
};

/** The shared fields a form has. */
type SharedField<Values> = Extract<keyof Values, ProfileFieldName>;

type ProfileFieldsProps<Values extends Record<string, string>> = {
  form: ProfileFormState<Values>;
  /** The fields in the form's order: the shared ones by name, the form's own (bio, about, phone) as elements. */
  fields: ReadonlyArray<SharedField<Values> | ReactElement>;
  /** The name field's label and hint: the account's name, or the tutor's Arabic name. */
  name: { label: string; hint?: string };
};

/**
 * The account fields of the profile forms, written once and rendered in each form's order with the
 * form's own fields in between: the account form (web/src/features/user/profile-form.tsx: name, birth year, gender, governorate,
 * notification app) and the tutor's first profile (web/src/features/tutor-profile/tutor-complete-profile-form.tsx:
 * name, bio, about, gender, birth year, governorate, phone, notification app).
 */
export function ProfileFields<Values extends Record<string, string>>({
  form,
  fields,
  name,
}: ProfileFieldsProps<Values>) {
  const values: Record<SharedField<Values>, string> = form.values;
  const shared = (field: SharedField<Values>): ReactNode => {
    switch (field) {
      case "name":
        return (
          <TextField
            label={name.label}
            name="name"
            autoComplete="name"
            required
            hint={name.hint}
            value={values[field]}
            onChange={(event) => form.setField(field, event.target.value)}
            error={form.messageFor(field)}
          />
        );
      case "birthYear":
        return (
          <TextField
            label={ar.fields.birthYear}
            name="birthYear"
            inputMode="numeric"
            autoComplete="bday-year"
            ltr
            maxLength={4}
            required
            value={values[field]}
            onChange={(event) => form.setField(field, normalizeDigits(event.target.value))}
            error={form.messageFor(field)}
          />
        );
      case "gender":
        return (
          <RadioGroup
            legend={ar.fields.gender}
            name="gender"
            required
            options={genderOptions}
            value={values[field]}
            onChange={(value) => form.setField(field, value)}
            error={form.messageFor(field)}
          />
        );
      case "city":
        return (
          <Select
            label={ar.fields.city}
            name="city"
            required
            placeholder={ar.fields.chooseCity}
            options={cityOptions}
            value={values[field]}
            onChange={(event) => form.setField(field, event.target.value)}
            error={form.messageFor(field)}
          />
        );
      case "notificationMethod":
        return (
          <RadioGroup
            legend={ar.fields.notificationMethod}
            name="notificationMethod"
            required
            options={messagingOptions}
            value={values[field]}
            onChange={(value) => form.setField(field, value)}
            error={form.messageFor(field)}
          />
        );
    }
  };
  return fields.map((field, index) => (
    <Fragment key={typeof field === "string" ? field : index}>
      {typeof field === "string" ? shared(field) : field}
    </Fragment>
  ));
}
