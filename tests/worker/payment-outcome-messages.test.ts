// What a card payment's outcome tells the student: why a 3-D Secure payment failed, kept from
// what Fawry said (worker/domain/payments/transactions.ts, paymentFailureOf), and the
// confirmation of a successful one with its receipt, once per transaction
// (worker/domain/payments/confirmation.ts).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PlanPeriod, TransactionStatus } from "../../schema/enums";
import { DECLINED_CVV } from "../../emulators/fawry/app";
import { createPlan, createStudent, type Session } from "./factories-lessons";
import { addCard, notifyApp, signedNotification, submitForm, transactionRow } from "./factories-payments";
import { callContract } from "./helpers";
import { paymentContracts } from "../../schema/api/payment";
import { transactionContracts } from "../../schema/api/transaction";
import { paidDedupeKey } from "../../worker/domain/payments/confirmation";

async function cardCharge(cvv = "123", weeklyMinutes = 120) {
  const student = await createStudent();
  const planId = await createPlan({ weeklyMinutes });
  const { cards } = await addCard(student);
  const charge = await callContract(paymentContracts.payCard, {
    token: student.token,
    body: { planId, period: PlanPeriod.Month, cardToken: cards[0]!.token, cvv },
  });
  return { student, charge };
}

/** Presses one of the sandbox 3-D Secure page's buttons (pay, fail, or fail as a named failure). */
const press = (redirectUrl: string, action: string) =>
  submitForm(`${new URL(redirectUrl).pathname}/${action}`, {});

async function statusOf(student: Session, transactionId: number) {
  const res = await callContract(paymentContracts.paymentStatus, {
    query: { transactionId },
    token: student.token,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function outboxOf(userId: number) {
  const { results } = await env.DB.prepare(
    "SELECT channel, subject, body, dedupe_key AS dedupeKey FROM notifications_outbox WHERE user_id = ? ORDER BY id",
  )
    .bind(userId)
    .all<{ channel: string; subject: string; body: string; dedupeKey: string | null }>();
  return results;
}

describe("a failed 3-D Secure payment keeps why it failed", () => {
  for (const [action, failure] of [
    ["fail?as=decline", "declined"],
    ["fail?as=authentication", "authentication"],
    ["fail?as=cancel", "canceled"],
    ["fail", "other"],
  ] as const) {
    it(`${action}: the transaction is Failed and says «${failure}», on the status query and the list`, async () => {
      const { student, charge } = await cardCharge();
      const back = await press(charge.body.redirectUrl, action);
      expect(back.status).toBe(302);
      const id = charge.body.transaction.id;
      const status = await statusOf(student, id);
      expect(status).toMatchObject({ status: TransactionStatus.Failed, failure });
      const last = await callContract(transactionContracts.last, { token: student.token });
      expect(last.body).toMatchObject({ id, failure });
      // What Fawry said is stored with the transaction.
      const row = await env.DB.prepare("SELECT provider_payload AS payload FROM transactions WHERE id = ?")
        .bind(id)
        .first<{ payload: string }>();
      if (failure !== "other") expect(JSON.parse(row!.payload).failureReason).toEqual(expect.any(String));
    });
  }

  it("a card the bank refuses at the charge is Failed as declined", async () => {
    const { student, charge } = await cardCharge(DECLINED_CVV);
    expect(charge.status).toBe(422);
    expect(charge.body).toMatchObject({ code: "card-declined" });
    const last = await callContract(transactionContracts.last, { token: student.token });
    expect(last.body).toMatchObject({ status: TransactionStatus.Failed, failure: "declined" });
  });

  it("a transaction that did not fail has no failure", async () => {
    const { student, charge } = await cardCharge();
    expect((await statusOf(student, charge.body.transaction.id)).failure).toBeNull();
    await press(charge.body.redirectUrl, "pay");
    expect(await statusOf(student, charge.body.transaction.id)).toMatchObject({
      status: TransactionStatus.Paid,
      failure: null,
    });
  });
});

describe("a successful payment's confirmation", () => {
  it("is stored once per paid transaction, in Arabic digits, with the receipt number, plan, amount, method and reference", async () => {
    const { student, charge } = await cardCharge("123", 120);
    const id = charge.body.transaction.id;
    expect(await outboxOf(student.id)).toHaveLength(0);
    await press(charge.body.redirectUrl, "pay");
    const row = (await transactionRow(id))!;
    expect(row.status).toBe(TransactionStatus.Paid);

    // The same notification again, and the status query: nothing more is sent.
    const again = await notifyApp(
      await signedNotification(
        {
          merchantRefNum: row.merchant_ref_num,
          fawryRefNumber: row.fawry_ref_number,
          amount: row.amount,
          userId: row.user_id,
        },
        "PAID",
      ),
    );
    expect(again.status).toBe(200);
    await statusOf(student, id);

    const sent = await outboxOf(student.id);
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message!.channel).toBe("email");
    expect(message!.dedupeKey).toBe(`${paidDedupeKey(id)}:email`);
    const number = `P-${String(id).padStart(6, "0")}`;
    expect(message!.subject).toContain(number);
    expect(message!.body).toContain(number);
    const amount = new Intl.NumberFormat("ar-EG", { style: "currency", currency: "EGP" })
      .formatToParts(row.amount / 100)
      .filter((part) => part.type === "integer")
      .map((part) => part.value)
      .join("");
    expect(amount).toMatch(/^[٠-٩٬]+$/);
    expect(message!.body).toContain(amount);
    expect(message!.body).toContain("١٢٠ دقيقة");
    expect(message!.body).toContain("بطاقة بنكية");
    expect(message!.body).toContain(row.fawry_ref_number!);
    // No Western digits outside the receipt number and the reference.
    const rest = message!.body.replace(number, "").replace(row.fawry_ref_number!, "");
    expect(rest).not.toMatch(/[0-9]/);
  });

  it("is not sent for a failed payment", async () => {
    const { student, charge } = await cardCharge();
    await press(charge.body.redirectUrl, "fail?as=decline");
    expect(await outboxOf(student.id)).toHaveLength(0);
  });
});
