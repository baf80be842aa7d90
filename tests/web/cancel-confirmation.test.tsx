import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CanceledSubscription, CurrentSubscription } from "@schema/api/subscription";
import type { TransactionView } from "@schema/api/transaction";
import { PaymentMethod, PlanPeriod, Role, TransactionStatus } from "@schema/enums";
import type { ServerEvent } from "@schema/events";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
const patch = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    patch: (...args: unknown[]) => patch(...args),
    post: vi.fn(),
    delete: vi.fn(),
  },
}));
/** The user channel: what the screens listen to, so the test can deliver a live event. */
const listeners = new Set<(event: ServerEvent) => void>();
vi.mock("../../web/src/lib/realtime", async () => {
  const { useEffect } = await import("react");
  return {
    useUserChannelEvents: (listener: (event: ServerEvent) => void) =>
      useEffect(() => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      }, [listener]),
    useUserChannelRefresh: (types: ReadonlySet<string>, refresh: () => void) =>
      useEffect(() => {
        const listener = (event: ServerEvent) => void (types.has(event.type) && refresh());
        listeners.add(listener);
        return () => void listeners.delete(listener);
      }, [types, refresh]),
  };
});
vi.mock("../../web/src/lib/session", () => ({
  useIsSignedIn: () => true,
  useSession: () => ({ user: { id: 3, role: Role.Student } }),
}));

const { PaymentsPage } = await import("../../web/src/pages/payments/payments-page");
const { money } = await import("../../web/src/i18n/ar-EG-money");
const { arPayments } = await import("../../web/src/i18n/ar-EG-payments");
const { formatMoney } = await import("../../web/src/lib/format");

const inputs = {
  amount: 50_000,
  weeklyMinutes: 30,
  weeksElapsed: 1,
  usedThisWeek: 15,
  hourlyRate: 25_500,
  feeBasisPoints: 0,
};
const info = {
  id: 4,
  userId: 3,
  planId: 7,
  period: PlanPeriod.Month,
  weeklyMinutes: 30,
  amount: 50_000,
  start: "2026-11-01T00:00:00.000Z",
  end: "2026-11-29T00:00:00.000Z",
  status: "active" as const,
  transactionId: 9,
  canceledAt: null,
  refundAmount: null,
  createdAt: "2026-11-01T00:00:00.000Z",
};
const active: CurrentSubscription = { info, remainingWeeklyMinutes: 15, week: null, refundInputs: inputs };
const canceled: CurrentSubscription = {
  info: { ...info, status: "canceled", canceledAt: "2026-11-25T10:00:00.000Z", refundAmount: 50_000 },
  remainingWeeklyMinutes: 0,
  week: null,
  refundInputs: null,
};

const payment = (status: TransactionStatus, refundedAmount: number): TransactionView => ({
  id: 9,
  userId: 3,
  planId: 7,
  period: PlanPeriod.Month,
  baseAmount: 50_000,
  amount: 50_000,
  couponId: null,
  couponDiscount: null,
  inviteId: null,
  status,
  method: PaymentMethod.Card,
  merchantRefNum: "11700000000009",
  fawryRefNumber: "9990001",
  refundedAmount,
  expiresAt: null,
  paidAt: "2026-11-01T10:00:00.000Z",
  createdAt: "2026-11-01T10:00:00.000Z",
  failure: null,
});

/** What the server holds now: /sub/user and /tx/list answer from it. */
let server: { subscription: CurrentSubscription; transaction: TransactionView };

beforeEach(() => {
  server = { subscription: active, transaction: payment(TransactionStatus.Paid, 0) };
  get.mockImplementation((path: string) => {
    if (path === "/sub/user") return Promise.resolve(server.subscription);
    if (path === "/tx/list") return Promise.resolve({ list: [server.transaction], total: 1 });
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
});
afterEach(() => {
  cleanup();
  get.mockReset();
  patch.mockReset();
  listeners.clear();
});

/** Text as read: without the bidi marks Intl puts around the amount, its no-break space a space. */
const read = (text: string | null | undefined) =>
  (text ?? "").replace(/[\u200e\u200f]/g, "").replace(/\u00a0/g, " ");
/** The element whose own text is exactly this (the amount's no-break space kept). */
const exactly = (expected: string) => (_: string, element: Element | null) =>
  element !== null && element.children.length === 0 && element.textContent === expected;

describe("a student cancels their plan from /payments", () => {
  it("still sees «ألغينا اشتراكك» with the refund when a live update removes the plan's card before the cancel's answer", async () => {
    let answer!: (value: CanceledSubscription) => void;
    patch.mockReturnValue(new Promise<CanceledSubscription>((resolve) => (answer = resolve)));
    renderWithApp(<PaymentsPage />);
    await screen.findByTestId("current-subscription");
    fireEvent.click(screen.getByRole("button", { name: money.cancel.open }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: money.cancel.confirm }));
    await waitFor(() => expect(patch).toHaveBeenCalledWith("/sub/cancel"));

    // The server already cancelled and refunded; its TransactionStatusUpdate arrives first.
    server = { subscription: canceled, transaction: payment(TransactionStatus.Refunded, 50_000) };
    act(() =>
      listeners.forEach((listener) =>
        listener({
          type: "TransactionStatusUpdate",
          payload: { transactionId: 9, status: TransactionStatus.Refunded },
        }),
      ),
    );
    await screen.findByText(arPayments.payments.history.noSubscription);
    expect(screen.queryByTestId("current-subscription")).toBeNull();
    expect(screen.queryByRole("dialog")).toBeNull();

    // Then the cancel's own answer: its confirmation is shown all the same, as a polite status.
    await act(async () =>
      answer({
        subscription: canceled.info!,
        refundAmount: 50_000,
        canceledLessons: 2,
        transaction: payment(TransactionStatus.Refunding, 0),
      }),
    );
    const confirmation = await screen.findByText(exactly(money.cancel.done(formatMoney(50_000))));
    expect(confirmation.getAttribute("role")).toBe("status");
    expect(read(confirmation.textContent)).toBe("ألغينا اشتراكك. بنرجّعلك ٥٠٠ ج.م. دلوقتي.");
  });

  it("says the refund came back without doubling the currency's dot with a comma", async () => {
    server = { subscription: canceled, transaction: payment(TransactionStatus.Refunded, 50_000) };
    renderWithApp(<PaymentsPage />);
    const line = await screen.findByText(exactly(money.refundState.refunded(formatMoney(50_000))));
    expect(read(line.textContent)).toBe(
      "رجّعنالك ٥٠٠ ج.م. على وسيلة الدفع بتاعتك، وممكن ياخد كام يوم عمل لحد ما يظهر في حسابك.",
    );
    expect(read(line.textContent)).not.toMatch(/ج\.م\.\s*[،,.؛]/);
  });

  it("has no money string whose amount is followed by more punctuation", () => {
    const amount = formatMoney(50_000);
    const said = [
      money.cancel.done(amount),
      money.refundState.refunding(amount),
      money.refundState.refunded(amount),
      money.refundState.refundedPart(amount),
      arPayments.invoices.amountHint(amount, amount, amount),
    ];
    for (const text of said) expect(read(text)).not.toMatch(/ج\.م\.\s*[،,.؛:]/);
  });
});
