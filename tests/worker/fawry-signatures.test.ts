import { describe, expect, it } from "vitest";
import {
  amount2dp,
  safeEqual,
  signatures,
  verifyNotification,
  type PaymentDetails,
} from "../../worker/integrations/fawry";

// Vectors computed by hand from docs/services.md §1 with node:crypto sha256 over the plain concatenation.
const K = { merchantCode: "MERCHANT1", secureKey: "SECRETKEY" };

describe("Fawry signatures (docs/services.md §1)", () => {
  it("formats amounts with two decimals", () => {
    expect(amount2dp(100)).toBe("100.00");
    expect(amount2dp(100.5)).toBe("100.50");
  });
  it("signs the card-token list", async () => {
    expect(await signatures.listCards(K, "42")).toBe(
      "7e82bde664c808ec7c063de8868a85689e177f7ccc6896c222370aba6eeb610e",
    );
  });
  it("signs the card-token delete", async () => {
    expect(await signatures.deleteCard(K, "42", "tok123")).toBe(
      "a49d7813fc8c1632f398378c56f9d74decd01fa9483ba2cbb6ba48b6fea8a4b1",
    );
  });
  it("signs a saved-card charge with 3-D Secure", async () => {
    const s = await signatures.cardCharge(K, {
      merchantRefNum: "1001",
      customerProfileId: "42",
      amount: 100.5,
      cardToken: "tok123",
      cvv: "123",
      returnUrl: "https://a.test/r",
    });
    expect(s).toBe("5715a6e03a19bb88b8e84c404d1632a4235f001e5b55797d6bb7b40439126e8f");
  });
  it("signs an installment charge", async () => {
    const s = await signatures.installmentCharge(K, {
      merchantRefNum: "1001",
      customerProfileId: "42",
      amount: 100.5,
      cardToken: "tok123",
      cvv: "123",
      installmentPlanId: 7,
    });
    expect(s).toBe("a6d8b1c6053e2185681fafc77735d660b6effb6edd9c713b457778cc5b2009e5");
  });
  it("signs a PayAtFawry reference-number charge", async () => {
    expect(
      await signatures.payAtFawry(K, { merchantRefNum: "1001", customerProfileId: "42", amount: 100 }),
    ).toBe("e14e73cb163d62bbffe87a9219bbcf05a2be58c8b547b7f1d7b314258ef1a592");
  });
  it("signs a wallet QR charge and a request-to-pay charge", async () => {
    const o = { merchantRefNum: "1001", customerProfileId: "42", amount: 100 };
    expect(await signatures.wallet(K, o)).toBe(
      "e1cc95ad6cf8fbd3c23486b651fdd91099086fa8a2123eddb9b8b85ac2c9e63b",
    );
    expect(await signatures.wallet(K, { ...o, debitMobileWalletNo: "01012345678" })).toBe(
      "0d29b7afb48f31eeda49c5683d9eb6f0dca4df7011a4747afbf6e371adb4aab0",
    );
  });
  it("signs a payment-status v2 query", async () => {
    expect(await signatures.status(K, "1001")).toBe(
      "2bec54e84f86a6701765011b66b5b8d41df4f096dbf72eca8bd646e44310ed32",
    );
  });
  it("signs a refund", async () => {
    expect(
      await signatures.refund(K, { referenceNumber: "776215646", refundAmount: 50, reason: "duplicate" }),
    ).toBe("cdea1be04b564ce6a23a4f6367d6328e567354527e837220e1c5906f120638a2");
  });
  it("signs a cancel-unpaid-order with orderRefNo first", async () => {
    expect(await signatures.cancelUnpaid(K, { orderRefNo: "776215646", lang: "ar-eg" })).toBe(
      "0f01c0a20f7efeeaf759f56cead4c7a01cabb32509b3f47ec30a0d4b803807d2",
    );
  });
  it("verifies a notification v2 without paymentRefrenceNumber (amounts as numbers)", async () => {
    const body = {
      fawryRefNumber: "776215646",
      merchantRefNumber: "1411222",
      paymentAmount: 100.23,
      orderAmount: 100.23,
      orderStatus: "EXPIRED",
      paymentMethod: "CARD",
      messageSignature: "6868238d44fdf65e988e6be04ba9e59237939554a348a7c3821047ed10c2635a",
    } as PaymentDetails;
    expect(await verifyNotification(K.secureKey, body)).toBe(true);
  });
  it("verifies a notification v2 with paymentRefrenceNumber and 840.0 amounts", async () => {
    const body = {
      fawryRefNumber: "776215646",
      merchantRefNumber: "1411222",
      paymentAmount: 840.0,
      orderAmount: 840,
      orderStatus: "PAID",
      paymentMethod: "PayAtFawry",
      paymentRefrenceNumber: "12345678",
      messageSignature: "8ee9abc72c9f6a55c9ba6aede00f22738bbba8f012271b99b05f4f3c5fc901d3",
    } as PaymentDetails;
    expect(await verifyNotification(K.secureKey, body)).toBe(true);
  });
  it("rejects a tampered notification", async () => {
    const body = {
      fawryRefNumber: "776215646",
      merchantRefNumber: "1411222",
      paymentAmount: 100.23,
      orderAmount: 100.23,
      orderStatus: "PAID",
      paymentMethod: "CARD",
      messageSignature: "6868238d44fdf65e988e6be04ba9e59237939554a348a7c3821047ed10c2635a",
    } as PaymentDetails;
    expect(await verifyNotification(K.secureKey, body)).toBe(false);
  });
  it("compares in constant time, refusing different lengths", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
  });
});
