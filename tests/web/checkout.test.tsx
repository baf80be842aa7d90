import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TransactionView } from "@schema/api/transaction";
import { PaymentMethod, TransactionStatus } from "@schema/enums";
import { ApiError } from "../../web/src/lib/api-error";

const get = vi.fn();
const post = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    delete: vi.fn(),
  },
}));
vi.mock("../../web/src/lib/realtime", () => ({ useUserChannelEvents: () => {} }));

const { CheckoutPage } = await import("../../web/src/pages/checkout/checkout-page");
const { ar, errorMessage } = await import("../../web/src/i18n/ar-EG-all");
const { formatMoney } = await import("../../web/src/lib/format");
const { money } = await import("../../web/src/i18n/ar-EG-money");
const p = ar.payments;

afterEach(() => {
  cleanup();
  get.mockReset();
  post.mockReset();
});

const plan = {
  id: 7,
  weeklyMinutes: 60,
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
};

const order = (overrides: Partial<TransactionView>): TransactionView => ({
  id: 31,
  userId: 4,
  planId: 7,
  period: 0,
  baseAmount: 50_000,
  amount: 50_000,
  couponId: null,
  couponDiscount: null,
  inviteId: null,
  method: PaymentMethod.ReferenceNumber,
  status: TransactionStatus.New,
  merchantRefNum: "117000000000001",
  fawryRefNumber: "987654321",
  refundedAmount: 0,
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  paidAt: null,
  createdAt: new Date().toISOString(),
  failure: null,
  ...overrides,
});

