import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Bank, InvoiceStatus, Role, WithdrawMethod } from "../../schema/enums";
import { transitionFor } from "../../worker/domain/payments/invoices";
import { call, callContract } from "./helpers";
import { TestSocket, closeAll } from "./factories-chat";
import {
  addEarnings,
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
import { invoiceContracts } from "../../schema/api/invoice";
import { statsContracts } from "../../schema/api/stats";

const EGP = 100;

describe("requesting a withdrawal", () => {
  it("stores a wallet request for a tutor with enough balance, pending approval", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const response = await requestWithdrawal(
      tutor,
      wallet(150 * EGP, { phone: "٠١٠١٢٣٤٥٦٧٨", receiver: "أحمد علي" }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      userId: tutor.id,
      amount: 15_000,
      method: WithdrawMethod.Wallet,
      phone: "01012345678",
      status: InvoiceStatus.PendingApproval,
      receiver: "أحمد علي",
    });
    expect(await storedInvoice(response.body.id)).toMatchObject({
      user_id: tutor.id,
      amount: 15_000,
      method: 0,
      phone: "01012345678",
      status: 0,
      bank: null,
    });
  });

  it("lets a tutor manager who teaches withdraw their earnings", async () => {
    const manager = await tutorWithEarnings(200 * EGP, Role.TutorManager);
    expect((await requestWithdrawal(manager, wallet(100 * EGP))).status).toBe(201);
  });

  it("stores a bank request with the bank and the account number only", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const response = await requestWithdrawal(tutor, {
      amount: 100 * EGP,
      method: WithdrawMethod.Bank,
      bank: "cib",
      accountNumber: "1234 5678 9012",
      phone: "01012345678",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      method: WithdrawMethod.Bank,
      bank: Bank.CIB,
      accountNumber: "123456789012",
      phone: null,
    });
  });

  it("stores an Instapay request with its address", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const response = await requestWithdrawal(tutor, {
      amount: 100 * EGP,
      method: WithdrawMethod.Instapay,
      username: "Ahmed_1@instapay",
    });
    expect(response.status).toBe(201);
    expect(await storedInvoice(response.body.id)).toMatchObject({ method: 2, username: "ahmed_1@instapay" });
  });

  it("refuses less than 100 EGP", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const response = await requestWithdrawal(tutor, wallet(99 * EGP));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: "min-invoice-amount-subceeded",
      fields: { amount: "min-invoice-amount-subceeded" },
    });
  });

  it("refuses more than 50,000 EGP", async () => {
    const tutor = await tutorWithEarnings(60_000 * EGP);
    const response = await requestWithdrawal(tutor, wallet(50_000 * EGP + 1));
    expect(response.body.code).toBe("max-invoice-amount-exceeded");
  });

  it("accepts exactly 50,000 EGP when the balance covers it", async () => {
    const tutor = await tutorWithEarnings(50_000 * EGP);
    expect((await requestWithdrawal(tutor, wallet(50_000 * EGP))).status).toBe(201);
  });

  it("refuses an amount above the withdrawable balance and stores nothing", async () => {
    const tutor = await tutorWithEarnings(120 * EGP);
    const response = await requestWithdrawal(tutor, wallet(121 * EGP));
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("insufficient-balance");
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM invoices WHERE user_id = ?")
      .bind(tutor.id)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("counts pending and approved requests against the balance, not rejected or canceled ones", async () => {
    const tutor = await tutorWithEarnings(400 * EGP);
    const staff = await admin();
    const approved = await pendingInvoice(tutor, 100 * EGP);
    expect((await uploadReceipt(staff, approved)).status).toBe(200);
    const rejected = await pendingInvoice(tutor, 100 * EGP);
    expect(
      (await changeInvoice(staff, rejected, { action: "reject", note: "بيانات المحفظة غير صحيحة" })).status,
    ).toBe(200);
    const canceled = await pendingInvoice(tutor, 100 * EGP);
    await changeInvoice(tutor, canceled, { action: "cancel" });
    expect((await changeInvoice(staff, canceled, { action: "approve-cancel" })).status).toBe(200);
    await pendingInvoice(tutor, 100 * EGP);
    // 400 earned − 100 approved − 100 pending = 200 left.
    expect((await requestWithdrawal(tutor, wallet(201 * EGP))).body.code).toBe("insufficient-balance");
    expect((await requestWithdrawal(tutor, wallet(200 * EGP))).status).toBe(201);
  });

  it("counts only fulfilled lessons: not cancelled, not reported absent, not yet ended", async () => {
    const tutor = await tutorWithEarnings(100 * EGP);
    await addEarnings(tutor.id, 500 * EGP, { canceled: true });
    await addEarnings(tutor.id, 500 * EGP, { reportedAbsent: true });
    await addEarnings(tutor.id, 500 * EGP, { hoursAgo: -2 }); // starts in two hours
    const stats = await callContract(invoiceContracts.stats, {
      params: { id: tutor.id },
      token: tutor.token,
    });
    expect(stats.body).toMatchObject({ earnings: 100 * EGP, withdrawable: 100 * EGP });
    expect((await requestWithdrawal(tutor, wallet(101 * EGP))).body.code).toBe("insufficient-balance");
  });

  it("never overdraws when two requests race for the same balance", async () => {
    const tutor = await tutorWithEarnings(150 * EGP);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => requestWithdrawal(tutor, wallet(100 * EGP))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    const { total } = (await env.DB.prepare(
      "SELECT COALESCE(SUM(amount), 0) AS total FROM invoices WHERE user_id = ?",
    )
      .bind(tutor.id)
      .first<{ total: number }>())!;
    expect(total).toBe(100 * EGP);
  });

  it("needs a phone for a wallet", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const response = await requestWithdrawal(tutor, { amount: 100 * EGP, method: WithdrawMethod.Wallet });
    expect(response.body).toMatchObject({ code: "invalid-phone", fields: { phone: "invalid-phone" } });
  });

  it("refuses a phone that is not an Egyptian mobile", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    expect((await requestWithdrawal(tutor, wallet(100 * EGP, { phone: "01312345678" }))).body.code).toBe(
      "invalid-phone",
    );
  });

  it("needs a bank for a bank transfer", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const response = await requestWithdrawal(tutor, {
      amount: 100 * EGP,
      method: WithdrawMethod.Bank,
      accountNumber: "12345678",
    });
    expect(response.body.code).toBe("empty-bank-name");
  });

  it("refuses a bank that is not one of the seven", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const response = await requestWithdrawal(tutor, {
      amount: 100 * EGP,
      method: WithdrawMethod.Bank,
      bank: "HSBC",
      accountNumber: "12345678",
    });
    expect(response.body.code).toBe("invalid-bank-name");
  });

  it("refuses an account number that is not 6 to 30 digits", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const short = await requestWithdrawal(tutor, {
      amount: 100 * EGP,
      method: WithdrawMethod.Bank,
      bank: "NBE",
      accountNumber: "12345",
    });
    expect(short.body.code).toBe("invalid-bank-account-number");
    const missing = await requestWithdrawal(tutor, {
      amount: 100 * EGP,
      method: WithdrawMethod.Bank,
      bank: "NBE",
    });
    expect(missing.body.code).toBe("invalid-bank-account-number");
  });

  it("refuses an Instapay address without @instapay", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const response = await requestWithdrawal(tutor, {
      amount: 100 * EGP,
      method: WithdrawMethod.Instapay,
      username: "ahmed@gmail.com",
    });
    expect(response.body.code).toBe("instapay-username-invalid");
  });

  it("refuses an unknown method", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    expect(
      (await requestWithdrawal(tutor, { amount: 100 * EGP, method: 3, phone: "01012345678" })).body.code,
    ).toBe("invalid-withdraw-method");
  });

  it("keeps a sanitised note and refuses a note with a script or longer than 1000 characters", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const kept = await requestWithdrawal(
      tutor,
      wallet(100 * EGP, { note: "<p>حوّل <u>مساءً</u></p><img src=x>" }),
    );
    expect(kept.status).toBe(201);
    expect((await storedInvoice(kept.body.id))?.note).toBe("<p>حوّل <u>مساءً</u></p>");
    expect(
      (await requestWithdrawal(tutor, wallet(100 * EGP, { note: "<script>alert(1)</script>" }))).body.code,
    ).toBe("invalid-invoice-note-html");
    expect((await requestWithdrawal(tutor, wallet(100 * EGP, { note: "أ".repeat(1001) }))).body.code).toBe(
      "long-invoice-note",
    );
  });

  it("is not open to students or staff", async () => {
    const student = await createUser(Role.Student);
    expect((await requestWithdrawal(student, wallet(100 * EGP))).status).toBe(403);
    expect((await requestWithdrawal(await admin(), wallet(100 * EGP))).status).toBe(403);
    expect((await callContract(invoiceContracts.create, { body: wallet(100 * EGP) })).status).toBe(401);
  });
});

