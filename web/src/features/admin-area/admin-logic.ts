import { Role } from "@schema/enums";
import type { UserListSort } from "@schema/api/admin-user";
import { CAIRO, dayOf, lastSecondOf } from "@schema/calendar";

/** The roles an admin may give a new staff account (students and tutors register themselves). */
export const staffRoles = [Role.RegularAdmin, Role.SuperAdmin, Role.TutorManager, Role.Studio] as const;

/** Whole pounds (as typed) → piasters; NaN when not a non-negative number with at most 2 decimals. */
export function poundsToPiasters(text: string): number {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

export const piastersToPounds = (piasters: number): string =>
  piasters % 100 === 0 ? String(piasters / 100) : (piasters / 100).toFixed(2);

/** A percentage as typed (up to 2 decimals) → basis points; NaN when not a number. */
export function percentToBasisPoints(text: string): number {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 100);
}

export const basisPointsToPercent = (basisPoints: number): string => String(basisPoints / 100);

/** A whole number as typed; NaN otherwise. */
export function wholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** `sort`: the table's order (GET /user/list `sort`); newest first when left out. */
export type UserFilters = {
  search: string;
  role: Role | null;
  verified: boolean | null;
  page: number;
  sort?: UserListSort;
};

/** The GET /user/list query for the list's filters (empty ones left out). */
export function userListQuery(filters: UserFilters, size: number): Record<string, string | number> {
  const query: Record<string, string | number> = { page: filters.page, size };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.role !== null) query.role = filters.role;
  if (filters.verified !== null) query.verified = String(filters.verified);
  if (filters.sort && filters.sort !== "-created") query.sort = filters.sort;
  return query;
}

/** "2026-03-15" (a date input's value) → the last second of that Cairo day as UTC ISO, for expiries (23:59:59 Cairo, summer or winter). */
export const endOfCairoDay = (date: string): string => lastSecondOf(date, CAIRO);

/** An ISO instant → the yyyy-mm-dd a date input shows (its Cairo day). */
export const cairoDateInput = (iso: string): string => dayOf(iso, CAIRO);
