// A tutor's edit of a waiting withdrawal is a proposal (UpdateRequested) that staff approve or
// refuse (docs/rules.md, Tutor earnings and withdrawals; worker/domain/payments/invoices.ts).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { invoiceContracts, type InvoiceView } from "../../schema/api/invoice";
import { InvoiceStatus, Role, WithdrawMethod } from "../../schema/enums";
import { callContract } from "./helpers";
import { TestSocket, closeAll } from "./factories-chat";
import {
  admin,
  asAuth,
  changeInvoice,
  createUser,
  outboxFor,
  pendingInvoice,
  requestWithdrawal,
  storedInvoice,
  tutorWithEarnings,
  uploadReceipt,
  wallet,
} from "./factories-invoices";

const EGP = 100;
/** Money as the screens and the messages show it (web/src/lib/format.ts, formatMoney). */
const money = (piasters: number) =>
  new Intl.NumberFormat("ar-EG", {
    style: "currency",
    currency: "EGP",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(piasters / 100);

const newWallet = { action: "update", method: WithdrawMethod.Wallet, phone: "01112345678" } as const;

async function statsOf(tutor: { id: number; token: string }) {
  return (await callContract(invoiceContracts.stats, { params: { id: tutor.id }, token: tutor.token })).body;
}

async function auditRows(invoiceId: number) {
  const { results } = await env.DB.prepare(
    "SELECT actor_id, action, before, after FROM audit_log WHERE target_type = 'invoice' AND target_id = ? ORDER BY id",
  )
    .bind(String(invoiceId))
    .all<{ actor_id: number; action: string; before: string; after: string }>();
  return results.map((row) => ({ ...row, before: JSON.parse(row.before), after: JSON.parse(row.after) }));
}

describe("a tutor's update of a waiting request", () => {
  it("is kept beside the values in force as UpdateRequested, and both sides see the proposal", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor, 100 * EGP);
    const response = await changeInvoice(tutor, id, { ...newWallet, amount: 150 * EGP, receiver: "سعاد" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: InvoiceStatus.UpdateRequested,
      amount: 100 * EGP,
      phone: "01012345678",
      receiver: null,
      updateRequest: {
        amount: 150 * EGP,
        method: WithdrawMethod.Wallet,
        phone: "01112345678",
        receiver: "سعاد",
        bank: null,
      },
    });
    expect(response.body.updateRequest.requestedAt).toBeTruthy();
    expect(await storedInvoice(id)).toMatchObject({ amount: 100 * EGP, phone: "01012345678", status: 5 });
    const seenByStaff = await callContract(invoiceContracts.list, {
      query: { status: InvoiceStatus.UpdateRequested, userId: tutor.id },
      token: staff.token,
    });
    expect(seenByStaff.body).toMatchObject({
      total: 1,
      list: [{ id, amount: 100 * EGP, updateRequest: { amount: 150 * EGP } }],
    });
    // The tutor's own change is not a staff write.
    expect(await auditRows(id)).toEqual([]);
  });

  it("changes nothing when nothing changes", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor, 100 * EGP);
    const before = await storedInvoice(id);
    const same = await changeInvoice(tutor, id, {
      action: "update",
      amount: 100 * EGP,
      method: WithdrawMethod.Wallet,
      phone: "01012345678",
    });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ status: InvoiceStatus.PendingApproval, updateRequest: null });
    expect(await storedInvoice(id)).toEqual(before);
    // The amount left out is the amount in force.
    expect(
      (await changeInvoice(tutor, id, { action: "update", method: 0, phone: "01012345678" })).body.status,
    ).toBe(InvoiceStatus.PendingApproval);
  });

  it("is replaced by a further edit, withdrawn by going back to the values in force, and unchanged by the same proposal", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor, 100 * EGP);
    await changeInvoice(tutor, id, { ...newWallet, amount: 120 * EGP });
    const replaced = await changeInvoice(tutor, id, {
      action: "update",
      amount: 130 * EGP,
      method: WithdrawMethod.Instapay,
      username: "soad@instapay",
    });
    expect(replaced.body.updateRequest).toMatchObject({
      amount: 130 * EGP,
      method: WithdrawMethod.Instapay,
      username: "soad@instapay",
      phone: null,
    });
    const stored = await storedInvoice(id);
    const again = await changeInvoice(tutor, id, {
      action: "update",
      amount: 130 * EGP,
      method: WithdrawMethod.Instapay,
      username: "soad@instapay",
    });
    expect(again.body.status).toBe(InvoiceStatus.UpdateRequested);
    expect(await storedInvoice(id)).toEqual(stored);
    const withdrawn = await changeInvoice(tutor, id, {
      action: "update",
      method: WithdrawMethod.Wallet,
      phone: "01012345678",
    });
    expect(withdrawn.body).toMatchObject({ status: InvoiceStatus.PendingApproval, updateRequest: null });
    expect(await storedInvoice(id)).toMatchObject({
      status: 0,
      update_request: null,
      update_requested_at: null,
    });
  });

  it("holds the proposed amount to the limits and the balance, storing nothing when refused", async () => {
    const tutor = await tutorWithEarnings(300 * EGP);
    const id = await pendingInvoice(tutor, 100 * EGP);
    await pendingInvoice(tutor, 100 * EGP);
    const low = await changeInvoice(tutor, id, { ...newWallet, amount: 99 * EGP });
    expect(low.body).toMatchObject({
      code: "min-invoice-amount-subceeded",
      fields: { amount: "min-invoice-amount-subceeded" },
    });
    const high = await changeInvoice(tutor, id, { ...newWallet, amount: 50_000 * EGP + 1 });
    expect(high.body.code).toBe("max-invoice-amount-exceeded");
    // 300 earned − 100 held by the other request: at most 200 for this one.
    const over = await changeInvoice(tutor, id, { ...newWallet, amount: 201 * EGP });
    expect([over.status, over.body.code]).toEqual([422, "insufficient-balance"]);
    expect(await storedInvoice(id)).toMatchObject({ status: 0, update_request: null, amount: 100 * EGP });
    expect((await changeInvoice(tutor, id, { ...newWallet, amount: 200 * EGP })).status).toBe(200);
  });

  it("reserves the larger of the current and the proposed amount, so the tutor cannot over-withdraw", async () => {
    const tutor = await tutorWithEarnings(300 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor, 150 * EGP);
    await changeInvoice(tutor, id, { ...newWallet, amount: 250 * EGP });
    expect(await statsOf(tutor)).toMatchObject({ pending: 250 * EGP, withdrawable: 50 * EGP });
    expect((await requestWithdrawal(tutor, wallet(100 * EGP))).body.code).toBe("insufficient-balance");
    // A smaller proposal holds the amount in force.
    await changeInvoice(tutor, id, { ...newWallet, amount: 120 * EGP });
    expect(await statsOf(tutor)).toMatchObject({ pending: 150 * EGP, withdrawable: 150 * EGP });
    await changeInvoice(tutor, id, { ...newWallet, amount: 250 * EGP });
    // Refused: back to holding the amount in force.
    await changeInvoice(staff, id, { action: "refuse-update" });
    expect(await statsOf(tutor)).toMatchObject({ pending: 150 * EGP, withdrawable: 150 * EGP });
  });

  it("can still be cancelled by the tutor, which drops the proposal", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor, 100 * EGP);
    await changeInvoice(tutor, id, { ...newWallet, amount: 150 * EGP });
    const canceling = await changeInvoice(tutor, id, { action: "cancel" });
    expect(canceling.body).toMatchObject({ status: InvoiceStatus.PendingCancellation, updateRequest: null });
    expect(await storedInvoice(id)).toMatchObject({ update_request: null, amount: 100 * EGP });
    // Cancellation refused: the request is back as it was before the edit.
    const refused = await changeInvoice(staff, id, { action: "refuse-cancel" });
    expect(refused.body).toMatchObject({ status: InvoiceStatus.PendingApproval, amount: 100 * EGP });
  });

  it("is refused once the request left the waiting statuses", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor, 100 * EGP);
    await changeInvoice(tutor, id, { action: "cancel" });
    const response = await changeInvoice(tutor, id, { ...newWallet, amount: 120 * EGP });
    expect([response.status, response.body.code]).toEqual([409, "illegal-invoice-update"]);
  });

  it("refuses bad input with its code", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor, 100 * EGP);
    expect((await changeInvoice(tutor, id, { ...newWallet, amount: "مية" })).body.code).toBe("invalid-type");
    expect((await changeInvoice(tutor, id, { ...newWallet, amount: 0 })).body.code).toBe(
      "min-invoice-amount-subceeded",
    );
    expect(
      (await changeInvoice(tutor, id, { action: "update", amount: 150 * EGP, method: 0 })).body.code,
    ).toBe("invalid-phone");
    expect((await changeInvoice(tutor, id, { action: "approve-everything" })).body.code).toBe("bad-request");
    expect(await storedInvoice(id)).toMatchObject({ status: 0, update_request: null });
  });
});

