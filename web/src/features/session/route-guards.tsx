import { Navigate, Outlet, useLocation, useSearchParams } from "react-router-dom";
import type { Role } from "@schema/enums";
import { useIsSignedIn, useSession } from "../../lib/session";
import { homePathFor, safeNextPath } from "./home-path";

/**
 * Private screens: without a live token go to /login?next=… (or `loginPath`, the admin area's
 * /admin/login); a wrong role goes to its own home.
 */
export function RequireSession({
  roles,
  loginPath = "/login",
}: {
  roles?: readonly Role[];
  loginPath?: string;
}) {
  const signedIn = useIsSignedIn();
  const { user, logoutReason } = useSession();
  const location = useLocation();
  if (!signedIn && logoutReason === "signed-out") return <Navigate to="/" replace />;
  if (!signedIn && logoutReason === "suspended") return <Navigate to="/account-suspended" replace />;
  if (!signedIn) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`${loginPath}?next=${encodeURIComponent(next)}`} replace />;
  }
  if (roles && user && !roles.includes(user.role)) return <Navigate to={homePathFor(user.role)} replace />;
  return <Outlet />;
}

/** Sign-in and registration screens: a signed-in user goes on to `next` or their dashboard. */
export function GuestOnly() {
  const signedIn = useIsSignedIn();
  const { user } = useSession();
  const [searchParams] = useSearchParams();
  if (signedIn && user)
    return <Navigate to={safeNextPath(searchParams.get("next")) ?? homePathFor(user.role)} replace />;
  return <Outlet />;
}
