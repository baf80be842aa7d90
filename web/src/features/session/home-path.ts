import { Role, isAdmin, isTutorSide } from "@schema/enums";

/** Where a signed-in user lands: the dashboard of their side of the app. */
export function homePathFor(role: Role): string {
  if (role === Role.Student) return "/s/dashboard";
  if (isTutorSide(role)) return "/t/dashboard";
  if (role === Role.Studio) return "/photo-sessions";
  if (isAdmin(role)) return "/admin";
  return "/";
}

/** A `next` target from the query string, only when it is a path inside this app. */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  return next;
}
