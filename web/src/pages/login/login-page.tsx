import { useCallback } from "react";
import { Link } from "react-router-dom";
import { GoogleSignInButton } from "../../features/auth/google-sign-in-button";
import { LoginForm } from "../../features/auth/login-form";
import { useAppConfig } from "../../features/config/use-app-config";
import { arAuth } from "../../i18n/ar-EG-auth";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";
import { toasts } from "../../ui/toast-store";

/** /login — password sign-in, and Google when the deployment has a client id. */
export function LoginPage() {
  const config = useAppConfig();
  const googleClientId = config.data?.googleClientId ?? null;
  // Where to go next is the guest guard's job: it sends a signed-in user to ?next= or their dashboard.
  const onSignedIn = useCallback(
    () => toasts.show({ id: "signed-in", type: "success", title: arAuth.login.welcome }),
    [],
  );

  return (
    <PageFrame title={arAuth.login.title} subtitle={arAuth.login.subtitle}>
      <Card>
        <LoginForm onSignedIn={onSignedIn} />
        {googleClientId && (
          <>
            <div className="my-5 flex items-center gap-3 text-sm text-slate-500" aria-hidden="true">
              <span className="h-px flex-1 bg-slate-200" />
              {arAuth.login.or}
              <span className="h-px flex-1 bg-slate-200" />
            </div>
            <GoogleSignInButton clientId={googleClientId} onSignedIn={onSignedIn} />
          </>
        )}
      </Card>
      <p className="text-center text-slate-700">
        {arAuth.login.noAccount}{" "}
        <Link to="/register/student" className="font-medium text-brand-800 underline underline-offset-4">
          {arAuth.login.registerStudent}
        </Link>{" "}
        ·{" "}
        <Link to="/register/tutor" className="font-medium text-brand-800 underline underline-offset-4">
          {arAuth.login.registerTutor}
        </Link>
      </p>
    </PageFrame>
  );
}
