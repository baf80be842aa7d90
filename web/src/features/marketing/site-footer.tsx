import { Link } from "react-router-dom";
import { ar } from "../../i18n/ar-EG";
import { useAppConfig } from "../config/use-app-config";

const t = ar.footer;

/** The public pages of docs/product.md §2, grouped as the footer shows them. */
export const footerGroups = [
  {
    title: t.product,
    links: [
      { to: "/about", label: t.about },
      { to: "/method", label: t.method },
      { to: "/pricing", label: t.pricing },
      { to: "/tutors", label: t.tutors },
      { to: "/tutor", label: t.becomeTutor },
    ],
  },
  {
    title: t.help,
    links: [
      { to: "/faq", label: t.faq },
      { to: "/contact", label: t.contact },
    ],
  },
  {
    title: t.legal,
    links: [
      { to: "/terms", label: t.terms },
      { to: "/privacy", label: t.privacy },
    ],
  },
] as const;

/** The platform's notifications channel (a platform setting): nothing at all while it is unset. */
function NotificationsChannelLink() {
  const link = useAppConfig().data?.notificationsChannel;
  if (!link) return null;
  return (
    <a
      href={link}
      target="_blank"
      rel="noreferrer"
      className="inline-block py-1 font-medium text-brand-800 underline-offset-4 hover:underline"
    >
      {t.notificationsChannel} <span className="sr-only">{t.notificationsChannelHint}</span>
    </a>
  );
}

/** Every screen's footer: the public pages, the notifications channel when set, and the local mailbox when running locally. */
export function SiteFooter({ isLocal }: { isLocal: boolean }) {
  return (
    // Below the fold on every screen (the main area is at least a screen tall): the browser lays it
    // out and paints it only when it comes near the view, not in the first render's layout on a
    // phone (docs/performance.md). Its last size stands in for it meanwhile.
    <footer className="border-t border-slate-200 bg-white [contain-intrinsic-size:auto_30rem] [content-visibility:auto]">
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 text-sm">
        <nav aria-label={t.label} className="grid grid-cols-2 gap-6 sm:grid-cols-4">
          <p className="col-span-2 flex flex-col gap-1 sm:col-span-1">
            <span className="text-xl font-bold text-brand-800">{ar.appName}</span>
            <span className="text-slate-600">{ar.appTagline}</span>
          </p>
          {footerGroups.map((group) => (
            <div key={group.title} className="flex flex-col gap-2">
              <h2 className="font-bold text-slate-900">{group.title}</h2>
              <ul className="flex flex-col gap-1">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="inline-block py-1 text-slate-700 underline-offset-4 hover:text-brand-800 hover:underline"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4 text-slate-600">
          <p>{t.rights(__COPYRIGHT_YEAR__)}</p>
          <NotificationsChannelLink />
          {isLocal && (
            <Link to="/dev/mailbox" className="font-medium text-brand-800 underline-offset-4 hover:underline">
              {ar.nav.mailbox}
            </Link>
          )}
        </div>
      </div>
    </footer>
  );
}
