// /plans for a student who already has a live plan (docs/rules.md, Plans and subscriptions: one
// at a time; cancelling refunds the unused part): their plan first, and «اشترك» explains what a
// change means instead of leading to a checkout that refuses them (web/src/pages/plans/plans-page.tsx).
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CurrentSubscription } from "@schema/api/subscription";
import { PlanPeriod, Role } from "@schema/enums";
import { refundAmount } from "@schema/refund";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: { get: (...args: unknown[]) => get(...args), post: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));
vi.mock("../../web/src/lib/session", () => ({
  useIsSignedIn: () => true,
  useSession: () => ({ user: { id: 3, role: Role.Student } }),
}));

const { PlansPage } = await import("../../web/src/pages/plans/plans-page");
const { arLessons } = await import("../../web/src/i18n/ar-EG-lessons");
const { formatDate, formatMoney } = await import("../../web/src/lib/format");
const t = arLessons.marketplace.plans;

const plan = (id: number, weeklyMinutes: number) => ({
  id,
  weeklyMinutes,
  baseMonthPrice: 50_000,
  monthDiscount: 0,
  quarterDiscount: 1000,
  yearDiscount: 2000,
  monthPrice: 50_000,
  quarterPrice: 135_000,
  yearPrice: 480_000,
  active: true,
  inviteOnly: false,
  createdAt: "2026-01-01T00:00:00.000Z",
});
const inputs = {
  amount: 50_000,
  weeklyMinutes: 120,
  weeksElapsed: 0,
  usedThisWeek: 15,
  hourlyRate: 25_500,
  feeBasisPoints: 0,
};
const live: CurrentSubscription = {
  info: {
    id: 4,
    userId: 3,
    planId: 7,
    period: PlanPeriod.Month,
    weeklyMinutes: 120,
    amount: 50_000,
    start: "2026-11-01T00:00:00.000Z",
    end: "2026-11-29T00:00:00.000Z",
    status: "active",
    transactionId: 9,
    canceledAt: null,
    refundAmount: null,
    createdAt: "2026-11-01T00:00:00.000Z",
  },
  remainingWeeklyMinutes: 105,
  week: null,
  refundInputs: inputs,
};
const none: CurrentSubscription = { info: null, remainingWeeklyMinutes: 0, week: null, refundInputs: null };

let subscription: CurrentSubscription;
beforeEach(() => {
  get.mockImplementation((path: string) => {
    if (path === "/plan/list") return Promise.resolve({ list: [plan(7, 120), plan(8, 240)], total: 2 });
    if (path === "/sub/user") return Promise.resolve(subscription);
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
});
afterEach(() => {
  cleanup();
  get.mockReset();
});

describe("/plans for a subscribed student", () => {
  it("shows their plan (weekly minutes, until when) and «اشترك» explains a change instead of opening a checkout", async () => {
    subscription = live;
    renderWithApp(<PlansPage />);
    const current = await screen.findByTestId("current-plan");
    expect(refundAmount(inputs)).toBeGreaterThan(0);
    expect(within(current).getByText(t.current.summary(120, formatDate(live.info!.end)))).toBeTruthy();
    expect(current.textContent).toContain(t.current.refundNow(formatMoney(refundAmount(inputs))));
    // No «اشترك» leads to /checkout.
    expect(document.querySelector('a[href^="/checkout/"]')).toBeNull();
    const subscribe = screen.getByRole("button", { name: t.subscribeTo(240, t.periods[0]) });
    fireEvent.click(subscribe);
    const dialog = await screen.findByRole("dialog", { name: t.current.dialogTitle });
    expect(within(dialog).getByText(t.current.oneAtATime)).toBeTruthy();
    expect(within(dialog).getByText(t.current.howToChange)).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: t.current.manage }).getAttribute("href")).toBe(
      "/payments",
    );
    // Their own plan is marked.
    expect(screen.getAllByText(t.current.yours)).toHaveLength(1);
  });

  it("a student without a plan gets the checkout links and no explanation", async () => {
    subscription = none;
    renderWithApp(<PlansPage />);
    const link = await screen.findByRole("link", { name: t.subscribeTo(240, t.periods[0]) });
    expect(link.getAttribute("href")).toBe("/checkout/8/0");
    expect(screen.queryByTestId("current-plan")).toBeNull();
  });
});
