import { useId, type Ref, type TextareaHTMLAttributes } from "react";
import { cx } from "../../ui/class-names";

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "dir"> & {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line field (feedback, notes), same look as TextField. */
export function TextArea({ label, error, hint, id, className, required, ...rest }: TextAreaProps) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const describedBy =
    [hint && `${fieldId}-hint`, error && `${fieldId}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="ms-1 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <textarea
        id={fieldId}
        dir="auto"
        rows={4}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          "w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900",
          "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
          error ? "border-red-600" : "border-slate-300",
        )}
        {...rest}
      />
      {hint && (
        <p id={`${fieldId}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
