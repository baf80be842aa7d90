import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router-dom";
import { privacyDeletionContracts } from "@schema/api/privacy-deletion";
import { useDeletionStatus } from "../../features/privacy/delete-account-card";
import { useSignOut } from "../../features/session/use-sign-out";
import { privacyDeletion } from "../../i18n/ar-EG-privacy-deletion";
import { call } from "../../lib/client";
import { formatDate } from "../../lib/format";
import { useIsSignedIn } from "../../lib/session";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { toasts } from "../../ui/toast-store";

const t = privacyDeletion.screen;

/**
 * /account-deletion — where a signed-in account waiting for its deletion lands (the API answers
 * account-pending-deletion everywhere else): the date of the erasure, «استرجع حسابي», sign-out.
 */
export function AccountDeletionPage() {
  const signedIn = useIsSignedIn();
  const status = useDeletionStatus(signedIn);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const restore = useMutation({
    mutationFn: () => call(privacyDeletionContracts.cancel),
    onSuccess: () => {
      toasts.show({ id: "account-restored", type: "success", title: t.restored });
      // Everything cached while the account was closed answered account-pending-deletion.
      void queryClient.invalidateQueries();
      void navigate("/", { replace: true });
    },
  });
  const data = status.data;
  return (
    <PageFrame title={t.title}>
      <Card>
        {!signedIn ? (
          <div className="flex flex-col gap-4">
            <p className="text-base text-slate-800">{t.signedOut}</p>
            <div>
              <Link to="/login" className={buttonClasses("primary", "lg")}>
                {t.signIn}
              </Link>
            </div>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            {data?.dueAt && data.state === "pending" && (
              <Notice tone="warning">{t.due(formatDate(data.dueAt))}</Notice>
            )}
            {data?.state === "erasing" ? (
              <Notice tone="error">{t.erasing}</Notice>
            ) : (
              <p className="text-base text-slate-800">{t.body}</p>
            )}
            <div className="flex flex-col gap-3 sm:flex-row">
              {data?.state === "pending" && (
                <Button size="lg" loading={restore.isPending} onClick={() => restore.mutate()}>
                  {t.restore}
                </Button>
              )}
              <Button size="lg" variant="secondary" onClick={() => signOut()}>
                {t.signOut}
              </Button>
            </div>
          </div>
        )}
      </Card>
    </PageFrame>
  );
}
