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
  methodLabel,
  normalizeCouponCode,
  normalizeWalletPhone,
  parseCheckoutParams,
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
    for (const period of [0, 1, 2] as const) expect(checkoutPreview(plan, period).total).toBe(periodPrice(plan, period));
    expect(checkoutPreview(plan, 1)).toEqual({ fullPrice: 240_000, periodPrice: 216_000, periodDiscount: 24_000, couponDiscount: 0, total: 216_000 });
  });

  it("applies the coupon on top of the period price, floored like the server", () => {
    // 10 % (1000 bp) off 216,000 piasters.
    expect(checkoutPreview(plan, 1, 1000)).toMatchObject({ periodPrice: 216_000, couponDiscount: 21_600, total: 194_400 });
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

  it.each(Object.values(TransactionStatus).filter((s) => s !== TransactionStatus.New))("stops on the final status %s", (status) => {
    expect(isFinalStatus(status)).toBe(true);
    expect(statusPollInterval(status)).toBe(false);
  });
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
    expect(cardAddedResult(new URLSearchParams("statusCode=200&statusDescription=Operation%20done"))).toBe("success");
    expect(cardAddedResult(new URLSearchParams("statusCode=99907"))).toBe("failure");
    expect(cardAddedResult(new URLSearchParams(""))).toBe("failure");
  });
});
