import { NavLink, Outlet } from "react-router-dom";
import { useAdminListEvents } from "../../features/admin/use-admin-list-events";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { cx } from "../../ui/class-names";
import { adminNavItems } from "./admin-nav";

/**
 * /admin/*: the admin area (admins only, guarded in routes.tsx) with its own section navigation —
 * a side column from 768 px, a scrolling row of links above the content on a phone.
 */
export function AdminLayout() {
  // One staff-channel socket keeps the area's lists live (new invoices, changed tutors).
  useAdminListEvents();
  return (
    <div className="flex w-full flex-col gap-6 md:flex-row md:items-start">
      <nav aria-label={arAdmin.admin.navLabel} className="shrink-0 md:sticky md:top-20 md:w-52">
        <p className="mb-2 hidden text-sm font-bold text-slate-500 md:block">{arAdmin.admin.nav}</p>
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {adminNavItems.map((item) => (
            <li key={item.to} className="shrink-0">
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  cx(
                    "block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap",
                    isActive ? "bg-brand-50 text-brand-900" : "text-slate-700 hover:bg-slate-100",
                  )
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
