// The FawryPay client (docs/services.md §1): request shapes, every signature formula as a pure
// function, and verification of the server notification v2. Money is piasters everywhere else;
// amounts become 2-decimal EGP strings only here, at the edge.
import { localWebhookSecrets } from "./local-accounts";

/** Lowercase hex SHA-256 of the plain concatenation of its parts (absent parts add ""). */
export async function sha256Hex(...parts: (string | number | null | undefined)[]): Promise<string> {
  const text = parts.map((part) => (part === null || part === undefined ? "" : String(part))).join("");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Piasters → the JSON number Fawry expects (e.g. 10050 → 100.5). */
export const toEgp = (piasters: number): number => Math.round(piasters) / 100;
/** An EGP amount (number as received, or piasters / 100) as the 2-decimal signature string. */
export const amount2dp = (egp: number): string => egp.toFixed(2);
/** EGP number from Fawry → piasters. */
export const toPiasters = (egp: number): number => Math.round(egp * 100);

/** Constant-time comparison of two strings (hex signatures). */
export function safeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let diff = left.length ^ right.length;
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i++) diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

export type Keys = { merchantCode: string; secureKey: string };

// ---------------------------------------------------------------------------------------------
// Signatures, one per formula of docs/services.md §1

export const signatures = {
  /** §1.3 list card tokens. */
  listCards: (k: Keys, customerProfileId: string) =>
    sha256Hex(k.merchantCode, customerProfileId, k.secureKey),
  /** §1.4 delete card token. */
  deleteCard: (k: Keys, customerProfileId: string, cardToken: string) =>
    sha256Hex(k.merchantCode, customerProfileId, cardToken, k.secureKey),
  /** §1.5 card charge with a saved token (3DS). */
  cardCharge: (
    k: Keys,
    o: {
      merchantRefNum: string;
      customerProfileId: string;
      amount: number;
      cardToken: string;
      cvv: string;
      returnUrl: string;
    },
  ) =>
    sha256Hex(
      k.merchantCode,
      o.merchantRefNum,
      o.customerProfileId,
      "CARD",
      amount2dp(o.amount),
      o.cardToken,
      o.cvv,
      o.returnUrl,
      k.secureKey,
    ),
  /** §1.8 card charge on an installment plan (no returnUrl, plan id last: docs/services.md §1.8). */
  installmentCharge: (
    k: Keys,
    o: {
      merchantRefNum: string;
      customerProfileId: string;
      amount: number;
      cardToken: string;
      cvv: string;
      installmentPlanId: number;
    },
  ) =>
    sha256Hex(
      k.merchantCode,
      o.merchantRefNum,
      o.customerProfileId,
      "CARD",
      amount2dp(o.amount),
      o.cardToken,
      o.cvv,
      o.installmentPlanId,
      k.secureKey,
    ),
  /** §1.6 PayAtFawry reference number. */
  payAtFawry: (k: Keys, o: { merchantRefNum: string; customerProfileId: string; amount: number }) =>
    sha256Hex(
      k.merchantCode,
      o.merchantRefNum,
      o.customerProfileId,
      "PAYATFAWRY",
      amount2dp(o.amount),
      k.secureKey,
    ),
  /** §1.7 MWALLET: QR without a wallet number, request-to-pay with one. */
  wallet: (
    k: Keys,
    o: { merchantRefNum: string; customerProfileId: string; amount: number; debitMobileWalletNo?: string },
  ) =>
    sha256Hex(
      k.merchantCode,
      o.merchantRefNum,
      o.customerProfileId,
      "MWALLET",
      amount2dp(o.amount),
      o.debitMobileWalletNo,
      k.secureKey,
    ),
  /** §1.9 payment status v2. */
  status: (k: Keys, merchantRefNumber: string) => sha256Hex(k.merchantCode, merchantRefNumber, k.secureKey),
  /** §1.10 server notification v2 (also the status v2 answer's messageSignature). */
  notification: (
    k: Pick<Keys, "secureKey">,
    n: {
      fawryRefNumber: string;
      merchantRefNumber: string;
      paymentAmount: number;
      orderAmount: number;
      orderStatus: string;
      paymentMethod: string;
      paymentRefrenceNumber?: string | null;
    },
  ) =>
    sha256Hex(
      n.fawryRefNumber,
      n.merchantRefNumber,
      amount2dp(n.paymentAmount),
      amount2dp(n.orderAmount),
      n.orderStatus,
      n.paymentMethod,
      n.paymentRefrenceNumber ?? "",
      k.secureKey,
    ),
  /** §1.11 refund. */
  refund: (k: Keys, o: { referenceNumber: string; refundAmount: number; reason?: string }) =>
    sha256Hex(k.merchantCode, o.referenceNumber, amount2dp(o.refundAmount), o.reason ?? "", k.secureKey),
  /** §1.12 cancel unpaid order (note the order: orderRefNo first). */
  cancelUnpaid: (k: Keys, o: { orderRefNo: string; lang: string }) =>
    sha256Hex(o.orderRefNo, k.merchantCode, o.lang, k.secureKey),
};

