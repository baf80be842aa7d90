import { lazy, Suspense, useEffect, useState } from "react";
import type { UserView } from "@schema/api/user";
import { errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { errorCodeOf } from "../../lib/api-error";
import { Dialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { toasts } from "../../ui/toast-store";
import { useConfirmEmail, useSendEmailCode } from "./use-verification";

// The code form (and zod with its rules) loads when the dialog shows it, not with the screens that
// may offer the dialog: the tutor profile and the chat start (first load: docs/performance.md).
const CodeForm = lazy(async () => ({ default: (await import("./code-form")).CodeForm }));

/** How long the resend button waits after a code was sent (the Worker also limits sends: docs/rules.md). */
export const RESEND_COOLDOWN_SECONDS = 60;

type DialogProps = { user: UserView; open: boolean; onClose: () => void };

/**
 * docs/product.md §4: the email is verified with a 5-digit code sent to it. Registration already
 * sent one, so the dialog asks for that code first; another is sent only when asked for, and the
 * resend button then waits a minute, saying how long.
 */
export function EmailVerificationDialog({ user, open, onClose }: DialogProps) {
  const sendCode = useSendEmailCode();
  const confirm = useConfirmEmail();
  const [resentAt, setResentAt] = useState<number | null>(null);
  const wait = useCooldown(resentAt, open);

  function close() {
    sendCode.reset();
    onClose();
  }

  function resend() {
    sendCode.mutate(undefined, {
      onSuccess: () => {
        setResentAt(Date.now());
        toasts.show({ id: "email-code", type: "success", title: arAuth.verification.resent });
      },
      onError: (error) =>
        toasts.show({ id: "email-code", type: "error", title: errorMessage(errorCodeOf(error)) }),
    });
  }

  return (
    <Dialog open={open} onClose={close} title={arAuth.verification.emailDialogTitle}>
      {sendCode.isError && (
        <Notice tone="error" className="mb-4">
          {errorMessage(errorCodeOf(sendCode.error))}
        </Notice>
      )}
      <Suspense fallback={<Spinner />}>
        <CodeForm
          sentTo={user.email}
          intro={resentAt === null ? arAuth.verification.codeSentOnRegister : arAuth.verification.codeSentTo}
          note={arAuth.verification.codeNotArrived}
          pending={confirm.isPending}
          resending={sendCode.isPending}
          resendWait={wait}
          onResend={resend}
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
    </Dialog>
  );
}

/** Seconds left of the resend cooldown started at `since` (0 when none), ticking while the dialog is open. */
function useCooldown(since: number | null, open: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null || !open) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since, open]);
  if (since === null) return 0;
  return Math.max(0, Math.ceil((since + RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000));
}
