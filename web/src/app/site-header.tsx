import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router-dom";
import { Role, isAdmin, isTutorSide } from "@schema/enums";
import { ar } from "../i18n/ar-EG";
import { useIsSignedIn, useSession } from "../lib/session";
import { chatRoles } from "../features/chat/chat-roles";
import { useSignOut } from "../features/session/use-sign-out";
import { UserAvatar } from "../features/user/user-avatar";
import { buttonClasses } from "../ui/button";
import { cx } from "../ui/class-names";
import { Menu } from "../ui/menu";
import { shellWidth, useInAdminShell } from "./shell-width";

// «الإبلاغ عن مشكلة» loads its dialog only when opened.
const ReportDialog = lazy(async () => ({
  default: (await import("../features/reports/report-dialog")).ReportDialog,
}));
// The chat link (with its socket events) and the signed-in effects load once someone is signed in:
// a visitor's first load carries neither.
const ChatNavLink = lazy(async () => ({
  default: (await import("../features/chat/chat-nav-link")).ChatNavLink,
}));
const SignedInEffects = lazy(async () => ({
  default: (await import("./signed-in-effects")).SignedInEffects,
}));

/** menuOnly: in the account menu, not the header row (the tutor's row is full). */
type NavItem = { to: string; label: string; menuOnly?: boolean };

/** The links a role sees in the header (only screens that exist). */
function navItemsFor(role: Role): NavItem[] {
  const lessons = { to: "/upcoming-lessons", label: ar.nav.marketplace.myLessons };
  const calendar = { to: "/lessons-schedule", label: ar.nav.lessonsSchedule };
  const past = { to: "/past-lessons", label: ar.nav.pastLessons, menuOnly: true };
  if (role === Role.Student)
    return [
      { to: "/s/dashboard", label: ar.nav.dashboard },
      { to: "/tutors", label: ar.nav.marketplace.tutors },
      lessons,
      calendar,
      past,
      { to: "/words", label: ar.nav.words },
      { to: "/progress", label: ar.nav.progress, menuOnly: true },
      { to: "/favourites", label: ar.nav.favourites, menuOnly: true },
      { to: "/s/settings", label: ar.nav.studentSettings },
    ];
  // The tutor manager's work is reviewing tutors (/interviews) in the interview time they publish
  // (/schedule-management): both in the row; their own lessons and the rest in the account menu.
  if (role === Role.TutorManager)
    return [
      { to: "/interviews", label: ar.nav.managerReviews },
      { to: "/schedule-management", label: ar.nav.schedule },
      { to: "/t/dashboard", label: ar.nav.dashboard },
      lessons,
      { ...calendar, menuOnly: true },
      past,
      { to: "/invoices", label: ar.nav.invoices, menuOnly: true },
      { to: "/tutors", label: ar.nav.marketplace.tutors, menuOnly: true },
      { to: "/t/profile-settings", label: ar.nav.tutorProfile, menuOnly: true },
      { to: "/t/account-settings", label: ar.nav.tutorAccountSettings, menuOnly: true },
    ];
  if (isTutorSide(role))
    return [
      { to: "/t/dashboard", label: ar.nav.dashboard },
      lessons,
      calendar,
      past,
      { to: "/schedule-management", label: ar.nav.schedule },
      { to: "/invoices", label: ar.nav.invoices },
      { to: "/tutors", label: ar.nav.marketplace.tutors, menuOnly: true },
      { to: "/t/profile-settings", label: ar.nav.tutorProfile, menuOnly: true },
      { to: "/t/account-settings", label: ar.nav.tutorAccountSettings, menuOnly: true },
    ];
  if (isAdmin(role))
    return [
      { to: "/admin", label: ar.nav.admin },
      { to: "/tutors", label: ar.nav.marketplace.tutors },
      { to: "/admin/user-settings", label: ar.nav.adminAccountSettings, menuOnly: true },
    ];
  if (role === Role.Studio)
    return [
      { to: "/photo-sessions", label: ar.nav.studio },
      { to: "/tutors", label: ar.nav.marketplace.tutors },
    ];
  return [{ to: "/tutors", label: ar.nav.marketplace.tutors }];
}

