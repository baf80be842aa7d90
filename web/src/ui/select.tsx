import { useId, type Ref, type SelectHTMLAttributes } from "react";
import { cx } from "./class-names";

export type SelectOption = { value: string; label: string };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "children"> & {
  label: string;
  options: SelectOption[];
  /** The text of the empty first choice; omit to have none. */
  placeholder?: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
};

export function Select({
  label,
  options,
  placeholder,
  error,
  id,
  className,
  required,
  ...rest
}: SelectProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {label}
        {required && (
          <span className="ms-1 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </label>
      <select
        id={selectId}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(
          "min-h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900",
          "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600",
          error ? "border-red-600" : "border-slate-300",
        )}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
