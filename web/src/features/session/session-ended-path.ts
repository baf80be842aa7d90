import type { LogoutReason } from "../../lib/session-store";

/**
 * docs/product.md §7 and §8: where the app goes when the API ends the session, from where the user
 * is (null: stay). A suspended account is told so; anyone else signs in again and comes back here.
 */
export function sessionEndedPath(
  { pathname, search }: { pathname: string; search: string },
  reason: LogoutReason | null,
): string | null {
  if (reason === "suspended") return pathname === "/account-suspended" ? null : "/account-suspended";
  if (pathname === "/login" || pathname === "/admin/login") return null;
  // Inside the admin area, the staff's own sign-in (/admin/login).
  const login = pathname === "/admin" || pathname.startsWith("/admin/") ? "/admin/login" : "/login";
  return `${login}?next=${encodeURIComponent(pathname + search)}`;
}
