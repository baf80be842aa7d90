// Pure payment logic shared by the checkout, card-added and payments screens (tested in tests/web/payments.test.ts).
import type { PaymentFailure } from "@schema/api/transaction";
import { PaymentMethod, TransactionStatus, type PlanPeriod } from "@schema/enums";
import { discountOf, periodPrice, type PricedPlan } from "@schema/pricing";
import { phoneRule } from "@schema/rules";
import { arPayments } from "../../i18n/ar-EG-payments";

const t = arPayments.payments;

export type StatusTone = "info" | "success" | "warning" | "error" | "neutral";

/** Every TransactionStatus with its Arabic label and badge tone. */
export const transactionStatuses: Record<TransactionStatus, { label: string; tone: StatusTone }> = {
  [TransactionStatus.New]: { label: t.statuses[0], tone: "warning" },
  [TransactionStatus.Paid]: { label: t.statuses[1], tone: "success" },
  [TransactionStatus.Canceled]: { label: t.statuses[2], tone: "neutral" },
  [TransactionStatus.Refunded]: { label: t.statuses[3], tone: "info" },
  [TransactionStatus.Expired]: { label: t.statuses[4], tone: "neutral" },
  [TransactionStatus.PartialRefunded]: { label: t.statuses[5], tone: "info" },
  [TransactionStatus.Failed]: { label: t.statuses[6], tone: "error" },
  [TransactionStatus.Refunding]: { label: t.statuses[7], tone: "warning" },
  [TransactionStatus.RefundFailed]: { label: t.statuses[8], tone: "error" },
};

export const statusLabel = (status: TransactionStatus): string => transactionStatuses[status].label;

export const methodLabel = (method: PaymentMethod): string => t.methods[method];

/**
 * The one message of a failed payment: what happened, by the reason the Worker kept from Fawry
 * (the card declined, the bank's check failed or was cancelled, or none said), and what to do.
 */
export function failureNotice(failure: PaymentFailure | null): { what: string; whatToDo: string } {
  const reason = failure ?? "other";
  return { what: t.failures[reason], whatToDo: t.failures.whatToDo[reason] };
}

/** Only New is still waiting for the payer; every other status is final for the checkout. */
export const isFinalStatus = (status: TransactionStatus): boolean => status !== TransactionStatus.New;

/** How often the checkout asks for the status while waiting. */
export const statusPollMs = 3000;

/** The longest pause between two status questions. */
export const statusPollMaxMs = 30_000;

/**
 * react-query's refetchInterval: 3 s at first, growing by half each time the answer is still
 * unpaid (3, 4.5, 6.75 … s) up to 30 s, stopped once the status is final. `asked` is how many
 * answers came so far (the query's dataUpdateCount).
 */
export function statusPollInterval(status: TransactionStatus | undefined, asked = 0): number | false {
  if (status !== undefined && isFinalStatus(status)) return false;
  return Math.min(statusPollMaxMs, Math.round(statusPollMs * 1.5 ** Math.max(0, asked - 1)));
}

/** Price after a coupon, the server's formula (worker/domain/payments/coupons.ts applyDiscount). */
export const applyCoupon = (amount: number, discountBp: number): number =>
  Math.max(0, Math.floor((amount * (10_000 - discountBp)) / 10_000));

export type CheckoutPreview = {
  /** The full price of the period without any discount. */
  fullPrice: number;
  /** The period's price (after the period discount), what the server calls baseAmount. */
  periodPrice: number;
  periodDiscount: number;
  couponDiscount: number;
  /** What the student pays. */
  total: number;
};

const months: Record<PlanPeriod, number> = { 0: 1, 1: 3, 2: 12 };

/** What the checkout shows: period price by schema/pricing.ts, then the coupon (basis points) on top. */
export function checkoutPreview(
  plan: PricedPlan,
  period: PlanPeriod,
  couponBp: number | null = null,
): CheckoutPreview {
  const fullPrice = plan.baseMonthPrice * months[period];
  const price = periodPrice(plan, period);
  const total = couponBp ? applyCoupon(price, couponBp) : price;
  return {
    fullPrice,
    periodPrice: price,
    periodDiscount: discountOf(plan, period) > 0 ? fullPrice - price : 0,
    couponDiscount: price - total,
    total,
  };
}

/** The route's /checkout/{planId}/{period}, or null when malformed. */
export function parseCheckoutParams(
  planId: string | undefined,
  period: string | undefined,
): { planId: number; period: PlanPeriod } | null {
  if (!planId || !/^\d+$/.test(planId) || Number(planId) <= 0) return null;
  if (period !== "0" && period !== "1" && period !== "2") return null;
  return { planId: Number(planId), period: Number(period) as PlanPeriod };
}

/** A coupon code as typed: trimmed, upper case (the server accepts A-Z 0-9 _ -, 3–20). */
export const normalizeCouponCode = (raw: string): string => raw.trim().toUpperCase();
export const isCouponCodeShape = (code: string): boolean => /^[A-Z0-9_-]{3,20}$/.test(code);

/** Egyptian mobile (wallet) number by the server's rule (+20 / Arabic digits accepted), or null. */
export function normalizeWalletPhone(raw: string): string | null {
  const parsed = phoneRule.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export const isCvv = (value: string): boolean => /^\d{3,4}$/.test(value);

/** What the hosted add-card page (or the sandbox) sent back to /card-added. */
export function cardAddedResult(search: URLSearchParams): "success" | "failure" {
  return search.get("statusCode") === "200" ? "success" : "failure";
}

/** Where the checkout keeps itself while the student is away adding a card. */
export const checkoutReturnKey = "dars.checkout.return";

/**
 * The order a reload of the checkout resumes: the newest unpaid (New) order of this plan and
 * period that has not passed its expiry, from /tx/list?status=0&planId= (newest first).
 */
export function latestUnpaidOrder<
  T extends { period: PlanPeriod; status: TransactionStatus; expiresAt: string | null },
>(list: readonly T[], period: PlanPeriod, now = new Date()): T | null {
  const at = now.toISOString();
  return (
    list.find(
      (tx) =>
        tx.period === period &&
        tx.status === TransactionStatus.New &&
        (tx.expiresAt === null || tx.expiresAt > at),
    ) ?? null
  );
}

/** The transaction a card payment came back from 3-D Secure with (?tx=), or null. */
export function returnedTransactionId(search: URLSearchParams): number | null {
  const raw = search.get("tx");
  return raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
