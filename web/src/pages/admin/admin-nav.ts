import { ar } from "../../i18n/ar-EG";
import { money } from "../../i18n/ar-EG-money";

export type AdminNavItem = { to: string; label: string; end?: boolean };

/**
 * The admin area's sections (docs/product.md §2, admin routes), only those that exist. A new admin screen
 * adds its line here and its route under /admin in web/src/routes.tsx.
 */
export const adminNavItems: AdminNavItem[] = [
  { to: "/admin", label: ar.admin.overview, end: true },
  { to: "/admin/server-stats", label: ar.admin.serverStats.nav },
  { to: "/admin/invoices", label: ar.invoices.admin.nav },
  { to: "/admin/users", label: ar.adminArea.nav.users },
  { to: "/admin/tutors", label: ar.adminArea.nav.tutors },
  { to: "/admin/lessons", label: ar.adminArea.nav.lessons },
  { to: "/admin/interviews", label: ar.adminArea.nav.interviews },
  { to: "/admin/photo-sessions", label: ar.adminArea.nav.photoSessions },
  { to: "/admin/media", label: ar.adminArea.nav.media },
  { to: "/admin/plans", label: ar.adminArea.nav.plans },
  { to: "/admin/topics", label: ar.adminArea.nav.topics },
  { to: "/admin/coupons", label: ar.adminArea.nav.coupons },
  { to: "/admin/payments", label: money.admin.nav },
  { to: "/admin/platform-settings", label: ar.adminArea.nav.settings },
  { to: "/admin/reports", label: ar.support.adminReports.nav },
  { to: "/admin/audit", label: ar.staff.audit.nav },
  { to: "/admin/user-settings", label: ar.adminArea.nav.accountSettings },
];
