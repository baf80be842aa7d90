import { useCallback } from "react";
import { Link, Navigate, useSearchParams } from "react-router-dom";
import { isStaff, type Role } from "@schema/enums";
import { LoginForm } from "../../features/auth/login-form";
import { homePathFor, safeNextPath } from "../../features/session/home-path";
import { useSignOut } from "../../features/session/use-sign-out";
import { arAuth } from "../../i18n/ar-EG-auth";
import { useIsSignedIn, useSession } from "../../lib/session";
import { Button, buttonClasses } from "../../ui/button";
import { Card } from "../../ui/card";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { toasts } from "../../ui/toast-store";

const t = arAuth.adminLogin;

/** Which accounts /admin/login signs in: staff (admins, tutor managers, studios; schema/enums.ts isStaff). */
export const acceptsStaff = (user: { role: Role }) => isStaff(user.role);

/** Where a staff member lands: the admin area's page they were sent from (?next=), else their home (/admin for admins). */
export function staffLandingPath(role: Role, next: string | null): string {
  return safeNextPath(next) ?? homePathFor(role);
}

/**
 * /admin/login (docs/product.md §2): the staff's sign-in; the admin area sends a signed-out visitor
 * here. An account that is not staff is refused and not left signed in (its new session is ended
 * at once), as the admin sign-in of Django and others does: a student who typed their password here
 * is told to use /login. A staff member already signed in goes on to the admin area; someone signed
 * in with another account can go to their own home or sign out to switch.
 */
export function AdminLoginPage() {
  const signedIn = useIsSignedIn();
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  const onSignedIn = useCallback(
    () => toasts.show({ id: "signed-in", type: "success", title: arAuth.login.welcome }),
    [],
  );
  if (signedIn && user && isStaff(user.role))
    return <Navigate to={staffLandingPath(user.role, searchParams.get("next"))} replace />;

  return (
    <PageFrame title={t.title} subtitle={t.subtitle}>
      <Card>
        {signedIn && user ? (
          <SignedInAsSomeoneElse role={user.role} />
        ) : (
          <LoginForm onSignedIn={onSignedIn} accepts={acceptsStaff} refusal={t.notStaff} />
        )}
      </Card>
      <p className="text-center text-slate-700">
        {t.notStaffLink}{" "}
        <Link to="/login" className="font-medium text-brand-800 underline underline-offset-4">
          {t.regularLogin}
        </Link>
      </p>
    </PageFrame>
  );
}

function SignedInAsSomeoneElse({ role }: { role: Role }) {
  const signOut = useSignOut();
  return (
    <div className="flex flex-col gap-4">
      <Notice tone="warning">{t.signedInNotStaff}</Notice>
      <div className="flex flex-wrap gap-3">
        <Link to={homePathFor(role)} className={buttonClasses("primary", "md")}>
          {t.goHome}
        </Link>
        <Button variant="secondary" onClick={() => signOut({ to: "/admin/login" })}>
          {t.signOutToSwitch}
        </Button>
      </div>
    </div>
  );
}
