import type { QueryClient } from "@tanstack/react-query";
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { Role } from "@schema/enums";
import { RootLayout } from "./app/root-layout";
import { ScreenBoundary } from "./app/screen-boundary";
import { GuestOnly, RequireSession } from "./features/session/route-guards";
import { LoadingScreen } from "./ui/spinner";
import { reloadForNewBuild } from "./lib/stale-build";

/**
 * What a lazy screen's route carries besides its element: a way to load its module before
 * rendering and, given the app's query client, to start the screen's first requests meanwhile.
 */
export type ScreenHandle = { preload: (queryClient?: QueryClient) => Promise<unknown> };

/**
 * A screen module may export this: the requests its first render makes, started as soon as its
 * code is there on a first load (web/src/boot.tsx), not after the render that follows.
 */
export type PrefetchScreenData = (queryClient: QueryClient) => void;

/**
 * Each screen loads lazily with the loading animation and crashes into the crash screen
 * (docs/product.md §2): a render error or a chunk that failed to load.
 *
 * `handle.preload` loads the module ahead of rendering (web/src/boot.tsx does it for the first
 * screen, whose chunks the page already links). Once loaded, React.lazy gets it synchronously, so
 * the screen renders in the first pass instead of showing the loading animation and then rendering
 * in slices between frames, which on a slow phone took about a second (docs/performance.md).
 */
function lazyScreen<Module extends Record<Name, ComponentType>, Name extends string>(
  load: () => Promise<Module>,
  name: Name,
): { element: ReactNode; handle: ScreenHandle } {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  let prefetch: PrefetchScreenData | undefined;
  const preload = (queryClient?: QueryClient) => {
    loading ??= load().then(
      (module) => {
        prefetch =
          "prefetchScreenData" in module ? (module.prefetchScreenData as PrefetchScreenData) : undefined;
        return (loaded = { default: module[name] as ComponentType });
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return queryClient ? loading.then((screen) => (prefetch?.(queryClient), screen)) : loading;
  };
  const Screen = lazy(() => {
    // Already here: a thenable that answers at once, so React.lazy does not suspend.
    if (loaded) {
      const module = loaded;
      // A thenable on purpose: React.lazy takes its value at once when it calls back synchronously.
      // oxlint-disable-next-line unicorn/no-thenable
      return { then: (resolve: (value: { default: ComponentType }) => void) => resolve(module) } as Promise<{
        default: ComponentType;
      }>;
    }
    return preload().catch((error: unknown) => {
      // The chunk is gone after a deploy: the page reloads once (the loading animation stays meanwhile);
      // otherwise the screen's boundary shows the crash screen.
      if (reloadForNewBuild()) return new Promise<never>(() => {});
      throw error;
    });
  });
  return {
    element: (
      <ScreenBoundary>
        <Suspense fallback={<LoadingScreen />}>
          <Screen />
        </Suspense>
      </ScreenBoundary>
    ),
    handle: { preload },
  };
}

/**
 * Loads the lazy screens (and lazy layouts) a path shows, so its first render needs no loading
 * animation; with the query client, each screen's first requests start as its code arrives.
 */
export async function preloadScreensFor(pathname: string, queryClient?: QueryClient): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches
      .map((match) => (match.route.handle as ScreenHandle | undefined)?.preload(queryClient))
      .filter(Boolean),
  );
}

const tutorSide = [Role.Tutor, Role.TutorManager] as const;

