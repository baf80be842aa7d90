import { useRef, type FormEvent, type ReactNode } from "react";
import { errorMessage } from "../../i18n/ar-EG";
import { arPayments } from "../../i18n/ar-EG-payments";
import { focusFirstInvalidField, useFormState, type FormValidation } from "../../lib/form";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { toasts } from "../../ui/toast-store";
import type { InvoiceField, InvoiceFormValues } from "./invoice-logic";
import { DestinationFields, type InvoiceFormState } from "./withdrawal-form";

/** What the dialog sends: a react-query mutation, or anything with its shape. */
type Sending<Body> = {
  isPending: boolean;
  mutate(body: Body, handlers: { onSuccess: () => void; onError: (error: unknown) => void }): void;
};

/**
 * A dialog holding one destination's fields (a waiting request's, or a saved method's), after
 * `leading` (a request's amount) when given: checked with the API's rules first, then sent; a
 * success toast and the dialog closes, or the server's codes go on the fields.
 */
export function DestinationDialog<Body>({
  title,
  initial,
  check,
  sending,
  submitLabel,
  successToast,
  onClose,
  description,
  leading,
}: {
  title: string;
  initial: InvoiceFormValues;
  check: (values: InvoiceFormValues) => FormValidation<Body, InvoiceField>;
  sending: Sending<Body>;
  submitLabel: string;
  successToast: string;
  onClose: () => void;
  description?: string;
  leading?: (form: InvoiceFormState) => ReactNode;
}) {
  const form = useFormState<InvoiceFormValues>(initial);
  const formRef = useRef<HTMLFormElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    form.setFormError(null);
    const checked = check(form.values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      focusFirstInvalidField(formRef.current);
      return;
    }
    sending.mutate(checked.data, {
      onSuccess: () => {
        toasts.show({ type: "success", title: successToast });
        onClose();
      },
      onError: (error) => form.showServerError(error),
    });
  }

  return (
    <Dialog open onClose={onClose} title={title} description={description}>
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {leading?.(form)}
        <DestinationFields form={form} />
        {form.formError && <Notice tone="error">{errorMessage(form.formError)}</Notice>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={sending.isPending}>
            {submitLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {arPayments.invoices.keep}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
