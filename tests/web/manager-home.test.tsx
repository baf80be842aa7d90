// A tutor manager lands on their own home (web/src/features/onboarding/manager-home.tsx at
// /t/dashboard): the interviews and demo sessions waiting for their decision and today's, not a
// tutor's earnings; their schedule speaks of interview times; their reviews page calls a new
// tutor's demo «جلسات العرض», not the students' «الحصص التجريبية».
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "@schema/enums";
import { renderWithApp } from "./render-with-app";

let role: Role = Role.TutorManager;
const get = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: { get: (...args: unknown[]) => get(...args), post: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));
vi.mock("../../web/src/lib/session", () => ({
  useIsSignedIn: () => true,
  useSession: () => ({ user: { id: 7, role, name: "مسؤول" }, tutorMeta: null }),
}));
vi.mock("../../web/src/features/availability/schedule-board", () => ({ ScheduleBoard: () => null }));
vi.mock("../../web/src/features/dashboard/dashboard-overview", () => ({
  DashboardOverview: () => <p>tutor-earnings</p>,
}));
vi.mock("../../web/src/features/user/user-gate", () => ({
  UserGate: ({ children }: { children: (user: unknown) => unknown }) => children({ id: 7 }),
}));

const { TutorDashboardPage } = await import("../../web/src/pages/tutor-dashboard/tutor-dashboard-page");
const { ScheduleManagementPage } =
  await import("../../web/src/pages/schedule-management/schedule-management-page");
const { ManagerReviewsPage } = await import("../../web/src/pages/manager-reviews/manager-reviews-page");
const { splitAppointments } = await import("../../web/src/features/onboarding/manager-home");
const { arManager } = await import("../../web/src/i18n/ar-EG-manager");
const { arLessons } = await import("../../web/src/i18n/ar-EG-lessons");
const { adminArea: arAdminArea } = await import("../../web/src/i18n/ar-EG-admin-area");

afterEach(() => {
  cleanup();
  get.mockReset();
  role = Role.TutorManager;
});

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();

describe("the tutor manager's home", () => {
  it("lands a tutor manager on the interviews and demos to decide, not a tutor's earnings", async () => {
    get.mockImplementation((path: string) => {
      if (path.startsWith("/interview/list"))
        return Promise.resolve({
          list: [
            { id: 1, intervieweeName: "سارة", start: hoursFromNow(-3), end: hoursFromNow(-2.5), status: 1 },
          ],
          total: 1,
        });
      if (path.startsWith("/demo-session/list"))
        return Promise.resolve({
          list: [{ id: 2, tutorName: "عمر", start: hoursFromNow(-5), end: hoursFromNow(-4.5), status: 1 }],
          total: 1,
        });
      return Promise.reject(new Error(`unexpected GET ${path}`));
    });
    renderWithApp(<TutorDashboardPage />);
    const toDecide = await screen.findByTestId("manager-to-decide");
    await within(toDecide).findByText("سارة");
    expect(within(toDecide).getByText("عمر")).toBeTruthy();
    expect(within(toDecide).getByRole("link", { name: /سارة/ }).getAttribute("href")).toBe("/interview/1");
    expect(within(toDecide).getByRole("link", { name: /عمر/ }).getAttribute("href")).toBe("/demo-session/2");
    expect(screen.queryByText("tutor-earnings")).toBeNull();
    expect(get).toHaveBeenCalledWith(
      "/interview/list/",
      expect.objectContaining({ query: expect.objectContaining({ status: 1 }) }),
    );
  });

  it("a tutor still gets their own dashboard", () => {
    role = Role.Tutor;
    renderWithApp(<TutorDashboardPage />);
    expect(screen.getByText("tutor-earnings")).toBeTruthy();
    // None of the manager's lists: the tutor's page asks only for their own reviews («تقييماتي»).
    const asked = get.mock.calls.map(([path]) => String(path));
    expect(asked.filter((path) => !path.startsWith("/rating/list/tutor/7"))).toEqual([]);
  });

  it("splits the booked appointments into those over (to decide) and today's still to come", () => {
    const now = new Date("2026-11-26T10:00:00Z");
    const at = (iso: string) => iso;
    const { toDecide, today } = splitAppointments(
      [
        {
          kind: "interview",
          id: 1,
          name: "أ",
          start: at("2026-11-26T08:00:00Z"),
          end: at("2026-11-26T08:30:00Z"),
        },
        {
          kind: "demo",
          id: 2,
          name: "ب",
          start: at("2026-11-26T12:00:00Z"),
          end: at("2026-11-26T12:30:00Z"),
        },
        {
          kind: "interview",
          id: 3,
          name: "ج",
          start: at("2026-11-28T12:00:00Z"),
          end: at("2026-11-28T12:30:00Z"),
        },
      ],
      now,
    );
    expect(toDecide.map((item) => item.id)).toEqual([1]);
    expect(today.map((item) => item.id)).toEqual([2]);
  });
});

describe("the tutor manager's words", () => {
  it("their schedule speaks of interview times; a tutor's of students' bookings", () => {
    renderWithApp(<ScheduleManagementPage />);
    expect(screen.getByRole("heading", { name: arManager.schedule.title })).toBeTruthy();
    cleanup();
    role = Role.Tutor;
    renderWithApp(<ScheduleManagementPage />);
    expect(screen.getByRole("heading", { name: arLessons.schedule.title })).toBeTruthy();
  });

  it("names the demo tab «جلسات العرض», never the students' «الحصص التجريبية»", async () => {
    get.mockResolvedValue({ list: [], total: 0 });
    renderWithApp(<ManagerReviewsPage />);
    expect(screen.getByRole("tab", { name: "جلسات العرض" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "الحصص التجريبية" })).toBeNull();
    expect(arLessons.schedule.purposes[4]).not.toContain("تجريبي");
    // The admin's interviews page too.
    const admin = arAdminArea.interviews;
    for (const label of [admin.title, admin.tabsLabel, admin.demos]) expect(label).not.toContain("تجريبي");
  });
});