describe("staff settle a proposed update", () => {
  it("approve it: the new values apply, the request waits for payment again, audited, and the tutor is told", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor, 100 * EGP);
    await changeInvoice(tutor, id, {
      action: "update",
      amount: 150 * EGP,
      method: WithdrawMethod.Bank,
      bank: "NBE",
      accountNumber: "1234567890",
      receiver: "سعاد",
    });
    const response = await changeInvoice(staff, id, { action: "approve-update" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: InvoiceStatus.PendingApproval,
      amount: 150 * EGP,
      method: WithdrawMethod.Bank,
      bank: "NBE",
      accountNumber: "1234567890",
      phone: null,
      receiver: "سعاد",
      updateRequest: null,
      addressedBy: staff.id,
    } satisfies Partial<InvoiceView>);
    expect(await storedInvoice(id)).toMatchObject({ update_request: null, update_requested_at: null });
    expect(await auditRows(id)).toEqual([
      {
        actor_id: staff.id,
        action: "invoice.approve-update",
        before: { status: InvoiceStatus.UpdateRequested, amount: 100 * EGP, method: WithdrawMethod.Wallet },
        after: {
          status: InvoiceStatus.PendingApproval,
          amount: 150 * EGP,
          method: WithdrawMethod.Bank,
          proposed: ["amount", "method", "receiver", "phone", "bank", "accountNumber"],
        },
      },
    ]);
    const [message] = await outboxFor(tutor.id);
    expect(message).toMatchObject({ channel: "email", subject: "وافقنا على تعديل طلب السحب في درس" });
    expect(message?.body).toContain(money(150 * EGP));
    expect(message?.body).toContain("١٥٠");
    expect(await statsOf(tutor)).toMatchObject({ pending: 150 * EGP, withdrawable: 350 * EGP });
    // Then paid as usual, at the new amount.
    expect((await uploadReceipt(staff, id)).body).toMatchObject({
      status: InvoiceStatus.Approved,
      amount: 150 * EGP,
    });
  });

  it("refuse it with a reason: the values in force stay, the reason is the note, audited, and the tutor is told", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await createUser(Role.RegularAdmin);
    const id = await pendingInvoice(tutor, 100 * EGP);
    await changeInvoice(tutor, id, { ...newWallet, amount: 200 * EGP });
    const response = await changeInvoice(staff, id, {
      action: "refuse-update",
      note: "المبلغ الجديد أكبر من المتفق عليه",
    });
    expect(response.body).toMatchObject({
      status: InvoiceStatus.PendingApproval,
      amount: 100 * EGP,
      phone: "01012345678",
      updateRequest: null,
      note: "المبلغ الجديد أكبر من المتفق عليه",
      addressedBy: staff.id,
    });
    expect(await auditRows(id)).toEqual([
      {
        actor_id: staff.id,
        action: "invoice.refuse-update",
        before: { status: InvoiceStatus.UpdateRequested, amount: 100 * EGP, method: WithdrawMethod.Wallet },
        after: {
          status: InvoiceStatus.PendingApproval,
          amount: 100 * EGP,
          method: WithdrawMethod.Wallet,
          proposed: ["amount", "phone"],
          note: "المبلغ الجديد أكبر من المتفق عليه",
        },
      },
    ]);
    const [message] = await outboxFor(tutor.id);
    expect(message?.subject).toBe("مقدرناش نوافق على تعديل طلب السحب في درس");
    expect(message?.body).toContain(money(100 * EGP));
    expect(message?.body).toContain("السبب");
  });

  it("refuse it without a reason, keeping the tutor's note", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const created = await requestWithdrawal(tutor, wallet(100 * EGP, { note: "حوّل الصبح" }));
    const id = created.body.id as number;
    await changeInvoice(tutor, id, { ...newWallet });
    const response = await changeInvoice(await admin(), id, { action: "refuse-update" });
    expect(response.body).toMatchObject({ status: InvoiceStatus.PendingApproval, note: "حوّل الصبح" });
    expect((await outboxFor(tutor.id))[0]?.body).not.toContain("السبب");
  });

  it("must settle it before paying, rejecting or cancelling the request; a note is still fine", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor, 100 * EGP);
    await changeInvoice(tutor, id, { ...newWallet, amount: 150 * EGP });
    const paying = await uploadReceipt(staff, id);
    expect([paying.status, paying.body.code]).toEqual([409, "invoice-update-pending"]);
    expect((await env.MEDIA.list({ prefix: `receipts/invoice-${id}-` })).objects).toHaveLength(0);
    expect((await changeInvoice(staff, id, { action: "reject", note: "لا" })).body.code).toBe(
      "invoice-update-pending",
    );
    expect((await changeInvoice(staff, id, { action: "cancel" })).body.code).toBe("invoice-update-pending");
    expect((await changeInvoice(staff, id, { action: "note", note: "بنراجع التعديل" })).body).toMatchObject({
      status: InvoiceStatus.UpdateRequested,
      note: "بنراجع التعديل",
    });
    expect(await storedInvoice(id)).toMatchObject({ status: 5, receipt: null, amount: 100 * EGP });
  });

  it("cannot settle an update nobody proposed", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor, 100 * EGP);
    const response = await changeInvoice(await admin(), id, { action: "approve-update" });
    expect([response.status, response.body.code]).toEqual([409, "illegal-invoice-update"]);
    expect(await auditRows(id)).toEqual([]);
  });

  it("is for admins only: not the tutor, another tutor, a tutor manager or a student", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor, 100 * EGP);
    await changeInvoice(tutor, id, { ...newWallet, amount: 150 * EGP });
    expect((await changeInvoice(tutor, id, { action: "approve-update" })).body.code).toBe("forbidden");
    const other = await tutorWithEarnings(0);
    expect((await changeInvoice(other, id, { action: "approve-update" })).body.code).toBe(
      "invoice-not-found",
    );
    const manager = await tutorWithEarnings(0, Role.TutorManager);
    expect((await changeInvoice(manager, id, { action: "refuse-update" })).body.code).toBe(
      "invoice-not-found",
    );
    const student = await createUser(Role.Student);
    expect((await changeInvoice(student, id, { action: "approve-update" })).status).toBe(403);
    // Staff do not propose updates themselves.
    expect((await changeInvoice(await admin(), id, { ...newWallet })).body.code).toBe("forbidden");
    expect(await storedInvoice(id)).toMatchObject({ status: 5, amount: 100 * EGP });
  });

  it("refuses a reason with a script", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor, 100 * EGP);
    await changeInvoice(tutor, id, { ...newWallet });
    const response = await changeInvoice(await admin(), id, {
      action: "refuse-update",
      note: "<script>alert(1)</script>",
    });
    expect(response.body.code).toBe("invalid-invoice-note-html");
    expect((await storedInvoice(id))?.status).toBe(5);
  });

  it("let only one of two racing decisions win, with one audit row", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor, 100 * EGP);
    await changeInvoice(tutor, id, { ...newWallet, amount: 150 * EGP });
    const answers = await Promise.all([
      changeInvoice(staff, id, { action: "approve-update" }),
      changeInvoice(staff, id, { action: "refuse-update" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await auditRows(id)).toHaveLength(1);
  });

  it("tell the tutor's sockets and staff through InvoiceUpdated and AdminInvoices", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor, 100 * EGP);
    const tutorSocket = await TestSocket.userChannel(asAuth(tutor));
    const staffSocket = await TestSocket.open(`/parties/admin-channel/main?token=${staff.token}`);
    await changeInvoice(tutor, id, { ...newWallet, amount: 150 * EGP });
    expect(await staffSocket.next("AdminInvoices", (p) => p.invoiceId === id)).toEqual({ invoiceId: id });
    expect(await tutorSocket.next("InvoiceUpdated", (p) => p.invoiceId === id && p.status === 5)).toEqual({
      invoiceId: id,
      status: InvoiceStatus.UpdateRequested,
    });
    await changeInvoice(staff, id, { action: "approve-update" });
    expect(await tutorSocket.next("InvoiceUpdated", (p) => p.invoiceId === id && p.status === 0)).toEqual({
      invoiceId: id,
      status: InvoiceStatus.PendingApproval,
    });
    await closeAll(tutorSocket, staffSocket);
  });
});
