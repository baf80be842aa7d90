import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { MAX_WITHDRAW_METHODS, withdrawMethodContracts } from "../../schema/api/invoice";
import { Bank, WithdrawMethod } from "../../schema/enums";
import { call, callContract } from "./helpers";
import {
  requestWithdrawal,
  storedInvoice,
  tutorWithEarnings,
  wallet,
  type Session,
} from "./factories-invoices";

const EGP = 100;

const saveMethod = (session: Session, body: unknown) =>
  call("POST", "/api/v1/withdraw-method", { token: session.token, body });
const listMethods = (session: Session) =>
  callContract(withdrawMethodContracts.list, { token: session.token });
const editMethod = (session: Session, id: number, body: unknown) =>
  call("PUT", `/api/v1/withdraw-method/${id}`, { token: session.token, body });
const deleteMethod = (session: Session, id: number) =>
  callContract(withdrawMethodContracts.remove, { params: { id }, token: session.token });

const walletMethod = (phone = "01012345678", extra: Record<string, unknown> = {}) => ({
  method: WithdrawMethod.Wallet,
  phone,
  ...extra,
});

/** Saves a method and answers its id. */
async function savedId(session: Session, body: unknown): Promise<number> {
  const response = await saveMethod(session, body);
  if (response.status !== 201) throw new Error(`save failed: ${JSON.stringify(response.body)}`);
  return response.body.id as number;
}

async function liveCount(userId: number): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM withdraw_methods WHERE user_id = ? AND deleted_at IS NULL",
  )
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

