import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../i18n/ar-EG";
import { arAuth } from "../../i18n/ar-EG-auth";
import { errorCodeOf } from "../../lib/api-error";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { loadGoogleIdentity } from "./google-identity";
import { useGoogleSignIn } from "./use-auth";

/** "Sign in with Google", shown only when the API reports a Google client id. */
export function GoogleSignInButton({ clientId, onSignedIn }: { clientId: string; onSignedIn: () => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [scriptFailed, setScriptFailed] = useState(false);
  const signIn = useGoogleSignIn();
  const { mutate } = signIn;

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity().then(
      (googleId) => {
        if (cancelled || !container.current) return;
        googleId.initialize({
          client_id: clientId,
          ux_mode: "popup",
          callback: (response) =>
            mutate(
              { credential: response.credential, select_by: response.select_by },
              { onSuccess: onSignedIn },
            ),
        });
        googleId.renderButton(container.current, {
          type: "standard",
          theme: "outline",
          size: "large",
          text: "signin_with",
          locale: "ar",
          width: 300,
        });
      },
      () => !cancelled && setScriptFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, mutate, onSignedIn]);

  if (scriptFailed) return <Notice tone="warning">{arAuth.login.googleUnavailable}</Notice>;
  return (
    <div className="flex flex-col items-center gap-2">
      <div ref={container} className="flex min-h-11 justify-center" />
      {signIn.isPending && <Spinner size="sm" />}
      {signIn.isError && <Notice tone="error">{errorMessage(errorCodeOf(signIn.error))}</Notice>}
    </div>
  );
}
