import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { privacyDeletionContracts } from "@schema/api/privacy-deletion";
import type { UserView } from "@schema/api/user";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { errorMessage } from "../../i18n/ar-EG";
import { privacyDeletion } from "../../i18n/ar-EG-privacy-deletion";
import { errorCodeOf } from "../../lib/api-error";
import { call } from "../../lib/client";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { ConfirmDialog } from "../admin-area/admin-ui";

const t = privacyDeletion.staff;

/**
 * The SuperAdmin's erasure of an account on its owner's written request (docs/rules.md, "Your
 * data: deletion"): the request's reference is required and audited; the account is erased at once.
 */
export function StaffEraseCard({ user }: { user: UserView }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const erase = useMutation({
    mutationFn: (text: string) =>
      call(privacyDeletionContracts.staffErase, { params: { id: user.id }, body: { reason: text } }),
    onSuccess: () => {
      toasts.show({ id: "account-erased", type: "success", title: t.done });
      void queryClient.invalidateQueries({ queryKey: ["admin"] });
      void navigate("/admin/users", { replace: true });
    },
  });
  function close() {
    setOpen(false);
    setReason("");
    setReasonError(undefined);
    erase.reset();
  }
  function confirm() {
    const text = reason.trim();
    if (text.length < 3 || text.length > 500) {
      setReasonError(errorMessage("invalid-deletion-reason"));
      return;
    }
    erase.mutate(text);
  }
  const failure = erase.error ? errorCodeOf(erase.error) : null;
  return (
    <Card title={t.title}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-800">{t.body}</p>
        <div>
          <Button variant="danger" onClick={() => setOpen(true)}>
            {t.start}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={open}
        title={t.confirmTitle}
        body={t.confirmBody}
        confirmLabel={t.confirm}
        pending={erase.isPending}
        error={erase.error && failure !== "invalid-deletion-reason" ? erase.error : null}
        onClose={close}
        onConfirm={confirm}
      >
        <TextField
          label={t.reason}
          required
          value={reason}
          maxLength={500}
          hint={t.reasonHint}
          error={reasonError ?? (failure === "invalid-deletion-reason" ? errorMessage(failure) : undefined)}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      </ConfirmDialog>
    </Card>
  );
}
