import { Navigate } from "react-router-dom";
import { Role, isAdmin, isTutorSide } from "@schema/enums";
import { homePathFor } from "../../features/session/home-path";
import { useSession } from "../../lib/session";
import { LoadingScreen } from "../../ui/spinner";

/**
 * Where /profile leads each role: the screen where they see and change their own account. A studio
 * has no settings screen of its own, so it goes to its home.
 */
export function profilePathFor(role: Role): string {
  if (role === Role.Student) return "/s/settings";
  if (isTutorSide(role)) return "/t/profile-settings";
  if (isAdmin(role)) return "/admin/user-settings";
  return homePathFor(role);
}

/**
 * /profile (docs/product.md §2): a short link to "my account". Signed out, the route's guard sends
 * the visitor to /login?next=/profile first. It replaces itself in the history, so Back does not
 * bounce through it.
 */
export function ProfileRedirectPage() {
  const { user } = useSession();
  if (!user) return <LoadingScreen />;
  return <Navigate to={profilePathFor(user.role)} replace />;
}
