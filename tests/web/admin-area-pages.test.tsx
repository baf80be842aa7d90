import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UserView } from "@schema/api/user";
import { PaymentMethod, Role, TransactionStatus } from "@schema/enums";
import { userWith } from "./fixtures";

const get = vi.fn();
const patch = vi.fn();
const post = vi.fn();
const del = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    patch: (...args: unknown[]) => patch(...args),
    post: (...args: unknown[]) => post(...args),
    put: vi.fn(),
    delete: (...args: unknown[]) => del(...args),
  },
}));

const { AdminUserPage } = await import("../../web/src/pages/admin-users/user-page");
const { AdminPlansPage } = await import("../../web/src/pages/admin-plans/plans-page");
const { ar } = await import("../../web/src/i18n/ar-EG-all");
const { session } = await import("../../web/src/lib/session");
const t = ar.adminArea;

const student: UserView = { ...userWith(Role.Student), id: 3, name: "سارة أحمد", email: "student@dars.test" };
const plan = {
  id: 7,
  weeklyMinutes: 60,
  baseMonthPrice: 90_000,
  monthDiscount: 0,
  quarterDiscount: 1000,
  yearDiscount: 2500,
  monthPrice: 90_000,
  quarterPrice: 243_000,
  yearPrice: 810_000,
  active: false,
  inviteOnly: true,
  createdAt: "2026-01-01T00:00:00.000Z",
};
const subscription = {
  id: 11,
  userId: 3,
  planId: 7,
  period: 0,
  weeklyMinutes: 60,
  amount: 90_000,
  start: "2026-11-01T10:00:00.000Z",
  end: "2026-11-29T10:00:00.000Z",
  status: "active",
  transactionId: 21,
  canceledAt: null,
  refundAmount: null,
};
const transaction = {
  id: 21,
  userId: 3,
  planId: 7,
  period: 0,
  baseAmount: 90_000,
  amount: 90_000,
  couponId: null,
  couponDiscount: null,
  inviteId: null,
  method: PaymentMethod.Card,
  status: TransactionStatus.Paid,
  merchantRefNum: "1",
  fawryRefNumber: "2",
  refundedAmount: 0,
  expiresAt: null,
  paidAt: "2026-11-01T10:00:00.000Z",
  createdAt: "2026-11-01T10:00:00.000Z",
};
const stats = {
  studentId: 3,
  nextLesson: null,
  lessonsThisMonth: 2,
  minutesThisMonth: 60,
  attendedLessons: 5,
  attendedMinutes: 150,
  upcomingLessons: 1,
  canceledLessons: 0,
};

function answers(path: string) {
  if (path === "/user/3") return Promise.resolve(student);
  if (path === "/user/student/stats/3") return Promise.resolve(stats);
  if (path === "/sub/list") return Promise.resolve({ list: [subscription], total: 1 });
  if (path === "/tx/list") return Promise.resolve({ list: [transaction], total: 1 });
  if (path === "/plan/list") return Promise.resolve({ list: [plan], total: 1 });
  return Promise.reject(new Error(`unexpected ${path}`));
}

