import { describe, expect, it } from "vitest";
import { PlanPeriod, TransactionStatus } from "../../schema/enums";
import { createPlan, createStudent } from "./factories-lessons";
import { DECLINED_CVV } from "../../emulators/fawry/app";
import {
  SANDBOX,
  addCard,
  notifyApp,
  signedNotification,
  subscriptionsOf,
  transactionRow,
} from "./factories-payments";
import { call, callContract } from "./helpers";
import { paymentContracts } from "../../schema/api/payment";
import { transactionContracts } from "../../schema/api/transaction";
import { subscriptionContracts } from "../../schema/api/subscription";

async function payByReference() {
  const student = await createStudent();
  const planId = await createPlan();
  const res = await callContract(paymentContracts.payReference, {
    token: student.token,
    body: { planId, period: PlanPeriod.Month },
  });
  expect(res.status).toBe(201);
  const tx = (await transactionRow(res.body.transaction.id))!;
  return {
    student,
    planId,
    res,
    tx: {
      merchantRefNum: tx.merchant_ref_num,
      fawryRefNumber: tx.fawry_ref_number,
      amount: tx.amount,
      userId: tx.user_id,
      id: tx.id,
    },
  };
}

describe("payments through the Fawry sandbox", () => {
  it("buys a plan by reference number end to end: sandbox pay → notification → Paid → active subscription", async () => {
    const { student, res, tx } = await payByReference();
    expect(res.body.referenceNumber).toMatch(/^\d{9}$/);
    expect(res.body.transaction.status).toBe(TransactionStatus.New);
    const paid = await call("POST", `${SANDBOX}/__emu/pay/${res.body.referenceNumber}`);
    expect(paid.body).toMatchObject({ statusCode: 200, delivered: true });
    const after = await callContract(transactionContracts.get, {
      params: { id: tx.id },
      token: student.token,
    });
    expect(after.body.status).toBe(TransactionStatus.Paid);
    const subs = await subscriptionsOf(student.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ status: "active", transaction_id: tx.id });
    const current = await callContract(subscriptionContracts.current, { token: student.token });
    expect(current.body.info!.transactionId).toBe(tx.id);
  });

  it("refuses a forged notification and changes nothing", async () => {
    const { student, tx } = await payByReference();
    const forged = await signedNotification(tx, "PAID", "not-the-secure-key");
    const res = await notifyApp(forged);
    expect(res.status).toBe(403);
    expect((await transactionRow(tx.id))!.status).toBe(TransactionStatus.New);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
  });

  it("refuses a tampered notification (status changed after signing)", async () => {
    const { student, tx } = await payByReference();
    const signed = await signedNotification(tx, "EXPIRED");
    const res = await notifyApp({ ...signed, orderStatus: "PAID" });
    expect(res.status).toBe(403);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
  });

  it("keeps Paid when NEW or EXPIRED arrives after PAID", async () => {
    const { student, tx } = await payByReference();
    await notifyApp(await signedNotification(tx, "PAID"));
    await notifyApp(await signedNotification(tx, "NEW"));
    await notifyApp(await signedNotification(tx, "EXPIRED"));
    expect((await transactionRow(tx.id))!.status).toBe(TransactionStatus.Paid);
    expect((await subscriptionsOf(student.id))[0]!.status).toBe("active");
  });

  it("does not change state from a browser redirect alone (status stays New until Fawry says otherwise)", async () => {
    const { student, tx } = await payByReference();
    const status = await callContract(paymentContracts.paymentStatus, {
      query: { transactionId: tx.id },
      token: student.token,
    });
    expect(status.body.status).toBe(TransactionStatus.New);
  });

  it("ends the subscription when a SuperAdmin refunds through the sandbox", async () => {
    const { student, res, tx } = await payByReference();
    await call("POST", `${SANDBOX}/__emu/pay/${res.body.referenceNumber}`);
    const { createUser } = await import("./factories-lessons");
    const admin = await createUser(1);
    const refund = await callContract(paymentContracts.refund, {
      token: admin.token,
      body: { transactionId: tx.id, idempotencyKey: crypto.randomUUID() },
    });
    expect(refund.status).toBe(200);
    expect(refund.body.status).toBe(TransactionStatus.Refunded);
    expect((await subscriptionsOf(student.id))[0]!.status).toBe("canceled");
  });

  it("fails the transaction with card-declined when the bank declines a card", async () => {
    const student = await createStudent();
    const planId = await createPlan();
    const { cards } = await addCard(student);
    const res = await callContract(paymentContracts.payCard, {
      token: student.token,
      body: { planId, period: 0, cardToken: cards[0]!.token, cvv: DECLINED_CVV },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe("card-declined");
    const last = await callContract(transactionContracts.last, { token: student.token });
    expect(last.body.status).toBe(TransactionStatus.Failed);
    expect(await subscriptionsOf(student.id)).toHaveLength(0);
  });

  it("refuses a reused merchantRefNum in the sandbox", async () => {
    const { signatures } = await import("../../worker/integrations/fawry");
    const { LOCAL_FAWRY } = await import("../../worker/integrations/emulated");
    const body = {
      merchantCode: LOCAL_FAWRY.merchantCode,
      merchantRefNum: "19999999999",
      customerProfileId: "5",
      amount: 10,
      paymentMethod: "PAYATFAWRY",
    };
    const signature = await signatures.payAtFawry(LOCAL_FAWRY, body);
    const first = await call("POST", `${SANDBOX}/ECommerceWeb/Fawry/payments/charge`, {
      body: { ...body, signature },
    });
    expect(first.body.statusCode).toBe(200);
    const second = await call("POST", `${SANDBOX}/ECommerceWeb/Fawry/payments/charge`, {
      body: { ...body, signature },
    });
    expect(second.body.statusCode).not.toBe(200);
  });

  it("answers 9946 from the sandbox for a bad signature", async () => {
    const res = await call("POST", `${SANDBOX}/ECommerceWeb/Fawry/payments/charge`, {
      body: {
        merchantCode: "DARS-LOCAL-MERCHANT",
        merchantRefNum: "1888",
        customerProfileId: "5",
        amount: 10,
        paymentMethod: "PAYATFAWRY",
        signature: "0".repeat(64),
      },
    });
    expect(res.body.statusCode).toBe(9946);
  });
});