describe("saved withdraw methods", () => {
  it("keeps a wallet, a bank account and an Instapay address; the first is the default and is listed first", async () => {
    const tutor = await tutorWithEarnings(0);
    const first = await saveMethod(tutor, walletMethod("٠١٠١٢٣٤٥٦٧٨", { receiver: "أحمد علي" }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      method: WithdrawMethod.Wallet,
      phone: "01012345678",
      receiver: "أحمد علي",
      isDefault: true,
      bank: null,
    });
    const bank = await saveMethod(tutor, {
      method: WithdrawMethod.Bank,
      bank: "nbe",
      accountNumber: "1234-5678-90",
      phone: "01012345678",
    });
    expect(bank.body).toMatchObject({
      method: WithdrawMethod.Bank,
      bank: Bank.NBE,
      accountNumber: "1234567890",
      phone: null,
      isDefault: false,
    });
    const instapay = await saveMethod(tutor, { method: WithdrawMethod.Instapay, username: "Ahmed@instapay" });
    expect(instapay.body).toMatchObject({ username: "ahmed@instapay", isDefault: false });

    const listed = await listMethods(tutor);
    expect(listed.status).toBe(200);
    expect(listed.body.map((m: { id: number }) => m.id)).toEqual([
      first.body.id,
      instapay.body.id,
      bank.body.id,
    ]);
  });

  it("keeps the same destination once: saving it again updates the receiver", async () => {
    const tutor = await tutorWithEarnings(0);
    const id = await savedId(tutor, walletMethod("01012345678", { receiver: "أحمد" }));
    const again = await saveMethod(tutor, walletMethod("01012345678", { receiver: "أحمد علي" }));
    expect([again.status, again.body.id, again.body.receiver]).toEqual([201, id, "أحمد علي"]);
    expect(await liveCount(tutor.id)).toBe(1);
  });

  it("makes one method the default and clears the others", async () => {
    const tutor = await tutorWithEarnings(0);
    const first = await savedId(tutor, walletMethod("01012345678"));
    const second = await saveMethod(tutor, { ...walletMethod("01112345678"), isDefault: true });
    expect(second.body.isDefault).toBe(true);
    const listed = (await listMethods(tutor)).body as Array<{ id: number; isDefault: boolean }>;
    expect(listed.map((m) => [m.id, m.isDefault])).toEqual([
      [second.body.id, true],
      [first, false],
    ]);
  });

  it("edits a method's destination and default; past requests keep their own copy", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await savedId(tutor, walletMethod("01012345678"));
    const other = await savedId(tutor, walletMethod("01112345678"));
    const invoice = await requestWithdrawal(tutor, { amount: 100 * EGP, withdrawMethodId: id });
    expect(invoice.status).toBe(201);

    const edited = await editMethod(tutor, id, {
      method: WithdrawMethod.Instapay,
      username: "ahmed@instapay",
      isDefault: false,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id,
      method: WithdrawMethod.Instapay,
      username: "ahmed@instapay",
      phone: null,
      isDefault: false,
    });
    expect(await storedInvoice(invoice.body.id)).toMatchObject({
      method: WithdrawMethod.Wallet,
      phone: "01012345678",
      username: null,
    });

    expect(
      (await editMethod(tutor, other, { ...walletMethod("01112345678"), isDefault: true })).body.isDefault,
    ).toBe(true);
    // Left out, isDefault stays as it was.
    expect((await editMethod(tutor, other, walletMethod("01212345678"))).body).toMatchObject({
      phone: "01212345678",
      isDefault: true,
    });
  });

  it("checks a method's fields with the request's rules, storing nothing", async () => {
    const tutor = await tutorWithEarnings(0);
    const noAccount = await saveMethod(tutor, { method: WithdrawMethod.Bank, bank: "CIB" });
    expect([noAccount.status, noAccount.body.code, noAccount.body.fields]).toEqual([
      400,
      "invalid-bank-account-number",
      { accountNumber: "invalid-bank-account-number" },
    ]);
    const badMethod = await saveMethod(tutor, { method: 7, phone: "01012345678" });
    expect(badMethod.body.code).toBe("invalid-withdraw-method");
    const badDefault = await saveMethod(tutor, { ...walletMethod(), isDefault: "yes" });
    expect(badDefault.body.code).toBe("bad-request");
    expect(await liveCount(tutor.id)).toBe(0);
  });

  it("answers withdraw-method-not-found for another tutor's method, a deleted one, or none", async () => {
    const owner = await tutorWithEarnings(0);
    const stranger = await tutorWithEarnings(0);
    const id = await savedId(owner, walletMethod());
    for (const response of [
      await editMethod(stranger, id, walletMethod("01112345678")),
      await deleteMethod(stranger, id),
      await deleteMethod(owner, 999_999),
    ]) {
      expect([response.status, response.body.code]).toEqual([404, "withdraw-method-not-found"]);
    }
    expect((await listMethods(stranger)).body).toEqual([]);
    expect((await deleteMethod(owner, id)).status).toBe(204);
    const gone = await editMethod(owner, id, walletMethod());
    expect([gone.status, gone.body.code]).toEqual([404, "withdraw-method-not-found"]);
    expect((await deleteMethod(owner, id)).body.code).toBe("withdraw-method-not-found");
  });

  it("hands the default to the newest method left when the default is deleted", async () => {
    const tutor = await tutorWithEarnings(0);
    const first = await savedId(tutor, walletMethod("01012345678"));
    const second = await savedId(tutor, walletMethod("01112345678"));
    const third = await savedId(tutor, walletMethod("01212345678"));
    expect((await deleteMethod(tutor, first)).status).toBe(204);
    const listed = (await listMethods(tutor)).body as Array<{ id: number; isDefault: boolean }>;
    expect(listed.map((m) => [m.id, m.isDefault])).toEqual([
      [third, true],
      [second, false],
    ]);
    // Deleting one that is not the default leaves the default where it is.
    expect((await deleteMethod(tutor, second)).status).toBe(204);
    expect(
      (await listMethods(tutor)).body.map((m: { id: number; isDefault: boolean }) => [m.id, m.isDefault]),
    ).toEqual([[third, true]]);
  });

  it(`keeps at most ${MAX_WITHDRAW_METHODS}, even when saves race`, async () => {
    const tutor = await tutorWithEarnings(0);
    const phones = Array.from(
      { length: MAX_WITHDRAW_METHODS + 4 },
      (_, n) => `010${String(n).padStart(8, "0")}`,
    );
    const answers = await Promise.all(phones.map((phone) => saveMethod(tutor, walletMethod(phone))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_WITHDRAW_METHODS);
    expect(answers.filter((a) => a.status === 422).map((a) => a.body.code)).toEqual(
      Array(4).fill("withdraw-methods-limit-reached"),
    );
    expect(await liveCount(tutor.id)).toBe(MAX_WITHDRAW_METHODS);
    // Exactly one default among them.
    const defaults = await env.DB.prepare(
      "SELECT count(*) AS n FROM withdraw_methods WHERE user_id = ? AND is_default = 1",
    )
      .bind(tutor.id)
      .first<{ n: number }>();
    expect(defaults!.n).toBe(1);
    // After a delete there is room again.
    await deleteMethod(tutor, answers.find((a) => a.status === 201)!.body.id);
    expect((await saveMethod(tutor, walletMethod("01599999999"))).status).toBe(201);
  });
});

