import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { suspensionContracts } from "@schema/api/suspension";
import type { UserView } from "@schema/api/user";
import { accountSafety } from "../../i18n/ar-EG-account-safety";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { errorCodeOf } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { byGender } from "../../lib/plural";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Badge } from "../../ui/notice";
import { TextField } from "../../ui/text-field";
import { toasts } from "../../ui/toast-store";
import { ConfirmDialog, Fact } from "./admin-ui";
import { adminUserKeys } from "./users";
import { call } from "../../lib/client";

const t = accountSafety.suspension;

/**
 * An account's suspension on the admin user page: its state and reason, «إيقاف الحساب» with a
 * required reason in a dialog, and «إلغاء الإيقاف». `canAct` is false where the caller may not
 * (their own account, or an admin's for a RegularAdmin).
 */
export function SuspensionCard({ user, canAct }: { user: UserView; canAct: boolean }) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"suspend" | "restore" | null>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminUserKeys.user(user.id) });
  const suspend = useMutation({
    mutationFn: (text: string) =>
      call(suspensionContracts.suspend, { params: { id: user.id }, body: { reason: text } }),
    onSuccess: (result) => {
      close();
      const title =
        result.canceledLessons > 0
          ? byGender(t.suspendedWithLessons, user.gender, result.canceledLessons)
          : t.suspendedDone;
      toasts.show({ id: "account-suspended", type: "success", title });
      void refresh();
    },
  });
  const restore = useMutation({
    mutationFn: () => call(suspensionContracts.restore, { params: { id: user.id } }),
    onSuccess: () => {
      close();
      toasts.show({ id: "account-restored", type: "success", title: t.restoredDone });
      void refresh();
    },
  });
  function close() {
    setDialog(null);
    setReason("");
    setReasonError(undefined);
    suspend.reset();
    restore.reset();
  }
  function confirmSuspend() {
    const text = reason.trim();
    if (text.length < 3 || text.length > 500) {
      setReasonError(errorMessage("invalid-suspension-reason"));
      return;
    }
    suspend.mutate(text);
  }
  const suspended = Boolean(user.suspendedAt);
  return (
    <Card title={t.title}>
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Fact label={t.state}>
            <Badge tone={suspended ? "error" : "success"}>{suspended ? t.suspended : t.active}</Badge>
            {suspended && user.suspendedAt && (
              <span className="ms-2 text-sm text-slate-700">{t.since(formatDateTime(user.suspendedAt))}</span>
            )}
          </Fact>
          {suspended && <Fact label={t.reason}>{user.suspensionReason ?? "—"}</Fact>}
        </dl>
        {canAct && (
          <div className="flex flex-wrap gap-3">
            {suspended ? (
              <Button variant="secondary" onClick={() => setDialog("restore")}>
                {t.restore}
              </Button>
            ) : (
              <Button variant="danger" onClick={() => setDialog("suspend")}>
                {t.suspend}
              </Button>
            )}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={dialog === "suspend"}
        title={t.suspendTitle}
        body={byGender(t.suspendBody, user.gender)}
        confirmLabel={t.confirmSuspend}
        pending={suspend.isPending}
        error={
          suspend.error && errorCodeOf(suspend.error) !== "invalid-suspension-reason" ? suspend.error : null
        }
        onClose={close}
        onConfirm={confirmSuspend}
      >
        <TextField
          label={t.reason}
          required
          value={reason}
          maxLength={500}
          hint={t.reasonHint}
          error={
            reasonError ??
            (suspend.error && errorCodeOf(suspend.error) === "invalid-suspension-reason"
              ? errorMessage("invalid-suspension-reason")
              : undefined)
          }
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={dialog === "restore"}
        title={t.restoreTitle}
        body={byGender(t.restoreBody, user.gender)}
        confirmLabel={t.confirmRestore}
        pending={restore.isPending}
        error={restore.error}
        onClose={close}
        onConfirm={() => restore.mutate()}
        cancelLabel={t.keep}
        confirmVariant="primary"
      />
    </Card>
  );
}
