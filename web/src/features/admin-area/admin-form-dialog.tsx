import type { FormEvent, ReactNode, Ref } from "react";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";

type AdminFormDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formRef?: Ref<HTMLFormElement>;
  /** Off where the browser's own checks stay on (a required select with nothing else to check). */
  noValidate?: boolean;
  /** The failure of the whole form, a catalogue code, shown above the buttons. */
  error: string | null | undefined;
  pending: boolean;
  submitLabel?: string;
  submitDisabled?: boolean;
  children: ReactNode;
};

/**
 * An admin create or edit dialog: the form's fields, its failure, then «إلغاء» and the submit
 * button (coupons, invites, topics, plans, staff accounts, photo sessions).
 */
export function AdminFormDialog({
  open,
  onClose,
  title,
  description,
  onSubmit,
  formRef,
  noValidate = true,
  error,
  pending,
  submitLabel = ar.ui.save,
  submitDisabled,
  children,
}: AdminFormDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <form ref={formRef} noValidate={noValidate} onSubmit={onSubmit} className="flex flex-col gap-4">
        {children}
        {error && <Notice tone="error">{errorMessage(error)}</Notice>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {ar.ui.cancel}
          </Button>
          <Button type="submit" loading={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
