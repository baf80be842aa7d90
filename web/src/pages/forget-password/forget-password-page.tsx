import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { ForgotPasswordFlow } from "../../features/auth/forgot-password-flow";
import { homePathFor } from "../../features/session/home-path";
import { arAuth } from "../../i18n/ar-EG-auth";
import { session } from "../../lib/session";
import { Card } from "../../ui/card";
import { PageFrame } from "../../ui/page-frame";

/** /forget-password and /reset-password?email=&code= (which starts at the new-password step). */
export function ForgetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  function onDone() {
    const user = session.getState().user;
    void navigate(user ? homePathFor(user.role) : "/", { replace: true });
  }

  return (
    <PageFrame title={arAuth.forgotPassword.title}>
      <Card>
        <ForgotPasswordFlow
          initialEmail={searchParams.get("email")}
          initialCode={searchParams.get("code")}
          onDone={onDone}
        />
      </Card>
      <Link to="/login" className="self-center font-medium text-brand-800 underline underline-offset-4">
        {arAuth.forgotPassword.backToLogin}
      </Link>
    </PageFrame>
  );
}