// ---------------------------------------------------------------------------------------------
// Wire types

export type OrderStatus =
  "NEW" | "UNPAID" | "PAID" | "CANCELED" | "REFUNDED" | "PARTIAL_REFUNDED" | "EXPIRED" | "FAILED";

/** The notification v2 body, also the status v2 answer (§1.9, §1.10). */
export type PaymentDetails = {
  requestId?: string;
  fawryRefNumber: string;
  merchantRefNumber: string;
  customerMerchantId?: string;
  customerName?: string;
  customerMobile?: string;
  customerMail?: string;
  paymentAmount: number;
  orderAmount: number;
  fawryFees?: number;
  orderStatus: string;
  paymentMethod: string;
  paymentTime?: number;
  paymentRefrenceNumber?: string;
  orderExpiryDate?: number;
  orderItems?: { itemCode: string; price: number; quantity: number }[];
  failureErrorCode?: number;
  failureReason?: string;
  messageSignature: string;
  statusCode?: number;
};

/** True when the notification's messageSignature matches (constant-time). */
export async function verifyNotification(secureKey: string, body: PaymentDetails): Promise<boolean> {
  if (typeof body?.messageSignature !== "string") return false;
  if (typeof body.paymentAmount !== "number" || typeof body.orderAmount !== "number") return false;
  const expected = await signatures.notification({ secureKey }, body);
  return safeEqual(expected, body.messageSignature.toLowerCase());
}

export type Customer = { profileId: string; name: string; mobile: string; email: string };
export type Item = { itemId: string; description: string; price: number; quantity: number };

export type ChargeResult = {
  statusCode: number;
  statusDescription?: string;
  referenceNumber?: string;
  merchantRefNumber?: string;
  orderStatus?: string;
  expirationTime?: number;
  walletQr?: string;
  nextAction?: { type: string; redirectUrl: string };
};

export type CardToken = {
  token: string;
  lastFourDigits: string;
  firstSixDigits: string;
  brand: string;
  isDefault?: boolean;
  creationDate?: number;
};

export type InstallmentPlan = {
  id: number;
  installmentPlan: {
    id: number;
    nameAr: string;
    nameEn: string;
    rate: number;
    noOfMonths: number;
    minAmount: number;
    maxAmount: number;
  };
};

export type FawryClient = ReturnType<typeof fawryClient>;

/**
 * The secure key notifications are verified with: configured, or the local sandbox's; null when Fawry
 * is not configured. Takes only the two settings it reads, so this file stays free of Worker types
 * (the browser tests and the rehearsal import its signatures).
 */
export function fawryNotificationKey(config: {
  FAWRY_SECURE_KEY?: string | null;
  isLocal: boolean;
}): string | null {
  if (config.FAWRY_SECURE_KEY) return config.FAWRY_SECURE_KEY;
  return config.isLocal ? localWebhookSecrets.fawry : null;
}

