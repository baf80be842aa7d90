import { Link } from "react-router-dom";
import { ar } from "../../i18n/ar-EG";
import { PageFrame } from "../../ui/page-frame";
import { adminNavItems } from "./admin-nav";

/** /admin: the admin area's index, one link per section. */
export function AdminHomePage() {
  return (
    <PageFrame title={ar.admin.homeTitle} subtitle={ar.admin.homeIntro} width="wide">
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {adminNavItems
          .filter((item) => item.to !== "/admin")
          .map((item) => (
            <li key={item.to}>
              <Link
                to={item.to}
                className="block rounded-2xl border border-slate-200 bg-white p-4 font-medium text-brand-800 shadow-sm hover:bg-slate-50"
              >
                {item.label}
              </Link>
            </li>
          ))}
      </ul>
    </PageFrame>
  );
}