describe("the tutor's changes", () => {
  it("asks to cancel a pending request", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor);
    const response = await changeInvoice(tutor, id, { action: "cancel" });
    expect(response.body).toMatchObject({ id, status: InvoiceStatus.PendingCancellation });
    expect(await storedInvoice(id)).toMatchObject({ status: 1, addressed_by: null });
  });

  it("proposes a new method and receiver while pending, dropping the old method's fields, the values in force kept", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor);
    const response = await changeInvoice(tutor, id, {
      action: "update",
      method: WithdrawMethod.Instapay,
      username: "mona@instapay",
      receiver: "منى",
    });
    expect(response.status).toBe(200);
    const stored = await storedInvoice(id);
    expect(stored).toMatchObject({ method: 0, phone: "01012345678", username: null, status: 5 });
    expect(JSON.parse(String(stored?.update_request))).toEqual({
      amount: 100 * EGP,
      method: 2,
      receiver: "منى",
      phone: null,
      bank: null,
      accountNumber: null,
      username: "mona@instapay",
    });
  });

  it("cannot change a request that is waiting for its cancellation", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor);
    await changeInvoice(tutor, id, { action: "cancel" });
    const response = await changeInvoice(tutor, id, { action: "update", method: 0, phone: "01112345678" });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe("illegal-invoice-update");
  });

  it("cannot take staff decisions on their own request", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor);
    expect((await changeInvoice(tutor, id, { action: "reject", note: "لا" })).status).toBe(403);
    expect((await uploadReceipt(tutor, id)).status).toBe(403);
    expect((await storedInvoice(id))?.status).toBe(0);
  });

  it("cannot see or touch another tutor's request", async () => {
    const owner = await tutorWithEarnings(500 * EGP);
    const other = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(owner);
    expect((await changeInvoice(other, id, { action: "cancel" })).body.code).toBe("invoice-not-found");
    expect(
      (await callContract(invoiceContracts.stats, { params: { id: owner.id }, token: other.token })).status,
    ).toBe(403);
    expect(
      (await callContract(invoiceContracts.list, { query: { userId: owner.id }, token: other.token })).status,
    ).toBe(403);
    expect((await storedInvoice(id))?.status).toBe(0);
  });

  it("answers invoice-not-found for a request that does not exist", async () => {
    const tutor = await tutorWithEarnings(0);
    const response = await changeInvoice(tutor, 999_999, { action: "cancel" });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("invoice-not-found");
  });
});

