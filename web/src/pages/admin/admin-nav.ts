import { support } from "../../i18n/ar-EG-support";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { arPayments } from "../../i18n/ar-EG-payments";
import { money } from "../../i18n/ar-EG-money";
import { adminDataRequests } from "../../i18n/ar-EG-privacy-deletion";
import { reviews } from "../../i18n/ar-EG-reviews";

export type AdminNavItem = { to: string; label: string; end?: boolean };

/**
 * The admin area's sections (docs/product.md §2, admin routes), only those that exist. A new admin screen
 * adds its line here and its route under /admin in web/src/routes.tsx.
 */
export const adminNavItems: AdminNavItem[] = [
  { to: "/admin", label: arAdmin.admin.overview, end: true },
  { to: "/admin/server-stats", label: arAdmin.admin.serverStats.nav },
  { to: "/admin/invoices", label: arPayments.invoices.admin.nav },
  { to: "/admin/users", label: arAdmin.adminArea.nav.users },
  { to: "/admin/tutors", label: arAdmin.adminArea.nav.tutors },
  { to: "/admin/lessons", label: arAdmin.adminArea.nav.lessons },
  { to: "/admin/interviews", label: arAdmin.adminArea.nav.interviews },
  { to: "/admin/photo-sessions", label: arAdmin.adminArea.nav.photoSessions },
  { to: "/admin/media", label: arAdmin.adminArea.nav.media },
  { to: "/admin/plans", label: arAdmin.adminArea.nav.plans },
  { to: "/admin/topics", label: arAdmin.adminArea.nav.topics },
  { to: "/admin/coupons", label: arAdmin.adminArea.nav.coupons },
  { to: "/admin/payments", label: money.admin.nav },
  { to: "/admin/platform-settings", label: arAdmin.adminArea.nav.settings },
  { to: "/admin/reports", label: support.adminReports.nav },
  { to: "/admin/contact-requests", label: support.adminContactRequests.nav },
  { to: "/admin/ratings", label: reviews.admin.nav },
  { to: "/admin/data-requests", label: adminDataRequests.nav },
  { to: "/admin/audit", label: arAdmin.staff.audit.nav },
  { to: "/admin/user-settings", label: arAdmin.adminArea.nav.accountSettings },
];