/** The API: the plan, the unpaid orders of /tx/list, the status of /fawry/payment-status. */
function api({
  unpaid,
  status,
  details = {},
}: {
  unpaid: TransactionView[];
  status?: TransactionView;
  details?: Record<number, string | null>;
}) {
  get.mockImplementation((path: string, options?: { query?: Record<string, unknown> }) => {
    if (path === "/plan/7") return Promise.resolve(plan);
    const detail = /^\/tx\/(\d+)$/.exec(path);
    if (detail && Number(detail[1]) in details) {
      const row = unpaid.find((tx) => tx.id === Number(detail[1]))!;
      return Promise.resolve({ ...row, walletQr: details[Number(detail[1])] });
    }
    if (path === "/tx/list") {
      expect(options?.query).toMatchObject({ status: 0, planId: 7 });
      return Promise.resolve({ list: unpaid, total: unpaid.length });
    }
    if (path === "/fawry/payment-status" && status) return Promise.resolve(status);
    if (path === "/fawry/installment-plans") return Promise.resolve([]);
    if (path === "/fawry/card-token/list") return Promise.resolve([]);
    return Promise.reject(new ApiError("not-found", 404));
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderCheckout(url: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/checkout/:planId/:period"
            element={
              <>
                <CheckoutPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("checkout page", () => {
  it("shows the payment methods when the student has no unpaid order for the plan", async () => {
    api({ unpaid: [] });
    renderCheckout("/checkout/7/0");
    expect(await screen.findByRole("tab", { name: p.methods[3] })).toBeTruthy();
    expect(screen.queryByTestId("reference-number")).toBeNull();
  });

  it("resumes the latest unpaid order of the plan after a reload: its reference number, no tabs", async () => {
    api({ unpaid: [order({ id: 31, period: 1 }), order({ id: 30, fawryRefNumber: "123456789" })] });
    renderCheckout("/checkout/7/0");
    expect((await screen.findByTestId("reference-number")).textContent).toBe("123456789");
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.getByRole("button", { name: p.waiting.cancel })).toBeTruthy();
  });

  it("shows a resumed wallet order's QR again, read from the order itself", async () => {
    const qr = "data:image/svg+xml;base64,PHN2Zy8+";
    api({
      unpaid: [order({ id: 52, method: PaymentMethod.EWallet, fawryRefNumber: "987654321" })],
      details: { 52: qr },
    });
    renderCheckout("/checkout/7/0");
    expect((await screen.findByRole("img", { name: p.wallet.qrLabel })).getAttribute("src")).toBe(qr);
    expect(screen.getByTestId("reference-number").textContent).toBe("987654321");
    expect(get).toHaveBeenCalledWith("/tx/52", expect.anything());
  });

  it("asks no order detail for a resumed reference-number order (it has no QR)", async () => {
    api({ unpaid: [order({ id: 53, fawryRefNumber: "123123123" })] });
    renderCheckout("/checkout/7/0");
    await screen.findByTestId("reference-number");
    expect(get).not.toHaveBeenCalledWith("/tx/53", expect.anything());
  });

  it("shows a resumed order's own coupon discount and amount in the summary", async () => {
    api({ unpaid: [order({ couponId: 3, couponDiscount: 2000, amount: 40_000 })] });
    renderCheckout("/checkout/7/0");
    await screen.findByTestId("reference-number");
    expect(screen.getByText(p.couponDiscount)).toBeTruthy();
    expect(screen.getByTestId("checkout-total").textContent).toBe(formatMoney(40_000));
  });

  it("tells a card order apart: waiting for the bank, not the outlet steps", async () => {
    api({ unpaid: [order({ method: PaymentMethod.Card, fawryRefNumber: null })] });
    renderCheckout("/checkout/7/0");
    expect(await screen.findByText(p.waiting.card)).toBeTruthy();
    expect(screen.queryByText(p.reference.steps[0])).toBeNull();
  });

  for (const failure of ["declined", "authentication", "canceled", null] as const)
    it(`after a failed card return (${failure ?? "no reason"}) says what happened and what to do, in one message`, async () => {
      api({
        unpaid: [],
        status: order({
          id: 46,
          method: PaymentMethod.Card,
          status: TransactionStatus.Failed,
          fawryRefNumber: null,
          failure,
        }),
      });
      renderCheckout("/checkout/7/0?tx=46&statusCode=99907");
      const reason = failure ?? "other";
      expect(await screen.findByText(p.failures[reason])).toBeTruthy();
      expect(screen.getByText(p.failures.whatToDo[reason])).toBeTruthy();
      // Not a gateway error, and the what-to-do names another way to pay.
      expect(screen.queryByText(errorMessage("fawry-error"))).toBeNull();
      expect(p.failures.whatToDo[reason]).toContain("فوري");
      expect(document.querySelectorAll("[data-failure]")).toHaveLength(1);
    });

  it("after a failed card return offers a retry that goes back to the methods", async () => {
    api({
      unpaid: [],
      status: order({
        id: 44,
        method: PaymentMethod.Card,
        status: TransactionStatus.Failed,
        fawryRefNumber: null,
        failure: "declined",
      }),
    });
    renderCheckout("/checkout/7/0?tx=44&statusCode=99951");
    expect(await screen.findByText(p.failures.declined)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(
      "/fawry/payment-status",
      expect.objectContaining({ query: { transactionId: 44 } }),
    );
    fireEvent.click(screen.getByRole("button", { name: p.waiting.retry }));
    expect(await screen.findByRole("tab", { name: p.methods[0] })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/checkout/7/0"));
  });

  it("after a paid card return shows the paid state with the dashboard link", async () => {
    api({
      unpaid: [],
      status: order({ id: 45, method: PaymentMethod.Card, status: TransactionStatus.Paid }),
    });
    renderCheckout("/checkout/7/0?tx=45&statusCode=200");
    expect(await screen.findByRole("heading", { name: p.paid.title })).toBeTruthy();
    expect(screen.getByRole("link", { name: p.paid.dashboard }).getAttribute("href")).toBe("/s/dashboard");
  });
});

describe("checkout: cards and free orders", () => {
  const card = { token: "tok-1", maskedPan: "512345******2346", brand: "MasterCard", isDefault: true };

  function withCards(cards: unknown[], coupon?: { code: string; discount: number }) {
    get.mockImplementation((path: string) => {
      if (path === "/plan/7") return Promise.resolve(plan);
      if (path === "/tx/list") return Promise.resolve({ list: [], total: 0 });
      if (path === "/fawry/installment-plans") return Promise.resolve([]);
      if (path === "/fawry/card-token/list") return Promise.resolve(cards);
      if (coupon && path === `/coupon/code/${coupon.code}`)
        return Promise.resolve({
          id: 3,
          expiresAt: "2030-01-01T00:00:00.000Z",
          maxUses: null,
          uses: 0,
          ...coupon,
        });
      return Promise.reject(new ApiError("not-found", 404));
    });
  }

  it("with no saved card, offers adding one and shows no CVV field and no Pay button", async () => {
    withCards([]);
    renderCheckout("/checkout/7/0");
    expect(await screen.findByText(p.card.noCards)).toBeTruthy();
    expect(screen.getByRole("button", { name: p.card.addCard })).toBeTruthy();
    expect(screen.queryByLabelText(p.card.cvv, { exact: false })).toBeNull();
    expect(screen.queryByRole("button", { name: p.card.pay(formatMoney(50_000)) })).toBeNull();
  });

  it("preselects the only saved card (the default) and enables Pay once a valid CVV is typed", async () => {
    withCards([card]);
    renderCheckout("/checkout/7/0");
    const radio = (await screen.findByRole("radio", { name: /512345/ })) as HTMLInputElement;
    await waitFor(() => expect(radio.checked).toBe(true));
    const pay = screen.getByRole("button", { name: p.card.pay(formatMoney(50_000)) }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(p.card.cvv, { exact: false }), { target: { value: "123" } });
    expect(pay.disabled).toBe(false);
    expect(screen.queryByText(p.card.chooseCardFirst)).toBeNull();
  });

  it("resumes the same checkout after adding a card: its coupon applied again and the card tab ready", async () => {
    withCards([card], { code: "HALF50", discount: 5000 });
    renderCheckout("/checkout/7/0?resume=card&coupon=HALF50");
    expect(await screen.findByText(money.card.resumed)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe(formatMoney(25_000)));
  });

  it("starts a plan whose total is 0 without Fawry: one button, then the paid state", async () => {
    withCards([], { code: "FREE100", discount: 10_000 });
    post.mockResolvedValue({
      transaction: order({
        id: 60,
        amount: 0,
        method: PaymentMethod.Free,
        status: TransactionStatus.Paid,
        paidAt: new Date().toISOString(),
      }),
      subscription: {},
    });
    renderCheckout("/checkout/7/0?coupon=FREE100");
    const start = await screen.findByRole("button", { name: money.free.start });
    expect(screen.queryByRole("tab")).toBeNull();
    fireEvent.click(start);
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/fawry/pay/free", { planId: 7, period: 0, couponCode: "FREE100" }),
    );
    expect(await screen.findByRole("heading", { name: p.paid.title })).toBeTruthy();
  });
});
