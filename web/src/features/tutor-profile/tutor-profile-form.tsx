import { useId, useRef, type FormEvent } from "react";
import type { TutorMeta, UserView } from "@schema/api/user";
import { bounds } from "@schema/rules";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { formatNumber } from "../../lib/format";
import { formatDurationWords } from "../../lib/plural";
import { focusFirstInvalidField, useFormState, validateForm } from "../../lib/form";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Notice } from "../../ui/notice";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import {
  noticeChoices,
  tutorProfileFormSchema,
  tutorProfileFormValues,
  type TutorProfileFormValues,
} from "./profile-rules";
import { useSaveTutorProfile } from "./use-tutor-profile";

const noticeNames: Record<number, string> = arTutorJourney.tutorProfile.noticeOptions;

type TextAreaProps = {
  label: string;
  name: string;
  hint: string;
  value: string;
  max: number;
  error?: string;
  onChange: (value: string) => void;
};

function TextArea({ label, name, hint, value, max, error, onChange }: TextAreaProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
        <span className="ms-1 text-red-700" aria-hidden="true">
          *
        </span>
      </label>
      <textarea
        id={id}
        name={name}
        dir="auto"
        rows={6}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ")}
        onChange={(event) => onChange(event.target.value)}
        className={cx(
          "w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900",
          "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
          error ? "border-red-600" : "border-slate-300",
        )}
      />
      <p id={`${id}-hint`} className="flex justify-between gap-2 text-sm text-slate-600">
        <span>{hint}</span>
        <span>
          {arTutorJourney.tutorProfile.characters(formatNumber(value.trim().length), formatNumber(max))}
        </span>
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Arabic name, bio, about and notice: PUT /user/tutor/profile with the shared rules. */
export function TutorProfileForm({
  user,
  meta,
  onSaved,
}: {
  user: UserView;
  meta: TutorMeta | null;
  onSaved?: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState<TutorProfileFormValues>(tutorProfileFormValues(user, meta));
  const save = useSaveTutorProfile();
  const noticeOptions = noticeChoices(Number(form.values.notice)).map((minutes) => ({
    value: String(minutes),
    label: noticeNames[minutes] ?? formatDurationWords(minutes),
  }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const checked = validateForm(tutorProfileFormSchema, form.values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      focusFirstInvalidField(formRef.current);
      return;
    }
    save.mutate(checked.data, {
      onSuccess: () => {
        toasts.show({ type: "success", title: arTutorJourney.tutorProfile.saved });
        onSaved?.();
      },
      onError: (error) => {
        form.showServerError(error);
        focusFirstInvalidField(formRef.current);
      },
    });
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
      {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
      <TextField
        label={arTutorJourney.tutorProfile.name}
        name="name"
        required
        hint={arTutorJourney.tutorProfile.nameHint}
        value={form.values.name}
        onChange={(event) => form.setField("name", event.target.value)}
        error={form.messageFor("name")}
      />
      <TextField
        label={arTutorJourney.tutorProfile.bio}
        name="bio"
        required
        maxLength={bounds.bio.max + 20}
        hint={`${arTutorJourney.tutorProfile.bioHint} ${arTutorJourney.tutorProfile.characters(formatNumber(form.values.bio.trim().length), formatNumber(bounds.bio.max))}`}
        value={form.values.bio}
        onChange={(event) => form.setField("bio", event.target.value)}
        error={form.messageFor("bio")}
      />
      <TextArea
        label={arTutorJourney.tutorProfile.about}
        name="about"
        hint={arTutorJourney.tutorProfile.aboutHint}
        max={bounds.about.max}
        value={form.values.about}
        onChange={(value) => form.setField("about", value)}
        error={form.messageFor("about")}
      />
      <div className="flex flex-col gap-1.5">
        <Select
          label={arTutorJourney.tutorProfile.notice}
          name="notice"
          required
          options={noticeOptions}
          value={form.values.notice}
          onChange={(event) => form.setField("notice", event.target.value)}
          error={form.messageFor("notice")}
        />
        <p className="text-sm text-slate-600">{arTutorJourney.tutorProfile.noticeHint}</p>
      </div>
      <Button type="submit" size="lg" loading={save.isPending} className="sm:self-start">
        {ar.ui.save}
      </Button>
    </form>
  );
}
