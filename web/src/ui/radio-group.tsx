import { useId, type ReactNode } from "react";
import { cx } from "./class-names";

/** The label may hold markup, e.g. a number isolated left to right inside Arabic text. */
export type RadioOption = {
  value: string;
  label: ReactNode;
  /** A choice that would fail: shown, not choosable, with `hint` saying why. */
  disabled?: boolean;
  hint?: string;
};

type RadioGroupProps = {
  legend: string;
  name: string;
  options: RadioOption[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  className?: string;
};

/** A set of choices shown side by side (gender, messaging app). */
export function RadioGroup({
  legend,
  name,
  options,
  value,
  onChange,
  error,
  required,
  className,
}: RadioGroupProps) {
  const baseId = useId();
  const errorId = `${baseId}-error`;
  return (
    <fieldset
      className={cx("flex flex-col gap-1.5", className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {legend}
        {required && (
          <span className="ms-1 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const hintId = option.hint ? `${baseId}-${option.value}-hint` : undefined;
          return (
            <label
              key={option.value}
              className={cx(
                "flex min-h-11 items-center gap-2 rounded-lg border px-4",
                option.disabled
                  ? "cursor-not-allowed border-dashed border-slate-300 bg-slate-50 text-slate-600"
                  : "cursor-pointer",
                "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                !option.disabled &&
                  (value === option.value
                    ? "border-brand-600 bg-brand-50 text-brand-900"
                    : "border-slate-300 bg-white"),
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                aria-describedby={hintId}
                onChange={() => onChange(option.value)}
                required={required}
                className="size-4 accent-brand-700 focus-visible:outline-none"
              />
              <span className="flex flex-col py-1">
                {option.label}
                {option.hint && (
                  <span id={hintId} className="text-xs">
                    {option.hint}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