function renderAt(path: string, route: string, ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const signInAs = (role: Role) => session.setUser({ ...userWith(role), id: 1 });

beforeEach(() => {
  get.mockImplementation((path: string) => answers(path));
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("the admin user page", () => {
  it("shows a student's numbers, subscription and payment, with cancel and refund for a SuperAdmin", async () => {
    signInAs(Role.SuperAdmin);
    renderAt("/admin/user/3", "/admin/user/:id", <AdminUserPage />);
    await screen.findByRole("heading", { level: 1, name: "سارة أحمد" });
    const numbers = await screen.findByText(t.user.attendedLessons, { selector: "dt" });
    expect(numbers.nextElementSibling?.textContent).toBe("٥");
    expect(await screen.findByRole("button", { name: t.user.cancelSubscription })).toBeTruthy();
    expect(await screen.findByRole("button", { name: t.user.refund })).toBeTruthy();
    expect(screen.queryByText(t.user.superAdminOnly)).toBeNull();
  });

  it("asks before cancelling a subscription and sends the SuperAdmin's choice", async () => {
    signInAs(Role.SuperAdmin);
    patch.mockResolvedValue({
      subscription: { ...subscription, status: "canceled" },
      refundAmount: 45_000,
      canceledLessons: 2,
    });
    renderAt("/admin/user/3", "/admin/user/:id", <AdminUserPage />);
    fireEvent.click(await screen.findByRole("button", { name: t.user.cancelSubscription }));
    const dialog = screen.getByRole("dialog", { name: t.user.cancelSubscriptionTitle });
    expect(patch).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: t.user.confirmCancelSubscription }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith("/sub/cancel", undefined, { query: { id: 11 } }));
  });

  it("hides cancel and refund from a regular admin and says why", async () => {
    signInAs(Role.RegularAdmin);
    renderAt("/admin/user/3", "/admin/user/:id", <AdminUserPage />);
    await screen.findByText(t.user.superAdminOnly);
    await screen.findByText(t.user.subscriptionStatuses.active!);
    expect(screen.queryByRole("button", { name: t.user.cancelSubscription })).toBeNull();
    expect(screen.queryByRole("button", { name: t.user.refund })).toBeNull();
  });
});

describe("the admin plans page", () => {
  it("lists hidden and invite-only plans with their prices, read-only for a regular admin", async () => {
    signInAs(Role.RegularAdmin);
    renderAt("/admin/plans", "/admin/plans", <AdminPlansPage />);
    const item = (await screen.findByRole("rowheader", { name: t.plans.weekly(60) })).closest("tr")!;
    expect(within(item).getByText(t.plans.hidden)).toBeTruthy();
    expect(within(item).getByText(t.plans.inviteOnly)).toBeTruthy();
    expect(screen.getByText(t.common.readOnly)).toBeTruthy();
    expect(screen.queryByRole("button", { name: t.plans.add })).toBeNull();
    expect(within(item).queryByRole("button", { name: t.common.delete })).toBeNull();
  });

  it("shows the plans as a table a SuperAdmin sorts by price, with edit and delete naming the plan", async () => {
    signInAs(Role.SuperAdmin);
    get.mockResolvedValue({
      list: [
        plan,
        {
          ...plan,
          id: 9,
          weeklyMinutes: 120,
          baseMonthPrice: 60_000,
          monthPrice: 60_000,
          active: true,
          inviteOnly: false,
        },
      ],
      total: 2,
    });
    renderAt("/admin/plans", "/admin/plans", <AdminPlansPage />);
    const table = await screen.findByRole("table", { name: ar.adminFigures.tables.plans });
    const names = () =>
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent);
    expect(names()).toEqual([t.plans.weekly(60), t.plans.weekly(120)]);
    const header = within(table).getByRole("button", { name: ar.adminFigures.tables.monthPrice });
    fireEvent.click(header);
    expect(names()).toEqual([t.plans.weekly(120), t.plans.weekly(60)]);
    expect(header.closest("th")!.getAttribute("aria-sort")).toBe("ascending");
    expect(
      within(table).getByRole("button", { name: ar.adminFigures.tables.deletePlan(t.plans.weekly(60)) }),
    ).toBeTruthy();
  });

  it("lets a SuperAdmin create a plan, sending piasters and basis points", async () => {
    signInAs(Role.SuperAdmin);
    post.mockResolvedValue({ ...plan, id: 8 });
    renderAt("/admin/plans", "/admin/plans", <AdminPlansPage />);
    fireEvent.click(await screen.findByRole("button", { name: t.plans.add }));
    const dialog = screen.getByRole("dialog", { name: t.plans.createTitle });
    fireEvent.change(within(dialog).getByLabelText(new RegExp(t.plans.weeklyMinutes)), {
      target: { value: "120" },
    });
    fireEvent.change(within(dialog).getByLabelText(/سعر الشهر الأساسي/), { target: { value: "1600" } });
    fireEvent.change(within(dialog).getByLabelText(t.plans.yearDiscount), { target: { value: "30" } });
    fireEvent.click(within(dialog).getByRole("button", { name: ar.ui.save }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/plan", {
        weeklyMinutes: 120,
        baseMonthPrice: 160_000,
        monthDiscount: 0,
        quarterDiscount: 0,
        yearDiscount: 3_000,
        active: true,
        inviteOnly: false,
      }),
    );
  });
});

describe("the admin media page", () => {
  const tutor = (
    id: number,
    media: { image?: string | null; video?: string | null; thumbnail?: string | null },
  ) => ({
    id,
    role: Role.Tutor,
    name: `مدرّس ${id}`,
    email: `tutor${id}@dars.test`,
    phone: null,
    image: null,
    video: null,
    thumbnail: null,
    gender: null,
    city: null,
    birthYear: null,
    verifiedEmail: true,
    verifiedPhone: false,
    bio: null,
    about: null,
    notice: 0,
    activated: false,
    bypassOnboarding: false,
    onboarded: false,
    createdAt: "2026-11-01T10:00:00.000Z",
    ...media,
  });

  it("lists tutors missing media first, says in words which file is missing, and links to their upload page", async () => {
    const { AdminMediaPage } = await import("../../web/src/pages/admin-media/admin-media-page");
    get.mockImplementation((path: string, options?: { query?: Record<string, unknown> }) =>
      path === "/user/tutor/full-tutors"
        ? Promise.resolve({
            list:
              options?.query?.media === "complete"
                ? []
                : [tutor(8, { image: "/a.png", thumbnail: "/t.png" })],
            total: 1,
          })
        : answers(path),
    );
    renderAt("/admin/media", "/admin/media", <AdminMediaPage />);
    const list = await screen.findByRole("list", { name: t.media.title });
    expect(get).toHaveBeenCalledWith(
      "/user/tutor/full-tutors",
      expect.objectContaining({ query: expect.objectContaining({ media: "missing" }) }),
    );
    expect(within(list).getByText(t.media.kindState(t.media.video, t.media.absent))).toBeTruthy();
    expect(within(list).getByText(t.media.kindState(t.media.image, t.media.present))).toBeTruthy();
    expect(within(list).getByRole("img", { name: t.media.thumbnailAlt("مدرّس 8") })).toBeTruthy();
    expect(
      within(list)
        .getByRole("link", { name: t.media.uploadFor("مدرّس 8") })
        .getAttribute("href"),
    ).toBe("/admin/photo-session/8");

    fireEvent.change(screen.getByLabelText(t.media.filter), { target: { value: "complete" } });
    expect(await screen.findByText(t.media.empty)).toBeTruthy();
    expect(get).toHaveBeenLastCalledWith(
      "/user/tutor/full-tutors",
      expect.objectContaining({ query: expect.objectContaining({ media: "complete", page: 1 }) }),
    );
  });
});
