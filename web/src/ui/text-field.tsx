import { useId, type InputHTMLAttributes, type Ref } from "react";
import { cx } from "./class-names";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "dir"> & {
  label: string;
  /** An already translated message; links to the input with aria-describedby. */
  error?: string;
  hint?: string;
  /** Left-to-right content (emails, phones, codes, passwords, card numbers). Defaults by type. */
  ltr?: boolean;
  ref?: Ref<HTMLInputElement>;
};

const ltrTypes = new Set(["email", "tel", "password", "url", "number"]);

export function TextField({
  label,
  error,
  hint,
  ltr,
  type = "text",
  id,
  className,
  required,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const isLtr = ltr ?? ltrTypes.has(type);
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="ms-1 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        id={inputId}
        type={type}
        dir={isLtr ? "ltr" : "auto"}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          "min-h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-400",
          "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
          isLtr && "text-start [unicode-bidi:plaintext]",
          error ? "border-red-600" : "border-slate-300",
        )}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
