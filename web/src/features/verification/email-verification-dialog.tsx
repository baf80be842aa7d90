import { lazy, Suspense, useState } from "react";
import type { UserView } from "@schema/api/user";
import { errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { errorCodeOf } from "../../lib/api-error";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";
import { useConfirmEmail, useSendEmailCode } from "./use-verification";

// The code form (and zod with its rules) loads when the dialog shows it, not with the screens that
// may offer the dialog: the tutor profile and the chat start (first load: docs/performance.md).
const CodeForm = lazy(async () => ({ default: (await import("./code-form")).CodeForm }));

type DialogProps = { user: UserView; open: boolean; onClose: () => void };

/** docs/product.md §4: the email is verified with a 5-digit code sent to it (with resend). */
export function EmailVerificationDialog({ user, open, onClose }: DialogProps) {
  const [codeSent, setCodeSent] = useState(false);
  const sendCode = useSendEmailCode();
  const confirm = useConfirmEmail();

  function close() {
    setCodeSent(false);
    sendCode.reset();
    onClose();
  }

  function send(isResend: boolean) {
    sendCode.mutate(undefined, {
      onSuccess: () => {
        setCodeSent(true);
        if (isResend) toasts.show({ id: "email-code", type: "success", title: arAuth.verification.resent });
      },
      onError: (error) =>
        isResend && toasts.show({ id: "email-code", type: "error", title: errorMessage(errorCodeOf(error)) }),
    });
  }

  return (
    <Dialog open={open} onClose={close} title={arAuth.verification.emailDialogTitle}>
      {codeSent ? (
        <Suspense fallback={<Spinner />}>
          <CodeForm
            sentTo={user.email}
            pending={confirm.isPending}
            resending={sendCode.isPending}
            onResend={() => send(true)}
            onSubmit={(code, showError) =>
              confirm.mutate(
                { code },
                {
                  onSuccess: () => {
                    toasts.show({
                      id: "email-verified",
                      type: "success",
                      title: arAuth.verification.emailVerified,
                    });
                    close();
                  },
                  onError: showError,
                },
              )
            }
          />
        </Suspense>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-slate-700">
            {arAuth.verification.emailDialogIntro}{" "}
            <bdi dir="ltr" className="font-medium text-slate-900">
              {user.email}
            </bdi>
          </p>
          {sendCode.isError && <Notice tone="error">{errorMessage(errorCodeOf(sendCode.error))}</Notice>}
          <Button onClick={() => send(false)} loading={sendCode.isPending}>
            {arAuth.verification.sendCode}
          </Button>
        </div>
      )}
    </Dialog>
  );
}
