/**
 * Least privilege over accounts, decided here (not only in the admin screens):
 *
 * - Anyone may register as a Student or Tutor; an admin creates TutorManager and Studio
 *   accounts; only a SuperAdmin creates (or promotes to, or changes) an admin.
 * - A RegularAdmin never grants a role at or above its own and never edits another admin.
 * - Nobody sets another person's password: staff send a reset code instead
 *   (POST /user/{id}/password-reset).
 */
import { Role, isAdmin } from "./enums";

const publicRoles: readonly Role[] = [Role.Student, Role.Tutor];
const adminRoles: readonly Role[] = [Role.SuperAdmin, Role.RegularAdmin];

/** May `caller` (null: nobody signed in) create an account with this role? */
export function mayGrantRole(caller: { role: number } | null, role: Role): boolean {
  if (publicRoles.includes(role)) return true;
  if (!caller) return false;
  if (caller.role === Role.SuperAdmin) return true;
  // A RegularAdmin grants only the staff roles below its own.
  return caller.role === Role.RegularAdmin && !adminRoles.includes(role);
}

/**
 * May `caller` change `target`'s account (profile fields, avatar, a reset sent)? Oneself always;
 * a SuperAdmin anyone; a RegularAdmin anyone but an admin.
 */
export function mayManageAccount(
  caller: { id: number; role: number },
  target: { id: number; role: number },
): boolean {
  if (caller.id === target.id) return true;
  if (caller.role === Role.SuperAdmin) return true;
  return caller.role === Role.RegularAdmin && !isAdmin(target.role as Role);
}

/** The roles a caller may give in the staff account dialog (the screen hides the others). */
export function grantableStaffRoles(callerRole: number): Role[] {
  const staff: Role[] = [Role.SuperAdmin, Role.RegularAdmin, Role.TutorManager, Role.Studio];
  return staff.filter((role) => mayGrantRole({ role: callerRole }, role));
}

/**
 * Who moderates reviews (docs/rules.md, Reviews): sees the flagged ratings at /admin/ratings and
 * hides or restores one with a note. The admins; a tutor manager or a studio never does.
 */
export const ratingModerators: readonly Role[] = adminRoles;

export const mayModerateRatings = (role: number): boolean => ratingModerators.includes(role as Role);