/**
 * The client. `fetch` is injected: the real one outside local; in the local environment a
 * function that dispatches to the sandbox app in-process with the same Request objects.
 */
export function fawryClient(
  options: Keys & { baseUrl: string; fetch: (request: Request) => Promise<Response> },
) {
  const keys: Keys = { merchantCode: options.merchantCode, secureKey: options.secureKey };
  const base = options.baseUrl.replace(/\/$/, "");
  const send = async <T>(
    method: string,
    path: string,
    query?: Record<string, string>,
    body?: unknown,
  ): Promise<{ httpStatus: number; data: T }> => {
    const url = new URL(base + path);
    for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
    const response = await options.fetch(
      new Request(url, {
        method,
        headers:
          body === undefined
            ? { accept: "application/json" }
            : { "content-type": "application/json", accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    const text = await response.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = { statusCode: response.status, statusDescription: text };
    }
    return { httpStatus: response.status, data: data as T };
  };
  const baseFields = (
    merchantRefNum: string,
    customer: Customer,
    amount: number,
    items: Item[],
    description: string,
  ) => ({
    merchantCode: keys.merchantCode,
    merchantRefNum,
    customerProfileId: customer.profileId,
    customerName: customer.name,
    customerMobile: customer.mobile,
    customerEmail: customer.email,
    amount,
    currencyCode: "EGP",
    language: "ar-eg",
    chargeItems: items,
    description,
  });

  return {
    keys,
    /** §1.1: the hosted add-card page (no signature). */
    addCardUrl: (customerProfileId: string, returnUrl: string, locale: "ar" | "en" = "ar") =>
      `${base}/atfawry/plugin/card-token?${new URLSearchParams({ accNo: keys.merchantCode, customerProfileId, returnUrl, locale })}`,
    async listCards(customerProfileId: string) {
      const signature = await signatures.listCards(keys, customerProfileId);
      const { data } = await send<{ statusCode: number; cards?: CardToken[] }>(
        "GET",
        "/ECommerceWeb/Fawry/cards/cardToken",
        {
          merchantCode: keys.merchantCode,
          customerProfileId,
          signature,
        },
      );
      return data;
    },
    /** §1.4: query parameters, not a JSON body. */
    async deleteCard(customerProfileId: string, cardToken: string) {
      const signature = await signatures.deleteCard(keys, customerProfileId, cardToken);
      const { data } = await send<{ statusCode: number }>("DELETE", "/ECommerceWeb/Fawry/cards/cardToken", {
        merchantCode: keys.merchantCode,
        customerProfileId,
        cardToken,
        signature,
      });
      return data;
    },
    async payByCard(o: {
      merchantRefNum: string;
      customer: Customer;
      amount: number;
      items: Item[];
      description: string;
      cardToken: string;
      cvv: string;
      returnUrl: string;
      installmentPlanId?: number;
    }) {
      const sign = {
        merchantRefNum: o.merchantRefNum,
        customerProfileId: o.customer.profileId,
        amount: o.amount,
        cardToken: o.cardToken,
        cvv: o.cvv,
      };
      const signature =
        o.installmentPlanId === undefined
          ? await signatures.cardCharge(keys, { ...sign, returnUrl: o.returnUrl })
          : await signatures.installmentCharge(keys, { ...sign, installmentPlanId: o.installmentPlanId });
      const { data } = await send<ChargeResult>("POST", "/ECommerceWeb/Fawry/payments/charge", undefined, {
        ...baseFields(o.merchantRefNum, o.customer, o.amount, o.items, o.description),
        paymentMethod: "CARD",
        cardToken: o.cardToken,
        cvv: o.cvv,
        enable3DS: true,
        authCaptureModePayment: false,
        returnUrl: o.returnUrl,
        ...(o.installmentPlanId === undefined ? {} : { installmentPlanId: o.installmentPlanId }),
        signature,
      });
      return data;
    },
    async payAtFawry(o: {
      merchantRefNum: string;
      customer: Customer;
      amount: number;
      items: Item[];
      description: string;
      paymentExpiry: number;
    }) {
      const signature = await signatures.payAtFawry(keys, {
        merchantRefNum: o.merchantRefNum,
        customerProfileId: o.customer.profileId,
        amount: o.amount,
      });
      const { data } = await send<ChargeResult>("POST", "/ECommerceWeb/Fawry/payments/charge", undefined, {
        ...baseFields(o.merchantRefNum, o.customer, o.amount, o.items, o.description),
        paymentMethod: "PAYATFAWRY",
        paymentExpiry: o.paymentExpiry,
        signature,
      });
      return data;
    },
    /** §1.7: note the /api/ path. */
    async payByWallet(o: {
      merchantRefNum: string;
      customer: Customer;
      amount: number;
      items: Item[];
      description: string;
      paymentExpiry: number;
      debitMobileWalletNo?: string;
    }) {
      const signature = await signatures.wallet(keys, {
        merchantRefNum: o.merchantRefNum,
        customerProfileId: o.customer.profileId,
        amount: o.amount,
        debitMobileWalletNo: o.debitMobileWalletNo,
      });
      const { data } = await send<ChargeResult>("POST", "/ECommerceWeb/api/payments/charge", undefined, {
        ...baseFields(o.merchantRefNum, o.customer, o.amount, o.items, o.description),
        paymentMethod: "MWALLET",
        paymentExpiry: o.paymentExpiry,
        ...(o.debitMobileWalletNo ? { debitMobileWalletNo: o.debitMobileWalletNo } : {}),
        signature,
      });
      return data;
    },
    async installmentPlans() {
      const { data } = await send<InstallmentPlan[] | { statusCode: number }>(
        "GET",
        "/ECommerceWeb/api/merchant/installment-plans",
        {
          accountNumber: keys.merchantCode,
        },
      );
      return Array.isArray(data) ? data : [];
    },
    /** §1.9: null for an unknown order (HTTP 404 or 9938). */
    async status(merchantRefNumber: string): Promise<PaymentDetails | null> {
      const signature = await signatures.status(keys, merchantRefNumber);
      const { httpStatus, data } = await send<PaymentDetails>(
        "GET",
        "/ECommerceWeb/Fawry/payments/status/v2",
        {
          merchantCode: keys.merchantCode,
          merchantRefNumber,
          signature,
        },
      );
      if (httpStatus === 404 || data?.statusCode === 9938) return null;
      if (httpStatus !== 200 || (data?.statusCode !== undefined && data.statusCode !== 200))
        throw new FawryError(data?.statusCode ?? httpStatus);
      return data;
    },
    async refund(o: { referenceNumber: string; refundAmount: number; reason?: string }) {
      const signature = await signatures.refund(keys, o);
      const { data } = await send<{ statusCode: number; statusDescription?: string }>(
        "POST",
        "/ECommerceWeb/Fawry/payments/refund",
        undefined,
        {
          merchantCode: keys.merchantCode,
          referenceNumber: o.referenceNumber,
          refundAmount: o.refundAmount,
          ...(o.reason ? { reason: o.reason } : {}),
          signature,
        },
      );
      return data;
    },
    /** §1.12: answers `{ code, description }`, not statusCode. */
    async cancelUnpaid(orderRefNo: string, lang: "ar-eg" | "en-gb" = "ar-eg") {
      const signature = await signatures.cancelUnpaid(keys, { orderRefNo, lang });
      const { data } = await send<{ code: number; description?: string }>(
        "POST",
        "/ECommerceWeb/api/orders/cancel-unpaid-order",
        undefined,
        {
          merchantAccount: keys.merchantCode,
          orderRefNo,
          lang,
          signature,
        },
      );
      return data;
    },
  };
}

export class FawryError extends Error {
  constructor(readonly statusCode: number) {
    super(`fawry statusCode ${statusCode}`);
  }
}
