import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentSubscription } from "@schema/api/subscription";
import type { Receipt } from "@schema/api/transaction";
import { PaymentMethod, Role } from "@schema/enums";
import { refundAmount } from "@schema/refund";
import { userWith } from "./fixtures";

const get = vi.fn();
const patch = vi.fn();
const post = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    patch: (...args: unknown[]) => patch(...args),
    post: (...args: unknown[]) => post(...args),
    delete: vi.fn(),
  },
}));
vi.mock("../../web/src/lib/realtime", () => ({ useUserChannelEvents: () => {} }));

const { CancelOutcome, CancelSubscription, useCancelPlan } =
  await import("../../web/src/features/payments/refunds");
const { AdminRefundDialog, parseEgp } = await import("../../web/src/features/payments/admin-refund");
const { AdminPaymentsPage } = await import("../../web/src/pages/admin-payments/admin-payments-page");
const { receiptHtml, receiptRows } = await import("../../web/src/features/payments/receipt");
const { money } = await import("../../web/src/i18n/ar-EG-money");
const { formatMoney } = await import("../../web/src/lib/format");
const { session } = await import("../../web/src/lib/session");
const { ApiError } = await import("../../web/src/lib/api-error");

afterEach(() => {
  cleanup();
  get.mockReset();
  patch.mockReset();
  post.mockReset();
});