describe("staff decisions", () => {
  it("approve a pending request with a PDF receipt stored in R2, recording who acted", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor);
    const response = await uploadReceipt(staff, id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: InvoiceStatus.Approved, addressedBy: staff.id });
    const stored = await storedInvoice(id);
    expect(stored).toMatchObject({ status: 3, addressed_by: staff.id });
    expect(stored?.addressed_at).toBeTruthy();
    const object = await env.MEDIA.get(String(stored?.receipt));
    expect(object?.size).toBe(1024);
    expect(object?.httpMetadata?.contentType).toBe("application/pdf");
    await object?.arrayBuffer();
  });

  it("accept an image receipt", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor);
    expect((await uploadReceipt(await admin(), id, { type: "image/png", name: "r.png" })).status).toBe(200);
  });

  it("refuse to pay a request the earnings no longer cover (a lesson reported absent since) with invoice-not-valid, storing no receipt", async () => {
    const tutor = await tutorWithEarnings(0);
    const lessonId = await addEarnings(tutor.id, 300 * EGP);
    await addEarnings(tutor.id, 150 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor, 200 * EGP);
    // The 300 EGP lesson is reported absent: 150 EGP earned now, 200 EGP asked.
    await env.DB.prepare("UPDATE lessons SET reported_absent_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), lessonId)
      .run();
    const refused = await uploadReceipt(staff, id);
    expect([refused.status, refused.body.code]).toEqual([422, "invoice-not-valid"]);
    expect(await storedInvoice(id)).toMatchObject({ status: InvoiceStatus.PendingApproval, receipt: null });
    expect((await env.MEDIA.list({ prefix: `receipts/invoice-${id}-` })).objects).toHaveLength(0);
    // Staff can still reject it; a covered request is paid as usual.
    expect(
      (await changeInvoice(staff, id, { action: "reject", note: "الرصيد لم يعد يغطي الطلب" })).status,
    ).toBe(200);
    const covered = await pendingInvoice(tutor, 100 * EGP);
    expect((await uploadReceipt(staff, covered)).status).toBe(200);
  });

  it("refuse a receipt over 8 MB or of another type, storing nothing", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor);
    const large = await uploadReceipt(staff, id, { bytes: 8 * 1024 * 1024 + 1 });
    expect(large.status).toBe(413);
    expect(large.body.code).toBe("large-file-size");
    expect((await uploadReceipt(staff, id, { type: "text/html", name: "r.html" })).body.code).toBe(
      "invalid-type",
    );
    expect((await uploadReceipt(staff, id, { field: "file" })).body.code).toBe("empty-request");
    expect((await env.MEDIA.list({ prefix: `receipts/invoice-${id}-` })).objects).toHaveLength(0);
    expect((await storedInvoice(id))?.status).toBe(0);
  });

  it("reject with a note and tell the tutor in Arabic", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor);
    const response = await changeInvoice(staff, id, { action: "reject", note: "رقم المحفظة غير مفعّل" });
    expect(response.body).toMatchObject({
      status: InvoiceStatus.Rejected,
      note: "رقم المحفظة غير مفعّل",
      addressedBy: staff.id,
    });
    const [message] = await outboxFor(tutor.id);
    expect(message).toMatchObject({ channel: "email", subject: "طلب السحب في درس اترفض" });
  });

  it("need a note to reject", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor);
    const response = await changeInvoice(await admin(), id, { action: "reject", note: "  " });
    expect(response.body.code).toBe("empty-invoice-note");
    expect((await storedInvoice(id))?.status).toBe(0);
  });

  it("approve a cancellation the tutor asked for", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor);
    await changeInvoice(tutor, id, { action: "cancel" });
    const response = await changeInvoice(staff, id, { action: "approve-cancel" });
    expect(response.body).toMatchObject({ status: InvoiceStatus.Canceled, addressedBy: staff.id });
    expect((await outboxFor(tutor.id)).map((m) => m.subject)).toContain("طلب السحب في درس اتلغى");
  });

  it("refuse a cancellation: the request is pending approval again", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor);
    await changeInvoice(tutor, id, { action: "cancel" });
    const response = await changeInvoice(await admin(), id, { action: "refuse-cancel" });
    expect(response.body.status).toBe(InvoiceStatus.PendingApproval);
    expect((await outboxFor(tutor.id)).map((m) => m.subject)).toContain("مقدرناش نوافق على إلغاء طلب السحب");
  });

  it("cannot approve or refuse a cancellation nobody asked for", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor);
    expect((await changeInvoice(await admin(), id, { action: "approve-cancel" })).body.code).toBe(
      "illegal-invoice-update",
    );
  });

  it("cancel a pending request directly", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await pendingInvoice(tutor);
    expect((await changeInvoice(await admin(), id, { action: "cancel" })).body.status).toBe(
      InvoiceStatus.Canceled,
    );
  });

  it("add and remove a note while pending", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor);
    expect((await changeInvoice(staff, id, { action: "note", note: "جارٍ التحويل" })).body.note).toBe(
      "جارٍ التحويل",
    );
    expect((await changeInvoice(staff, id, { action: "note", note: null })).body.note).toBeNull();
    expect((await storedInvoice(id))?.status).toBe(0);
  });

  it("treat approved, rejected and canceled as final", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const approved = await pendingInvoice(tutor);
    await uploadReceipt(staff, approved);
    const rejected = await pendingInvoice(tutor);
    await changeInvoice(staff, rejected, { action: "reject", note: "خطأ" });
    const canceled = await pendingInvoice(tutor);
    await changeInvoice(staff, canceled, { action: "cancel" });
    for (const id of [approved, rejected, canceled]) {
      expect((await uploadReceipt(staff, id)).body.code).toBe("illegal-invoice-update");
      expect((await changeInvoice(staff, id, { action: "reject", note: "خطأ" })).body.code).toBe(
        "illegal-invoice-update",
      );
      expect((await changeInvoice(staff, id, { action: "note", note: "خطأ" })).body.code).toBe(
        "illegal-invoice-update",
      );
      expect((await changeInvoice(tutor, id, { action: "cancel" })).body.code).toBe("illegal-invoice-update");
    }
    expect((await storedInvoice(approved))?.status).toBe(3);
  });

  it("are refused to a tutor manager who is not an admin", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const manager = await tutorWithEarnings(0, Role.TutorManager);
    const id = await pendingInvoice(tutor);
    expect((await uploadReceipt(manager, id)).status).toBe(403);
    expect((await changeInvoice(manager, id, { action: "reject", note: "لا" })).body.code).toBe(
      "invoice-not-found",
    );
  });

  it("let only one of two racing decisions win", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor);
    const answers = await Promise.all([
      uploadReceipt(staff, id),
      changeInvoice(staff, id, { action: "reject", note: "لا" }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe("the state table", () => {
  it("lets the owner ask to cancel only while pending approval and staff cancel while waiting", () => {
    expect(transitionFor("cancel", "owner")).toMatchObject({
      from: [InvoiceStatus.PendingApproval, InvoiceStatus.UpdateRequested],
      to: InvoiceStatus.PendingCancellation,
    });
    expect(transitionFor("cancel", "staff")).toMatchObject({
      from: [InvoiceStatus.PendingApproval, InvoiceStatus.PendingCancellation],
      to: InvoiceStatus.Canceled,
    });
    expect(transitionFor("approve", "owner")).toBeNull();
    expect(transitionFor("update", "staff")).toBeNull();
  });

  it("makes a tutor's edit a proposal staff settle, and keeps staff decisions off a waiting proposal", () => {
    expect(transitionFor("update", "owner")).toMatchObject({
      from: [InvoiceStatus.PendingApproval, InvoiceStatus.UpdateRequested],
      to: InvoiceStatus.UpdateRequested,
    });
    for (const change of ["approve-update", "refuse-update"] as const) {
      expect(transitionFor(change, "staff")).toMatchObject({
        from: [InvoiceStatus.UpdateRequested],
        to: InvoiceStatus.PendingApproval,
      });
      expect(transitionFor(change, "owner")).toBeNull();
    }
    for (const change of ["approve", "reject"] as const)
      expect(transitionFor(change, "staff")?.from).not.toContain(InvoiceStatus.UpdateRequested);
  });
});

describe("receipts", () => {
  it("are readable by the tutor and staff, not by another tutor", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor);
    const approved = await uploadReceipt(staff, id, { type: "image/png", name: "r.png" });
    const path = approved.body.receipt as string;
    expect(path).toMatch(/^\/api\/v1\/assets\/receipts\/invoice-\d+-[\w-]+\.png$/);
    const own = await call("GET", path, { token: tutor.token });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect((await call("GET", path, { token: staff.token })).status).toBe(200);
    expect((await call("GET", path, { token: (await tutorWithEarnings(0)).token })).status).toBe(403);
    expect(
      (await callContract(invoiceContracts.receipt, { params: { name: "none.png" }, token: tutor.token }))
        .body.code,
    ).toBe("asset-not-found");
  });
});

describe("lists and stats", () => {
  it("show a tutor only their own requests, newest first, filtered by status", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const other = await tutorWithEarnings(500 * EGP);
    const first = await pendingInvoice(tutor);
    const second = await pendingInvoice(tutor);
    await pendingInvoice(other);
    await changeInvoice(tutor, first, { action: "cancel" });
    const all = await callContract(invoiceContracts.list, { token: tutor.token });
    expect(all.body.total).toBe(2);
    expect(all.body.list.map((i: { id: number }) => i.id)).toEqual([second, first]);
    const waiting = await callContract(invoiceContracts.list, {
      query: { status: InvoiceStatus.PendingCancellation },
      token: tutor.token,
    });
    expect(waiting.body).toMatchObject({ total: 1, list: [{ id: first }] });
    const paged = await callContract(invoiceContracts.list, {
      query: { size: "1", page: "2" },
      token: tutor.token,
    });
    expect(paged.body).toMatchObject({ total: 2, list: [{ id: first }] });
  });

  it("show staff everyone's requests with the tutor's name, or one tutor's", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor);
    const all = await callContract(invoiceContracts.list, {
      query: { status: InvoiceStatus.PendingApproval, size: "100" },
      token: staff.token,
    });
    expect(all.body.list.find((i: { id: number }) => i.id === id)).toMatchObject({
      userId: tutor.id,
      userName: "مدرس تجريبي",
      userEmail: tutor.email,
    });
    const one = await callContract(invoiceContracts.list, {
      query: { userId: tutor.id },
      token: staff.token,
    });
    expect(one.body).toMatchObject({ total: 1, list: [{ id }] });
  });

  it("refuse an unknown status filter", async () => {
    const tutor = await tutorWithEarnings(0);
    expect(
      (await callContract(invoiceContracts.list, { query: { status: "9" }, token: tutor.token })).status,
    ).toBe(400);
  });

  it("give earnings, this month, pending, withdrawn and withdrawable in piasters", async () => {
    const tutor = await tutorWithEarnings(300 * EGP);
    await addEarnings(tutor.id, 200 * EGP, { hoursAgo: 24 * 70 }); // two months ago
    const staff = await admin();
    const paid = await pendingInvoice(tutor, 100 * EGP);
    await uploadReceipt(staff, paid);
    await pendingInvoice(tutor, 150 * EGP);
    const stats = await callContract(invoiceContracts.stats, {
      params: { id: tutor.id },
      token: tutor.token,
    });
    expect(stats.body).toMatchObject({
      earnings: 500 * EGP,
      pending: 150 * EGP,
      withdrawn: 100 * EGP,
      withdrawable: 250 * EGP,
      minAmount: 100 * EGP,
      maxAmount: 50_000 * EGP,
      workingDays: { min: 4, max: 5 },
    });
    expect(stats.body.earningsThisMonth).toBeLessThanOrEqual(300 * EGP);
    // Staff may read any tutor's numbers.
    expect(
      (await callContract(invoiceContracts.stats, { params: { id: tutor.id }, token: staff.token })).body
        .withdrawable,
    ).toBe(250 * EGP);
  });

  it("agree with the dashboard's total earnings", async () => {
    const tutor = await tutorWithEarnings(321 * EGP);
    const dashboard = await callContract(statsContracts.tutor, { token: tutor.token });
    const stats = await callContract(invoiceContracts.stats, {
      params: { id: tutor.id },
      token: tutor.token,
    });
    expect(stats.body.earnings).toBe(dashboard.body.totalEarnings);
    expect(stats.body.earningsThisMonth).toBe(dashboard.body.earningsThisMonth);
  });
});

