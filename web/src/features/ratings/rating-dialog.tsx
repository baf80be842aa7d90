import { useId, useRef, type FormEvent } from "react";
import type { RatingView } from "@schema/api/rating";
import { bounds } from "@schema/rules";
import { errorMessage } from "../../i18n/ar-EG";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { errorCodeOf } from "../../lib/api-error";
import { formatNumber } from "../../lib/format";
import { focusFirstInvalidField, useFormState, validateForm } from "../../lib/form";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import { ratingFormSchema, ratingFormValues, type RatingFormValues } from "./rating-rules";
import { useDeleteRating, useSaveRating } from "./use-ratings";

const t = arLessons.ratings;
const values = [1, 2, 3, 4, 5] as const;

type RatingDialogProps = {
  tutorId: number;
  tutorName: string;
  existing: RatingView | null;
  onClose: () => void;
  /** Who is rated: a tutor by a student (default), or the studio that made a tutor's video. */
  subject?: "tutor" | "studio";
};

/** Rate a tutor after a fulfilled lesson, or a studio after it made one's video (POST /rating/), or change or delete one's rating. */
export function RatingDialog({
  tutorId,
  tutorName,
  existing,
  onClose,
  subject = "tutor",
}: RatingDialogProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormState<RatingFormValues>(ratingFormValues(existing));
  const save = useSaveRating();
  const remove = useDeleteRating();
  const textId = useId();
  const valueError = form.messageFor("value");
  const textError = form.messageFor("text");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const checked = validateForm(ratingFormSchema, form.values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      focusFirstInvalidField(formRef.current);
      return;
    }
    save.mutate(
      { existing, body: { rateeId: tutorId, value: checked.data.value, text: checked.data.text } },
      {
        onSuccess: () => {
          toasts.show({ id: "rating-saved", type: "success", title: t.saved });
          onClose();
        },
        onError: (error) => form.showServerError(error),
      },
    );
  }

  const forbidden = subject === "studio" ? t.studioForbidden : t.forbidden;
  const formError =
    form.formError === "forbidden" ? forbidden : form.formError ? errorMessage(form.formError) : null;
  return (
    <Dialog open onClose={onClose} title={t.dialogTitle(tutorName)}>
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <fieldset
          aria-invalid={valueError ? true : undefined}
          aria-describedby={valueError ? `${textId}-value-error` : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            {t.value}
            <span className="ms-1 text-red-700" aria-hidden="true">
              *
            </span>
          </legend>
          <div className="flex gap-1">
            {values.map((n) => {
              const on = Number(form.values.value) >= n;
              return (
                <label
                  key={n}
                  className="cursor-pointer rounded-lg p-1 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600"
                >
                  <input
                    type="radio"
                    name="value"
                    value={n}
                    checked={form.values.value === String(n)}
                    onChange={() => form.setField("value", String(n))}
                    className="sr-only"
                    aria-label={t.valueOf(formatNumber(n))}
                  />
                  <span
                    aria-hidden="true"
                    className={cx("text-3xl leading-none", on ? "text-amber-500" : "text-slate-300")}
                  >
                    ★
                  </span>
                </label>
              );
            })}
          </div>
          {form.values.value && (
            <p className="mt-1 text-sm text-slate-700">{t.stars(formatNumber(Number(form.values.value)))}</p>
          )}
          {valueError && (
            <p id={`${textId}-value-error`} className="mt-1 text-sm font-medium text-red-700">
              {valueError}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={textId} className="text-sm font-medium text-slate-800">
            {subject === "studio" ? t.studioText : t.text}
          </label>
          <textarea
            id={textId}
            name="text"
            dir="auto"
            rows={4}
            value={form.values.text}
            aria-invalid={textError ? true : undefined}
            aria-describedby={[`${textId}-hint`, textError && `${textId}-error`].filter(Boolean).join(" ")}
            onChange={(event) => form.setField("text", event.target.value)}
            className={cx(
              "w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900",
              "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
              textError ? "border-red-600" : "border-slate-300",
            )}
          />
          <p id={`${textId}-hint`} className="flex justify-between gap-2 text-sm text-slate-600">
            <span>{t.textHint}</span>
            <span>
              {t.characters(
                formatNumber(form.values.text.trim().length),
                formatNumber(bounds.ratingText.max),
              )}
            </span>
          </p>
          {textError && (
            <p id={`${textId}-error`} className="text-sm font-medium text-red-700">
              {textError}
            </p>
          )}
        </div>
        {formError && <Notice tone="error">{formError}</Notice>}
        {remove.isError && <Notice tone="error">{errorMessage(errorCodeOf(remove.error))}</Notice>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={save.isPending}>
            {existing ? t.save : t.submit}
          </Button>
          {existing && (
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(existing.id, {
                  onSuccess: () => {
                    toasts.show({ id: "rating-removed", type: "success", title: t.removed });
                    onClose();
                  },
                })
              }
            >
              {t.remove}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
