/**
 * Form state and validation without zod at run time (it arrives with each form's rules), so a
 * screen whose rules load on submit (the sign-in form) keeps zod out of its first load.
 * The rule helpers are in web/src/lib/form.ts, which re-exports all of this.
 */
import { useEffect, useState, type ChangeEvent, type RefObject } from "react";
import type { z } from "zod";
import { errorMessage } from "../i18n/ar-EG";
import { isApiError } from "./api-error";

/** Field name → error code (an API code or a client code such as "required"). */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

export type FormValidation<Output, Field extends string> =
  { ok: true; data: Output } | { ok: false; errors: FieldErrors<Field> };

/**
 * Validates form values with a zod schema built from the shared rules. Every issue's message is
 * an error code; the first issue of each field wins.
 */
export function validateForm<Schema extends z.ZodType, Field extends string = string>(
  schema: Schema,
  values: unknown,
): FormValidation<z.output<Schema>, Field> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<Field> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form") as Field;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * Server answers mapped onto the form: `fields` from a validation failure, or a top-level code
 * that belongs to one field (e.g. user-exists → email). Anything else is a form-level error.
 */
export function serverErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  codeToField: Partial<Record<string, Field>> = {},
): { fieldErrors: FieldErrors<Field>; formError: string | null } {
  if (!isApiError(error)) return { fieldErrors: {}, formError: "unexpected" };
  const fieldErrors: FieldErrors<Field> = {};
  for (const [field, code] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(field)) fieldErrors[field as Field] = code;
  }
  const owner = codeToField[error.code];
  if (owner && !fieldErrors[owner]) fieldErrors[owner] = error.code;
  const mapped = Object.keys(fieldErrors).length > 0;
  return { fieldErrors, formError: mapped ? null : error.code };
}

/** Form values, their field errors (codes) and a form-level error code. */
export function useFormState<Values extends Record<string, unknown>>(
  initialValues: Values,
  initialErrors: FieldErrors<Extract<keyof Values, string>> = {},
) {
  type Field = Extract<keyof Values, string>;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Field>>(initialErrors);
  const [formError, setFormError] = useState<string | null>(null);

  function setField<K extends Field>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** The Arabic message of a field's error, if it has one. */
  function messageFor(field: Field): string | undefined {
    const code = errors[field];
    return code ? errorMessage(code) : undefined;
  }

  function showServerError(error: unknown, codeToField: Partial<Record<string, Field>> = {}) {
    const mapped = serverErrors(error, Object.keys(values) as Field[], codeToField);
    setErrors(mapped.fieldErrors);
    setFormError(mapped.formError);
  }

  /** The props that tie a text control to a field: name, value, change handler, Arabic error. */
  function bind<K extends Field>(field: K) {
    return {
      name: field,
      value: String(values[field] ?? ""),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setField(field, event.target.value as Values[K]),
      error: messageFor(field),
    };
  }

  /**
   * Clears the form-level error and validates the values. On failure the field errors are shown
   * and the keyboard goes to the first invalid field; the answer is then null.
   */
  function check<Schema extends z.ZodType>(
    schema: Schema,
    formElement: HTMLFormElement | null,
  ): z.output<Schema> | null {
    setFormError(null);
    const checked = validateForm<Schema, Field>(schema, values);
    if (checked.ok) return checked.data;
    setErrors(checked.errors);
    focusFirstInvalidField(formElement);
    return null;
  }

  return {
    values,
    setValues,
    setField,
    errors,
    setErrors,
    formError,
    setFormError,
    messageFor,
    showServerError,
    bind,
    check,
  };
}

/**
 * For a form prerendered to HTML (schema/prerendered-pages.ts): what was typed, or autofilled by a
 * password manager, before the scripts took the form over is in its fields, not in the state. Once,
 * right after hydration, it is taken into the state; later typing reaches it through onChange.
 */
export function useValuesTypedBeforeScripts<Field extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  fields: readonly Field[],
  setField: (field: Field, value: string) => void,
) {
  useEffect(() => {
    const elements = formRef.current?.elements;
    for (const name of fields) {
      const typed = (elements?.namedItem(name) as HTMLInputElement | null)?.value;
      if (typed) setField(name, typed);
    }
    // Once, on the first commit (the hydration).
  }, []);
}

/** After a failed submit, puts the keyboard on the first field that has an error. */
export function focusFirstInvalidField(form: HTMLFormElement | null) {
  requestAnimationFrame(() =>
    form?.querySelector<HTMLElement>("input[aria-invalid='true'], select[aria-invalid='true']")?.focus(),
  );
}