function renderWith(element: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The cancel button and its confirmation, as /payments holds them. */
function Cancelling({ current }: { current: CurrentSubscription }) {
  const plan = useCancelPlan();
  return (
    <>
      <CancelOutcome plan={plan} />
      <CancelSubscription current={current} plan={plan} />
    </>
  );
}

const inputs = {
  amount: 50_000,
  weeklyMinutes: 30,
  weeksElapsed: 1,
  usedThisWeek: 15,
  hourlyRate: 25_500,
  feeBasisPoints: 0,
};
const current: CurrentSubscription = {
  info: {
    id: 4,
    userId: 3,
    planId: 7,
    period: 0,
    weeklyMinutes: 30,
    amount: 50_000,
    start: "2026-11-01T00:00:00.000Z",
    end: "2026-11-29T00:00:00.000Z",
    status: "active",
    transactionId: 9,
    canceledAt: null,
    refundAmount: null,
    createdAt: "2026-11-01T00:00:00.000Z",
  },
  remainingWeeklyMinutes: 15,
  week: null,
  refundInputs: inputs,
};

describe("a student cancels from /payments", () => {
  it("shows the refund the server's rule gives before confirming, then says it is on its way", async () => {
    patch.mockResolvedValue({
      subscription: current.info,
      refundAmount: 30_875,
      canceledLessons: 0,
      transaction: { id: 9 },
    });
    renderWith(<Cancelling current={current} />);
    fireEvent.click(screen.getByRole("button", { name: money.cancel.open }));
    expect(screen.getByTestId("refund-preview").textContent).toBe(formatMoney(refundAmount(inputs)));
    expect(screen.getByTestId("refund-preview").textContent).toBe(formatMoney(30_875));
    fireEvent.click(screen.getByRole("button", { name: money.cancel.confirm }));
    expect((await screen.findByRole("status")).textContent).toBe(money.cancel.done(formatMoney(30_875)));
    expect(patch).toHaveBeenCalledWith("/sub/cancel");
  });

  it("does not offer a cancellation that would refund nothing", () => {
    renderWith(<Cancelling current={{ ...current, refundInputs: { ...inputs, weeksElapsed: 4 } }} />);
    fireEvent.click(screen.getByRole("button", { name: money.cancel.open }));
    expect(screen.getByText(money.cancel.nothing)).toBeTruthy();
    expect((screen.getByRole("button", { name: money.cancel.confirm }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe("a SuperAdmin refunds", () => {
  it("starts at the computed amount and sends a smaller one typed in Arabic digits", async () => {
    get.mockResolvedValue({ computed: 37_250, remaining: 50_000, subscriptionId: 4 });
    post.mockResolvedValue({ id: 9 });
    renderWith(<AdminRefundDialog transactionId={9} onClose={() => {}} />);
    const field = (await screen.findByLabelText(money.admin.refundAmount, {
      exact: false,
    })) as HTMLInputElement;
    expect(field.value).toBe("372.50");
    fireEvent.change(field, { target: { value: "١٠٠" } });
    fireEvent.click(screen.getByRole("button", { name: money.admin.refundSubmit }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/fawry/refund", {
        transactionId: 9,
        amount: 10_000,
        reason: undefined,
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
        confirmAnotherRefund: undefined,
      }),
    );
  });

  it("sends one key per opening (a second press repeats it), and a new key when the dialog opens again", async () => {
    get.mockResolvedValue({ computed: 37_250, remaining: 50_000, subscriptionId: 4 });
    post.mockRejectedValue(new ApiError("service-unavailable", 503));
    const opened = renderWith(<AdminRefundDialog transactionId={9} onClose={() => {}} />);
    const submit = await screen.findByRole("button", { name: money.admin.refundSubmit });
    fireEvent.click(submit);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    await screen.findByRole("alert");
    fireEvent.click(screen.getByRole("button", { name: money.admin.refundSubmit }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    const keys = post.mock.calls.map((args) => (args[1] as { idempotencyKey: string }).idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    opened.unmount();
    renderWith(<AdminRefundDialog transactionId={9} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: money.admin.refundSubmit }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3));
    expect((post.mock.calls[2]![1] as { idempotencyKey: string }).idempotencyKey).not.toBe(keys[0]);
  });

  it("turns refund-already-made into an explicit second confirmation, sent with the same key", async () => {
    get.mockResolvedValue({ computed: 50_000, remaining: 40_000, subscriptionId: null });
    post.mockRejectedValueOnce(new ApiError("refund-already-made", 409)).mockResolvedValueOnce({ id: 9 });
    const done = vi.fn();
    renderWith(<AdminRefundDialog transactionId={9} onClose={() => {}} onDone={done} />);
    fireEvent.change(await screen.findByLabelText(money.admin.refundAmount, { exact: false }), {
      target: { value: "100" },
    });
    fireEvent.click(screen.getByRole("button", { name: money.admin.refundSubmit }));
    expect(await screen.findByText(money.admin.refundAlreadyMade)).toBeTruthy();
    expect(screen.queryByRole("button", { name: money.admin.refundSubmit })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: money.admin.refundConfirmAnother }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    const [first, second] = post.mock.calls.map((args) => args[1] as Record<string, unknown>);
    expect(first).toMatchObject({ amount: 10_000, confirmAnotherRefund: undefined });
    expect(second).toMatchObject({ amount: 10_000, confirmAnotherRefund: true });
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });

  it("refuses more than remains before asking the server", async () => {
    get.mockResolvedValue({ computed: 37_250, remaining: 50_000, subscriptionId: 4 });
    renderWith(<AdminRefundDialog transactionId={9} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText(money.admin.refundAmount, { exact: false }), {
      target: { value: "500.01" },
    });
    fireEvent.click(screen.getByRole("button", { name: money.admin.refundSubmit }));
    expect(await screen.findByText(/أكبر من المتبقي/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    expect(parseEgp("12.5")).toBe(1250);
    expect(parseEgp("abc")).toBeNull();
  });
});

describe("/admin/payments «تحتاج متابعة»", () => {
  it("lists what needs attention and resolves an alarm with a note", async () => {
    session.setUser({ ...userWith(Role.RegularAdmin), id: 1 });
    get.mockImplementation((path: string) =>
      Promise.resolve(
        path === "/fawry/stale-orders"
          ? [{ id: 12, amount: 90_000, status: 0 }]
          : path === "/admin/outbox/dead"
            ? { list: [], total: 0 }
            : {
                list: [
                  {
                    id: 5,
                    kind: "refund-failed",
                    transactionId: 9,
                    merchantRefNum: "1",
                    details: { error: "9954" },
                    transactionStatus: 8,
                    amount: 50_000,
                    userId: 3,
                    createdAt: new Date().toISOString(),
                    resolvedAt: null,
                    note: null,
                  },
                ],
                total: 1,
              },
      ),
    );
    post.mockResolvedValue({ id: 5 });
    renderWith(<AdminPaymentsPage />);
    expect(await screen.findByText(money.admin.kinds["refund-failed"]!)).toBeTruthy();
    expect(screen.queryByRole("button", { name: money.admin.refund })).toBeNull(); // a RegularAdmin does not refund
    expect(await screen.findByRole("button", { name: money.admin.checkNow })).toBeTruthy(); // the stale order
    fireEvent.click(screen.getByRole("button", { name: money.admin.resolve }));
    fireEvent.change(screen.getByLabelText(money.admin.note, { exact: false }), {
      target: { value: "رجّعنا المبلغ بتحويل" },
    });
    fireEvent.click(screen.getByRole("button", { name: money.admin.save }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/fawry/alarms/5/resolve", { note: "رجّعنا المبلغ بتحويل" }),
    );
  });

  it("shows an alarm's details as labelled Arabic rows, not raw JSON", async () => {
    session.setUser({ ...userWith(Role.RegularAdmin), id: 1 });
    get.mockImplementation((path: string) =>
      Promise.resolve(
        path === "/fawry/stale-orders"
          ? []
          : path === "/admin/outbox/dead"
            ? { list: [], total: 0 }
            : {
                list: [
                  {
                    id: 6,
                    kind: "unapplied-payment",
                    transactionId: 9,
                    merchantRefNum: "117000000000009",
                    details: {
                      why: "subscription-exists",
                      merchantRefNumber: "117000000000009",
                      fawryRefNumber: "987654321",
                      orderStatus: "PAID",
                      paymentAmount: 500,
                      orderAmount: 500,
                      customerMerchantId: "3",
                      somethingNew: "x",
                    },
                    transactionStatus: 7,
                    amount: 50_000,
                    userId: 3,
                    createdAt: new Date().toISOString(),
                    resolvedAt: null,
                    note: null,
                  },
                ],
                total: 1,
              },
      ),
    );
    renderWith(<AdminPaymentsPage />);
    await screen.findByText(money.admin.kinds["unapplied-payment"]!);
    const rows = document.querySelector("[data-alarm-details]")!;
    expect(document.querySelector("[data-alarm] pre")).toBeNull();
    const d = money.admin.detail;
    const text = rows.textContent ?? "";
    for (const label of [d.fields.why, d.fields.fawryRefNumber, d.fields.orderStatus, d.fields.paymentAmount])
      expect(text).toContain(label);
    expect(text).toContain(d.reasons["subscription-exists"]);
    expect(text).toContain(d.orderStatuses.PAID);
    expect(text).toContain(formatMoney(50_000));
    expect(text).toContain("987654321");
    expect(text).toContain(d.other);
    for (const raw of [
      "{",
      "merchantRefNumber",
      "orderStatus",
      "PAID",
      "somethingNew",
      "subscription-exists",
    ])
      expect(text).not.toContain(raw);
  });

  it("lists «رسائل لم تصل» with channel, recipient and attempts, and sends one again", async () => {
    session.setUser({ ...userWith(Role.RegularAdmin), id: 1 });
    const dead = {
      id: 7,
      userId: 3,
      channel: "whatsapp",
      recipient: "01012345678",
      subject: "تذكير بحصتك",
      attempts: 5,
      lastError: "whatsapp 131026",
      createdAt: new Date().toISOString(),
      deadAt: new Date().toISOString(),
    };
    get.mockImplementation((path: string) =>
      Promise.resolve(
        path === "/admin/outbox/dead"
          ? { list: [dead], total: 1 }
          : path === "/fawry/stale-orders"
            ? []
            : { list: [], total: 0 },
      ),
    );
    post.mockResolvedValue({ id: 7, status: "pending" });
    renderWith(<AdminPaymentsPage />);
    expect(await screen.findByText("تذكير بحصتك")).toBeTruthy();
    expect(screen.getByText(money.deadDeliveries.channels.whatsapp!)).toBeTruthy();
    expect(screen.getByText(money.deadDeliveries.attempts("٥"))).toBeTruthy();
    fireEvent.click(
      screen.getByRole("button", { name: money.deadDeliveries.retryLabel("تذكير بحصتك", "01012345678") }),
    );
    await waitFor(() => expect(post).toHaveBeenCalledWith("/admin/outbox/7/retry"));
  });
});

describe("receipts", () => {
  const receipt: Receipt = {
    kind: "refund",
    number: "R-000012",
    date: "2026-11-20T10:00:00.000Z",
    transactionId: 9,
    student: { name: "سارة", email: "s@dars.test" },
    plan: { id: 7, weeklyMinutes: 30, period: 0 },
    subscription: { start: "2026-11-01T00:00:00.000Z", end: "2026-11-29T00:00:00.000Z" },
    baseAmount: 50_000,
    coupon: { code: "HALF", discount: 5000 },
    amount: 12_500,
    method: PaymentMethod.ReferenceNumber,
    merchantRefNum: "117000",
    fawryRefNumber: "987654321",
  };
  it("says what a refund receipt must: number, amount refunded, coupon, method and Fawry reference, in an RTL page", () => {
    const rows = Object.fromEntries(receiptRows(receipt));
    expect(rows[money.receipts.number]).toBe("R-000012");
    expect(rows[money.receipts.amountRefunded]).toBe(formatMoney(12_500));
    expect(rows[money.receipts.coupon]).toContain("HALF");
    expect(rows[money.receipts.fawryRef]).toBe("987654321");
    const html = receiptHtml(receipt);
    expect(html).toContain('dir="rtl"');
    expect(html).toContain(money.receipts.refund);
  });
});
