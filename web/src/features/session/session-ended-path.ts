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
  if (pathname === "/login") return null;
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}