describe("realtime", () => {
  it("tells the tutor's sockets InvoiceUpdated and staff AdminInvoices on a decision", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const id = await pendingInvoice(tutor);
    const tutorSocket = await TestSocket.userChannel(asAuth(tutor));
    const staffSocket = await TestSocket.open(`/parties/admin-channel/main?token=${staff.token}`);
    await changeInvoice(staff, id, { action: "reject", note: "خطأ في الرقم" });
    expect(await tutorSocket.next("InvoiceUpdated", (p) => p.invoiceId === id)).toEqual({
      invoiceId: id,
      status: InvoiceStatus.Rejected,
    });
    expect(await staffSocket.next("AdminInvoices", (p) => p.invoiceId === id)).toEqual({ invoiceId: id });
    await closeAll(tutorSocket, staffSocket);
  });

  it("tells staff about a new request and the tutor InvoiceDeleted once a cancellation is approved", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const staff = await admin();
    const staffSocket = await TestSocket.open(`/parties/admin-channel/main?token=${staff.token}`);
    const id = await pendingInvoice(tutor);
    expect(await staffSocket.next("AdminInvoices", (p) => p.invoiceId === id)).toEqual({ invoiceId: id });
    await changeInvoice(tutor, id, { action: "cancel" });
    const tutorSocket = await TestSocket.userChannel(asAuth(tutor));
    await changeInvoice(staff, id, { action: "approve-cancel" });
    expect(await tutorSocket.next("InvoiceDeleted")).toEqual({ invoiceId: id });
    await closeAll(tutorSocket, staffSocket);
  });
});