describe("a withdrawal request to a saved method", () => {
  it("copies the saved destination into the request", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await savedId(tutor, {
      method: WithdrawMethod.Bank,
      bank: "CIB",
      accountNumber: "123456789012",
      receiver: "منى حسن",
    });
    const response = await requestWithdrawal(tutor, {
      amount: 150 * EGP,
      withdrawMethodId: id,
      note: "شكرًا",
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      amount: 15_000,
      method: WithdrawMethod.Bank,
      bank: Bank.CIB,
      accountNumber: "123456789012",
      receiver: "منى حسن",
      note: "شكرًا",
    });
  });

  it("answers withdraw-method-not-found for another tutor's or a deleted method, storing nothing", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const other = await tutorWithEarnings(0);
    const foreign = await savedId(other, walletMethod());
    const deleted = await savedId(tutor, walletMethod());
    await deleteMethod(tutor, deleted);
    for (const id of [foreign, deleted]) {
      const response = await requestWithdrawal(tutor, { amount: 100 * EGP, withdrawMethodId: id });
      expect([response.status, response.body.code, response.body.fields]).toEqual([
        404,
        "withdraw-method-not-found",
        { withdrawMethodId: "withdraw-method-not-found" },
      ]);
    }
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM invoices WHERE user_id = ?")
      .bind(tutor.id)
      .first<{ n: number }>())!;
    expect(n).toBe(0);
  });

  it("still checks the limits and the balance with a saved method", async () => {
    const tutor = await tutorWithEarnings(120 * EGP);
    const id = await savedId(tutor, walletMethod());
    expect((await requestWithdrawal(tutor, { amount: 99 * EGP, withdrawMethodId: id })).body.code).toBe(
      "min-invoice-amount-subceeded",
    );
    expect((await requestWithdrawal(tutor, { amount: 121 * EGP, withdrawMethodId: id })).body.code).toBe(
      "insufficient-balance",
    );
  });

  it("answers invalid-invoice-method when the request names a saved method and a new one, or asks to save a saved one", async () => {
    const tutor = await tutorWithEarnings(500 * EGP);
    const id = await savedId(tutor, walletMethod());
    const both = await requestWithdrawal(tutor, { ...wallet(100 * EGP), withdrawMethodId: id });
    expect([both.status, both.body.code, both.body.fields]).toEqual([
      400,
      "invalid-invoice-method",
      { withdrawMethodId: "invalid-invoice-method" },
    ]);
    const saveSaved = await requestWithdrawal(tutor, { amount: 100 * EGP, withdrawMethodId: id, save: true });
    expect(saveSaved.body.code).toBe("invalid-invoice-method");
    const neither = await requestWithdrawal(tutor, { amount: 100 * EGP });
    expect(neither.body).toMatchObject({
      code: "invalid-withdraw-method",
      fields: { method: "invalid-withdraw-method" },
    });
  });

  it("keeps a new destination for next time when asked, once, and not past the limit", async () => {
    const tutor = await tutorWithEarnings(5_000 * EGP);
    expect((await requestWithdrawal(tutor, wallet(100 * EGP, { save: true, receiver: "أحمد" }))).status).toBe(
      201,
    );
    expect((await requestWithdrawal(tutor, wallet(100 * EGP, { save: true }))).status).toBe(201);
    expect((await requestWithdrawal(tutor, wallet(100 * EGP, { phone: "01112345678" }))).status).toBe(201);
    const listed = (await listMethods(tutor)).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ phone: "01012345678", isDefault: true });

    for (let n = 1; n < MAX_WITHDRAW_METHODS; n++)
      await savedId(tutor, walletMethod(`0101111${String(n).padStart(4, "0")}`));
    // At the limit the request still goes through; the destination is simply not kept.
    const full = await requestWithdrawal(tutor, wallet(100 * EGP, { phone: "01555555555", save: true }));
    expect(full.status).toBe(201);
    expect(await liveCount(tutor.id)).toBe(MAX_WITHDRAW_METHODS);
  });
});
