import type { ReactNode } from "react";
import type { UserView } from "@schema/api/user";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { errorCodeOf } from "../../lib/api-error";
import { useSession } from "../../lib/session";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { LoadingScreen } from "../../ui/spinner";
import { useCurrentUserQuery } from "./use-current-user";

/** Renders its children with the signed-in user once known; loading and failure in Arabic. */
export function UserGate({ children }: { children: (user: UserView) => ReactNode }) {
  const { user } = useSession();
  const query = useCurrentUserQuery();
  if (user) return children(user);
  if (query.isError)
    return (
      <div className="flex flex-col items-start gap-3">
        <Notice tone="error">
          {ar.errors.loadFailed}: {errorMessage(errorCodeOf(query.error))}
        </Notice>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {ar.ui.retry}
        </Button>
      </div>
    );
  return <LoadingScreen />;
}