export function SiteHeader() {
  const signedIn = useIsSignedIn();
  const { user } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  // «المدرّسون» for everyone: signed-out visitors browse tutors too.
  const navItems =
    signedIn && user ? navItemsFor(user.role) : [{ to: "/tutors", label: ar.nav.marketplace.tutors }];
  // Once signed in, the realtime socket and its refreshes stay mounted (signing out is handled there).
  const [everSignedIn, setEverSignedIn] = useState(signedIn);
  useEffect(() => {
    if (signedIn) setEverSignedIn(true);
  }, [signedIn]);
  const chats = signedIn && user !== null && chatRoles.includes(user.role);
  const rowItems = navItems.filter((item) => !item.menuOnly);
  // A long row (tutors: five links and the chat) waits for a laptop width; until then the account
  // menu carries every link, so nothing wraps or overflows on a tablet.
  const rowFrom = rowItems.length > 4 ? "lg:flex" : "sm:flex";
  const [reporting, setReporting] = useState(false);
  // Inside the admin shell the header's row is as wide as the admin layout under it.
  const width = shellWidth(useInAdminShell());

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className={cx("mx-auto flex h-16 items-center gap-2 px-4", width)}>
        <Link
          to="/"
          className="rounded-lg px-1 text-2xl font-bold text-brand-800"
          aria-label={`${ar.appName} — ${ar.nav.home}`}
        >
          {ar.appName}
        </Link>
        {navItems.length > 0 && (
          <nav aria-label={ar.nav.main} className={cx("ms-4 hidden gap-1", rowFrom)}>
            {rowItems.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  cx(
                    "rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap",
                    isActive ? "bg-brand-50 text-brand-900" : "text-slate-700 hover:bg-slate-100",
                  )
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
        )}
        {chats && (
          <Suspense fallback={null}>
            <ChatNavLink className={navItems.length > 0 ? "ms-1" : "ms-4"} />
          </Suspense>
        )}
        <div className="ms-auto flex items-center gap-2">
          {signedIn && user ? (
            <Menu
              label={ar.nav.account}
              trigger={
                <>
                  <UserAvatar user={user} />
                  <bdi className="hidden max-w-40 truncate text-sm font-medium sm:inline">
                    {user.name ?? user.email}
                  </bdi>
                </>
              }
              items={[
                ...navItems.map((item) => ({
                  id: item.to,
                  label: item.label,
                  onSelect: () => void navigate(item.to),
                })),
                // «المدفوعات» in the account menu only: the student's header row is full.
                ...(user.role === Role.Student
                  ? [{ id: "/payments", label: ar.nav.payments, onSelect: () => void navigate("/payments") }]
                  : []),
                // Onboarding steps are a tutor's only (a tutor manager's reviews are in their navigation): account menu only.
                ...(user.role === Role.Tutor
                  ? [
                      {
                        id: "/t/onboarding",
                        label: ar.nav.onboarding,
                        onSelect: () => void navigate("/t/onboarding"),
                      },
                    ]
                  : []),
                { id: "report", label: ar.nav.reportProblem, onSelect: () => setReporting(true) },
                { id: "sign-out", label: ar.nav.signOut, onSelect: signOut, tone: "danger" as const },
              ]}
            />
          ) : (
            <>
              <VisitorMenu />
              <Link to="/login" className={buttonClasses("ghost", "sm")}>
                {ar.nav.login}
              </Link>
              <Link to="/register/student" className={buttonClasses("primary", "sm")}>
                {ar.nav.register}
              </Link>
            </>
          )}
        </div>
      </div>
      {everSignedIn && (
        <Suspense fallback={null}>
          <SignedInEffects />
        </Suspense>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </header>
  );
}

/**
 * Signed out on a phone, the header row has no room for links: «القائمة» opens them (the tutor
 * list first). A disclosure of plain links; Esc or choosing a page closes it.
 */
function VisitorMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const links = [
    { to: "/tutors", label: ar.nav.marketplace.tutors },
    { to: "/pricing", label: ar.footer.pricing },
    { to: "/tutor", label: ar.footer.becomeTutor },
    { to: "/faq", label: ar.footer.faq },
  ];
  return (
    <div
      className="sm:hidden"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="visitor-menu"
        onClick={() => setOpen(!open)}
        className={buttonClasses("secondary", "sm", "min-h-11 min-w-11")}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d={open ? "M6 6l12 12M18 6 6 18" : "M4 7h16M4 12h16M4 17h16"} strokeLinecap="round" />
        </svg>
        <span className="max-[380px]:sr-only">{ar.shell.menu.label}</span>
      </button>
      {open && (
        <nav
          id="visitor-menu"
          aria-label={ar.shell.menu.label}
          className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white shadow-lg"
        >
          <ul className="mx-auto flex max-w-5xl flex-col p-2">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cx(
                      "flex min-h-11 items-center rounded-lg px-4 text-base font-medium",
                      isActive ? "bg-brand-50 text-brand-900" : "text-slate-800 hover:bg-slate-100",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