/** The student and tutor app (docs/product.md §2), for the screens built so far; rendered by web/src/app/app-routes.tsx. */
export const routes: RouteObject[] = [
  {
    path: "/",
    element: (
      <ScreenBoundary root>
        <RootLayout />
      </ScreenBoundary>
    ),
    children: [
      { index: true, ...lazyScreen(() => import("./pages/home/home-page"), "HomePage") },
      {
        element: <GuestOnly />,
        children: [
          { path: "login", ...lazyScreen(() => import("./pages/login/login-page"), "LoginPage") },
          {
            path: "register/:role",
            ...lazyScreen(() => import("./pages/register/register-page"), "RegisterPage"),
          },
        ],
      },
      { path: "tutors", ...lazyScreen(() => import("./pages/tutors/tutors-page"), "TutorsPage") },
      {
        path: "t/:id",
        ...lazyScreen(() => import("./pages/tutor-profile/tutor-profile-page"), "TutorProfilePage"),
      },
      { path: "plans", ...lazyScreen(() => import("./pages/plans/plans-page"), "PlansPage") },
      // Public marketing routes (docs/product.md §2).
      {
        path: "tutor",
        ...lazyScreen(() => import("./pages/become-tutor/become-tutor-page"), "BecomeTutorPage"),
      },
      { path: "terms", ...lazyScreen(() => import("./pages/terms/terms-page"), "TermsPage") },
      { path: "privacy", ...lazyScreen(() => import("./pages/privacy/privacy-page"), "PrivacyPage") },
      { path: "pricing", ...lazyScreen(() => import("./pages/pricing/pricing-page"), "PricingPage") },
      { path: "faq/:role?", ...lazyScreen(() => import("./pages/faq/faq-page"), "FaqPage") },
      { path: "contact", ...lazyScreen(() => import("./pages/contact/contact-page"), "ContactPage") },
      { path: "url/:name", ...lazyScreen(() => import("./pages/short-url/short-url-page"), "ShortUrlPage") },
      { path: "method", ...lazyScreen(() => import("./pages/method/method-page"), "MethodPage") },
      { path: "about", ...lazyScreen(() => import("./pages/about/about-page"), "AboutPage") },
      {
        path: "account-deletion",
        ...lazyScreen(() => import("./pages/account-deletion/account-deletion-page"), "AccountDeletionPage"),
      },
      {
        path: "account-suspended",
        ...lazyScreen(
          () => import("./pages/account-suspended/account-suspended-page"),
          "AccountSuspendedPage",
        ),
      },
      {
        path: "forget-password",
        ...lazyScreen(() => import("./pages/forget-password/forget-password-page"), "ForgetPasswordPage"),
      },
      {
        path: "reset-password",
        ...lazyScreen(() => import("./pages/forget-password/forget-password-page"), "ForgetPasswordPage"),
      },
      {
        element: <RequireSession />,
        children: [
          // Short links (docs/product.md §2): my account's screen, and my next live session.
          {
            path: "profile",
            ...lazyScreen(
              () => import("./pages/profile-redirect/profile-redirect-page"),
              "ProfileRedirectPage",
            ),
          },
          {
            path: "session",
            ...lazyScreen(
              () => import("./pages/session-redirect/session-redirect-page"),
              "SessionRedirectPage",
            ),
          },
          {
            path: "complete-profile",
            ...lazyScreen(
              () => import("./pages/complete-profile/complete-profile-page"),
              "CompleteProfilePage",
            ),
          },
          {
            path: "favourites",
            ...lazyScreen(() => import("./pages/favourites/favourites-page"), "FavouritesPage"),
          },
        ],
      },
      {
        element: <RequireSession roles={[Role.Student, ...tutorSide]} />,
        children: [
          { path: "chat", ...lazyScreen(() => import("./pages/chat/chat-page"), "ChatPage") },
          {
            path: "upcoming-lessons",
            ...lazyScreen(
              () => import("./pages/upcoming-lessons/upcoming-lessons-page"),
              "UpcomingLessonsPage",
            ),
          },
          {
            path: "past-lessons",
            ...lazyScreen(() => import("./pages/past-lessons/past-lessons-page"), "PastLessonsPage"),
          },
          {
            path: "lessons-schedule",
            ...lazyScreen(
              () => import("./pages/lessons-schedule/lessons-schedule-page"),
              "LessonsSchedulePage",
            ),
          },
          { path: "lesson/:id", ...lazyScreen(() => import("./pages/lesson/lesson-page"), "LessonPage") },
        ],
      },
      {
        element: <RequireSession roles={[Role.Student]} />,
        children: [
          {
            path: "s/dashboard",
            ...lazyScreen(
              () => import("./pages/student-dashboard/student-dashboard-page"),
              "StudentDashboardPage",
            ),
          },
          {
            path: "s/settings",
            ...lazyScreen(
              () => import("./pages/student-settings/student-settings-page"),
              "StudentSettingsPage",
            ),
          },
          {
            path: "checkout/:planId/:period",
            ...lazyScreen(() => import("./pages/checkout/checkout-page"), "CheckoutPage"),
          },
          {
            path: "card-added",
            ...lazyScreen(() => import("./pages/card-added/card-added-page"), "CardAddedPage"),
          },
          { path: "payments", ...lazyScreen(() => import("./pages/payments/payments-page"), "PaymentsPage") },
          { path: "words", ...lazyScreen(() => import("./pages/words/words-page"), "WordsPage") },
          { path: "progress", ...lazyScreen(() => import("./pages/progress/progress-page"), "ProgressPage") },
        ],
      },
      {
        element: <RequireSession roles={tutorSide} />,
        children: [
          {
            path: "t/dashboard",
            ...lazyScreen(() => import("./pages/tutor-dashboard/tutor-dashboard-page"), "TutorDashboardPage"),
          },
          {
            path: "t/account-settings",
            ...lazyScreen(
              () => import("./pages/tutor-account-settings/tutor-account-settings-page"),
              "TutorAccountSettingsPage",
            ),
          },
          {
            path: "schedule-management",
            ...lazyScreen(
              () => import("./pages/schedule-management/schedule-management-page"),
              "ScheduleManagementPage",
            ),
          },
          {
            path: "t/profile-settings",
            ...lazyScreen(
              () => import("./pages/tutor-profile-settings/tutor-profile-settings-page"),
              "TutorProfileSettingsPage",
            ),
          },
          {
            path: "t/onboarding",
            ...lazyScreen(
              () => import("./pages/tutor-onboarding/tutor-onboarding-page"),
              "TutorOnboardingPage",
            ),
          },
          { path: "invoices", ...lazyScreen(() => import("./pages/invoices/invoices-page"), "InvoicesPage") },
          {
            path: "t/complete-profile",
            ...lazyScreen(
              () => import("./pages/tutor-complete-profile/tutor-complete-profile-page"),
              "TutorCompleteProfilePage",
            ),
          },
        ],
      },
      {
        element: <RequireSession roles={[...tutorSide, Role.SuperAdmin, Role.RegularAdmin]} />,
        children: [
          {
            path: "interview/:id",
            ...lazyScreen(() => import("./pages/interview/interview-page"), "InterviewPage"),
          },
          {
            path: "demo-session/:id",
            ...lazyScreen(() => import("./pages/demo-session/demo-session-page"), "DemoSessionPage"),
          },
        ],
      },
      {
        element: <RequireSession roles={[Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin]} />,
        children: [
          {
            path: "interviews",
            ...lazyScreen(() => import("./pages/manager-reviews/manager-reviews-page"), "ManagerReviewsPage"),
          },
        ],
      },
      // The staff's sign-in, outside the admin area's guard (it sends signed-out visitors here).
      {
        path: "admin/login",
        ...lazyScreen(() => import("./pages/admin-login/admin-login-page"), "AdminLoginPage"),
      },
      {
        // The admin area (docs/product.md §2 and §6: admins). Its layout carries its own navigation.
        path: "admin",
        element: <RequireSession roles={[Role.SuperAdmin, Role.RegularAdmin]} loginPath="/admin/login" />,
        children: [
          {
            ...lazyScreen(() => import("./pages/admin/admin-layout"), "AdminLayout"),
            children: [
              { index: true, ...lazyScreen(() => import("./pages/admin/admin-home-page"), "AdminHomePage") },
              {
                path: "server-stats",
                ...lazyScreen(
                  () => import("./pages/admin-server-stats/server-stats-page"),
                  "ServerStatsPage",
                ),
              },
              {
                path: "invoices",
                ...lazyScreen(
                  () => import("./pages/admin-invoices/admin-invoices-page"),
                  "AdminInvoicesPage",
                ),
              },
              {
                path: "users",
                ...lazyScreen(() => import("./pages/admin-users/users-page"), "AdminUsersPage"),
              },
              {
                path: "user/:id",
                ...lazyScreen(() => import("./pages/admin-users/user-page"), "AdminUserPage"),
              },
              {
                path: "tutors",
                ...lazyScreen(() => import("./pages/admin-tutors/tutors-page"), "AdminTutorsPage"),
              },
              {
                path: "tutor/:id",
                ...lazyScreen(() => import("./pages/admin-tutors/tutor-page"), "AdminTutorPage"),
              },
              {
                path: "plans",
                ...lazyScreen(() => import("./pages/admin-plans/plans-page"), "AdminPlansPage"),
              },
              {
                path: "topics",
                ...lazyScreen(() => import("./pages/admin-topics/topics-page"), "AdminTopicsPage"),
              },
              {
                path: "coupons",
                ...lazyScreen(() => import("./pages/admin-coupons/coupons-page"), "AdminCouponsPage"),
              },
              {
                path: "payments",
                ...lazyScreen(
                  () => import("./pages/admin-payments/admin-payments-page"),
                  "AdminPaymentsPage",
                ),
              },
              {
                path: "platform-settings",
                ...lazyScreen(
                  () => import("./pages/admin-platform-settings/platform-settings-page"),
                  "AdminPlatformSettingsPage",
                ),
              },
              {
                path: "lessons",
                ...lazyScreen(() => import("./pages/admin-lessons/lessons-page"), "AdminLessonsPage"),
              },
              {
                path: "interviews",
                ...lazyScreen(
                  () => import("./pages/admin-interviews/interviews-page"),
                  "AdminInterviewsPage",
                ),
              },
              {
                path: "photo-sessions",
                ...lazyScreen(
                  () => import("./pages/admin-photo-sessions/photo-sessions-page"),
                  "AdminPhotoSessionsPage",
                ),
              },
              // /photo-session/{tutorId} (docs/product.md §2): the studio's page for one tutor, inside the admin area.
              {
                path: "photo-session/:tutorId",
                ...lazyScreen(() => import("./pages/photo-session/photo-session-page"), "PhotoSessionPage"),
              },
              {
                path: "reports",
                ...lazyScreen(() => import("./pages/admin-reports/admin-reports-page"), "AdminReportsPage"),
              },
              {
                path: "contact-requests",
                ...lazyScreen(
                  () => import("./pages/admin-contact-requests/admin-contact-requests-page"),
                  "AdminContactRequestsPage",
                ),
              },
              {
                path: "ratings",
                ...lazyScreen(() => import("./pages/admin-ratings/admin-ratings-page"), "AdminRatingsPage"),
              },
              {
                path: "data-requests",
                ...lazyScreen(
                  () => import("./pages/admin-data-requests/admin-data-requests-page"),
                  "AdminDataRequestsPage",
                ),
              },
              {
                path: "media",
                ...lazyScreen(() => import("./pages/admin-media/admin-media-page"), "AdminMediaPage"),
              },
              {
                path: "user-settings",
                ...lazyScreen(
                  () => import("./pages/admin-user-settings/admin-user-settings-page"),
                  "AdminUserSettingsPage",
                ),
              },
              {
                path: "audit",
                ...lazyScreen(() => import("./pages/admin-audit/audit-page"), "AdminAuditPage"),
              },
            ],
          },
        ],
      },
      {
        element: <RequireSession roles={[Role.Studio, Role.SuperAdmin, Role.RegularAdmin]} />,
        children: [
          {
            path: "photo-sessions",
            ...lazyScreen(() => import("./pages/photo-sessions/photo-sessions-page"), "PhotoSessionsPage"),
          },
          {
            path: "photo-session/:tutorId",
            ...lazyScreen(() => import("./pages/photo-session/photo-session-page"), "PhotoSessionPage"),
          },
        ],
      },
      {
        path: "dev/mailbox",
        ...lazyScreen(() => import("./pages/dev-mailbox/dev-mailbox-page"), "DevMailboxPage"),
      },
      { path: "*", ...lazyScreen(() => import("./pages/not-found/not-found-page"), "NotFoundPage") },
    ],
  },
];
