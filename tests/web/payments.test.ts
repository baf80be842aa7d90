import { describe, expect, it } from "vitest";
import type { PlanView } from "@schema/api/plan";
import { PaymentMethod, TransactionStatus } from "@schema/enums";
import { periodPrice } from "@schema/pricing";
import {
  applyCoupon,
  cardAddedResult,
  checkoutPreview,
  isCouponCodeShape,
  isCvv,
  isFinalStatus,
  latestUnpaidOrder,
  methodLabel,
  normalizeCouponCode,
  normalizeWalletPhone,
  parseCheckoutParams,
  returnedTransactionId,
  statusLabel,
  statusPollInterval,
  statusPollMs,
  transactionStatuses,
} from "../../web/src/features/payments/payment-logic";

const arabicLetter = /[\u0621-\u064A]/;

const plan: PlanView = {
  id: 3,
  weeklyMinutes: 120,
  baseMonthPrice: 80_000,
  monthDiscount: 0,
  quarterDiscount: 1000,
  yearDiscount: 2500,
  monthPrice: 80_000,
  quarterPrice: 216_000,
  yearPrice: 720_000,
  active: true,
  inviteOnly: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};

describe("transaction status labels", () => {
  it.each(Object.values(TransactionStatus))("has an Arabic label and a tone for status %s", (status) => {
    expect(statusLabel(status)).toMatch(arabicLetter);
    expect(transactionStatuses[status].tone).toBeTruthy();
  });

  it("labels are distinct, so no two statuses read the same", () => {
    const labels = Object.values(TransactionStatus).map(statusLabel);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("shows Paid as success and Failed as an error", () => {
    expect(transactionStatuses[TransactionStatus.Paid].tone).toBe("success");
    expect(transactionStatuses[TransactionStatus.Failed].tone).toBe("error");
  });

  it.each(Object.values(PaymentMethod))("names payment method %s in Arabic", (method) => {
    expect(methodLabel(method)).toMatch(arabicLetter);
  });
});

describe("checkout preview with a coupon", () => {
  it("prices the period with the shared schema/pricing.ts function", () => {
    for (const period of [0, 1, 2] as const)
      expect(checkoutPreview(plan, period).total).toBe(periodPrice(plan, period));
    expect(checkoutPreview(plan, 1)).toEqual({
      fullPrice: 240_000,
      periodPrice: 216_000,
      periodDiscount: 24_000,
      couponDiscount: 0,
      total: 216_000,
    });
  });

  it("applies the coupon on top of the period price, floored like the server", () => {
    // 10 % (1000 bp) off 216,000 piasters.
    expect(checkoutPreview(plan, 1, 1000)).toMatchObject({
      periodPrice: 216_000,
      couponDiscount: 21_600,
      total: 194_400,
    });
    // 33.33 % of an odd amount floors to whole piasters.
    expect(applyCoupon(10_001, 3333)).toBe(Math.floor((10_001 * 6667) / 10_000));
    expect(applyCoupon(500, 10_000)).toBe(0);
  });

  it("shows no period discount for a month without one", () => {
    expect(checkoutPreview(plan, 0).periodDiscount).toBe(0);
  });

  it("normalizes and checks a typed coupon code", () => {
    expect(normalizeCouponCode("  save10 ")).toBe("SAVE10");
    expect(isCouponCodeShape("SAVE10")).toBe(true);
    expect(isCouponCodeShape("AB")).toBe(false);
    expect(isCouponCodeShape("خصم")).toBe(false);
  });
});

describe("polling the payment status", () => {
  it("polls every 3 seconds while the order is New (or not loaded yet)", () => {
    expect(statusPollMs).toBe(3000);
    expect(statusPollInterval(undefined)).toBe(3000);
    expect(statusPollInterval(TransactionStatus.New)).toBe(3000);
  });

  it("backs off while the order stays unpaid: 3 s, then half again each time, never beyond 30 s", () => {
    expect([1, 2, 3, 4].map((asked) => statusPollInterval(TransactionStatus.New, asked))).toEqual([
      3000, 4500, 6750, 10125,
    ]);
    expect(statusPollInterval(TransactionStatus.New, 50)).toBe(30_000);
  });

  it.each(Object.values(TransactionStatus).filter((s) => s !== TransactionStatus.New))(
    "stops on the final status %s",
    (status) => {
      expect(isFinalStatus(status)).toBe(true);
      expect(statusPollInterval(status)).toBe(false);
    },
  );
});

describe("checkout inputs", () => {
  it("parses the route parameters", () => {
    expect(parseCheckoutParams("4", "2")).toEqual({ planId: 4, period: 2 });
    expect(parseCheckoutParams("4", "3")).toBeNull();
    expect(parseCheckoutParams("x", "0")).toBeNull();
    expect(parseCheckoutParams("0", "0")).toBeNull();
  });

  it("accepts Egyptian wallet numbers, also with +20 and Arabic digits", () => {
    expect(normalizeWalletPhone("01012345678")).toBe("01012345678");
    expect(normalizeWalletPhone("+20 101 234 5678")).toBe("01012345678");
    expect(normalizeWalletPhone("٠١٠١٢٣٤٥٦٧٨")).toBe("01012345678");
    expect(normalizeWalletPhone("0123")).toBeNull();
  });

  it("checks a CVV", () => {
    expect(isCvv("123")).toBe(true);
    expect(isCvv("1234")).toBe(true);
    expect(isCvv("12")).toBe(false);
    expect(isCvv("12a")).toBe(false);
  });

  it("reads the add-card result from the query Fawry returns", () => {
    expect(cardAddedResult(new URLSearchParams("statusCode=200&statusDescription=Operation%20done"))).toBe(
      "success",
    );
    expect(cardAddedResult(new URLSearchParams("statusCode=99907"))).toBe("failure");
    expect(cardAddedResult(new URLSearchParams(""))).toBe("failure");
  });
});

describe("resuming the checkout", () => {
  const now = new Date("2026-11-22T10:00:00.000Z");
  const order = (id: number, period: 0 | 1 | 2, status: TransactionStatus, expiresAt: string | null) => ({
    id,
    period,
    status,
    expiresAt,
  });

  it("resumes the newest unpaid order of the same period that has not expired", () => {
    const list = [
      order(5, 1, TransactionStatus.New, "2026-11-23T00:00:00.000Z"),
      order(4, 0, TransactionStatus.New, "2026-11-22T09:59:59.000Z"),
      order(3, 0, TransactionStatus.New, "2026-11-22T12:00:00.000Z"),
      order(2, 0, TransactionStatus.New, "2026-11-22T13:00:00.000Z"),
    ];
    expect(latestUnpaidOrder(list, 0, now)?.id).toBe(3);
    expect(latestUnpaidOrder(list, 1, now)?.id).toBe(5);
    expect(latestUnpaidOrder(list, 2, now)).toBeNull();
  });

  it("never resumes a final order", () => {
    expect(
      latestUnpaidOrder(
        [order(1, 0, TransactionStatus.Failed, null), order(2, 0, TransactionStatus.Paid, null)],
        0,
        now,
      ),
    ).toBeNull();
  });

  it("reads the card return's ?tx= only when it is a positive whole number", () => {
    expect(returnedTransactionId(new URLSearchParams("tx=42&statusCode=200"))).toBe(42);
    expect(returnedTransactionId(new URLSearchParams("tx=0"))).toBeNull();
    expect(returnedTransactionId(new URLSearchParams("tx=4a"))).toBeNull();
    expect(returnedTransactionId(new URLSearchParams(""))).toBeNull();
  });
});
