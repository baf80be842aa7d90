import { describe, expect, it } from "vitest";
import { InvoiceStatus, WithdrawMethod } from "@schema/enums";
import type { InvoiceView } from "@schema/api/invoice";
import {
  checkInvoiceUpdateForm,
  checkInvoiceForm,
  checkReceipt,
  checkWithdrawMethodForm,
  NEW_DESTINATION,
  destinationOf,
  emptyInvoiceForm,
  formOfInvoice,
  heldBy,
  isWaiting,
  piastersToPounds,
  poundsToPiasters,
  proposalRows,
  toInvoiceRequest,
} from "../../web/src/features/invoices/invoice-logic";

const MiB = 1024 * 1024;

/** Stats with the default limits (100..50,000 EGP) and this withdrawable balance, in piasters. */
const limits = (withdrawable: number) => ({ withdrawable, minAmount: 10_000, maxAmount: 5_000_000 });

describe("the withdrawal form's amount", () => {
  it("turns pounds as typed into piasters, Arabic digits and separators included", () => {
    expect(poundsToPiasters("150")).toBe(15_000);
    expect(poundsToPiasters("١٥٠")).toBe(15_000);
    expect(poundsToPiasters("1,250.5")).toBe(125_050);
    expect(poundsToPiasters("١٬٢٥٠٫٥")).toBe(125_050);
    expect(poundsToPiasters("")).toBeNaN();
    expect(poundsToPiasters("abc")).toBeNaN();
    expect(poundsToPiasters("1.234")).toBeNaN();
  });
});

describe("the withdrawal request built from the form", () => {
  it("keeps only the chosen method's fields and leaves blanks out", () => {
    const values = {
      ...emptyInvoiceForm,
      amount: "200",
      phone: "01012345678",
      username: "x@instapay",
      receiver: " ",
    };
    expect(toInvoiceRequest(values)).toEqual({
      amount: 20_000,
      method: WithdrawMethod.Wallet,
      phone: "01012345678",
      receiver: undefined,
      note: undefined,
      save: true,
    });
    expect(toInvoiceRequest({ ...values, save: false })).not.toHaveProperty("save");
    const bank = toInvoiceRequest({
      ...values,
      method: String(WithdrawMethod.Bank),
      bank: "NBE",
      accountNumber: "12345678",
    });
    expect(bank).toMatchObject({ method: WithdrawMethod.Bank, bank: "NBE", accountNumber: "12345678" });
    expect(bank).not.toHaveProperty("phone");
  });

  it("names only the saved method's id when one is chosen", () => {
    const values = { ...emptyInvoiceForm, amount: "150", phone: "01012345678", note: "شكرًا", saved: "7" };
    expect(toInvoiceRequest(values)).toEqual({ amount: 15_000, note: "شكرًا", withdrawMethodId: 7 });
    expect(checkInvoiceForm(values, limits(1_000_000))).toEqual({
      ok: true,
      data: { amount: 15_000, note: "شكرًا", withdrawMethodId: 7 },
    });
    // A saved method needs none of the new destination's fields.
    expect(checkInvoiceForm({ ...values, phone: "" }, limits(1_000_000))).toMatchObject({ ok: true });
    expect(toInvoiceRequest({ ...values, saved: NEW_DESTINATION })).toMatchObject({
      method: WithdrawMethod.Wallet,
      phone: "01012345678",
      save: true,
    });
  });

  it("is checked with the API's rules: the amount range and the method's fields", () => {
    expect(
      checkInvoiceForm({ ...emptyInvoiceForm, amount: "50", phone: "01012345678" }, limits(1_000_000)),
    ).toEqual({ ok: false, errors: { amount: "min-invoice-amount-subceeded" } });
    expect(
      checkInvoiceForm({ ...emptyInvoiceForm, amount: "", phone: "01012345678" }, limits(1_000_000)),
    ).toMatchObject({ ok: false, errors: { amount: "min-invoice-amount-subceeded" } });
    expect(checkInvoiceForm({ ...emptyInvoiceForm, amount: "100" }, limits(1_000_000))).toEqual({
      ok: false,
      errors: { phone: "invalid-phone" },
    });
    expect(
      checkInvoiceForm(
        { ...emptyInvoiceForm, amount: "100", method: "1", accountNumber: "12" },
        limits(1_000_000),
      ),
    ).toEqual({
      ok: false,
      errors: { accountNumber: "invalid-bank-account-number", bank: "empty-bank-name" },
    });
    expect(
      checkInvoiceForm(
        { ...emptyInvoiceForm, amount: "100", method: "2", username: "me@gmail.com" },
        limits(1_000_000),
      ),
    ).toEqual({
      ok: false,
      errors: { username: "instapay-username-invalid" },
    });
  });

  it("uses the limits in force from the stats, not fixed numbers", () => {
    const raised = { withdrawable: 10_000_000, minAmount: 50_000, maxAmount: 8_000_000 };
    expect(checkInvoiceForm({ ...emptyInvoiceForm, amount: "400", phone: "01012345678" }, raised)).toEqual({
      ok: false,
      errors: { amount: "min-invoice-amount-subceeded" },
    });
    expect(checkInvoiceForm({ ...emptyInvoiceForm, amount: "80001", phone: "01012345678" }, raised)).toEqual({
      ok: false,
      errors: { amount: "max-invoice-amount-exceeded" },
    });
    expect(
      checkInvoiceForm({ ...emptyInvoiceForm, amount: "60000", phone: "01012345678" }, raised),
    ).toMatchObject({ ok: true, data: { amount: 6_000_000 } });
  });

  it("refuses more than the withdrawable balance before sending anything", () => {
    expect(
      checkInvoiceForm({ ...emptyInvoiceForm, amount: "300", phone: "01012345678" }, limits(29_999)),
    ).toEqual({ ok: false, errors: { amount: "insufficient-balance" } });
    expect(
      checkInvoiceForm({ ...emptyInvoiceForm, amount: "300", phone: "01012345678" }, limits(30_000)),
    ).toMatchObject({ ok: true, data: { amount: 30_000, phone: "01012345678" } });
  });
});

describe("receipts and statuses", () => {
  it("accepts an image or a PDF up to 8 MB", () => {
    expect(checkReceipt({ type: "application/pdf", size: 8 * MiB })).toBeNull();
    expect(checkReceipt({ type: "image/png", size: 10 })).toBeNull();
    expect(checkReceipt({ type: "application/pdf", size: 8 * MiB + 1 })).toBe("large-file-size");
    expect(checkReceipt({ type: "text/plain", size: 10 })).toBe("invalid-type");
    expect(checkReceipt(null)).toBe("empty-request");
  });

  it("knows which requests still wait for a decision and where each one goes", () => {
    expect(isWaiting(InvoiceStatus.PendingApproval)).toBe(true);
    expect(isWaiting(InvoiceStatus.PendingCancellation)).toBe(true);
    expect(isWaiting(InvoiceStatus.Approved)).toBe(false);
    expect(
      destinationOf({
        method: WithdrawMethod.Instapay,
        phone: null,
        bank: null,
        accountNumber: null,
        username: "a@instapay",
      }),
    ).toBe("a@instapay");
    expect(
      destinationOf({
        method: WithdrawMethod.Bank,
        phone: null,
        bank: "CIB",
        accountNumber: "123456",
        username: null,
      }),
    ).toBe("123456");
  });
});

describe("changing where a pending request's money goes", () => {
  it("starts from the request's current method and fields", () => {
    const form = formOfInvoice({
      method: WithdrawMethod.Bank,
      phone: null,
      bank: "CIB",
      accountNumber: "123456",
      username: null,
      receiver: "منى",
    });
    expect(form).toMatchObject({
      method: "1",
      bank: "CIB",
      accountNumber: "123456",
      receiver: "منى",
      phone: "",
    });
  });

  it("checks a saved method's form with the API's rules", () => {
    const form = {
      ...emptyInvoiceForm,
      method: "1",
      bank: "nbe",
      accountNumber: "1234 5678",
      receiver: "منى",
    };
    expect(checkWithdrawMethodForm(form)).toEqual({
      ok: true,
      data: { method: WithdrawMethod.Bank, bank: "nbe", accountNumber: "1234 5678", receiver: "منى" },
    });
    expect(checkWithdrawMethodForm({ ...form, bank: "", accountNumber: "" })).toEqual({
      ok: false,
      errors: { bank: "empty-bank-name", accountNumber: "invalid-bank-account-number" },
    });
  });

  it("sends an update with the amount and the new method's fields only, checked with the API's rules", () => {
    const form = {
      ...emptyInvoiceForm,
      amount: "١٥٠",
      method: "2",
      username: "Mona@instapay",
      phone: "01012345678",
    };
    const checked = checkInvoiceUpdateForm(form, pending, limits(100_000));
    expect(checked).toMatchObject({
      ok: true,
      data: { action: "update", amount: 15_000, method: WithdrawMethod.Instapay, username: "Mona@instapay" },
    });
    expect(checked.ok && checked.data).not.toHaveProperty("phone");
    expect(checkInvoiceUpdateForm({ ...form, username: "" }, pending, limits(100_000))).toEqual({
      ok: false,
      errors: { username: "instapay-username-invalid" },
    });
  });
});

/** A waiting request of 100 EGP to a wallet. */
const pending = {
  amount: 10_000,
  method: WithdrawMethod.Wallet,
  phone: "01012345678",
  bank: null,
  accountNumber: null,
  username: null,
  receiver: null,
  updateRequest: null,
} satisfies Partial<InvoiceView>;

const proposing = (proposal: Partial<NonNullable<InvoiceView["updateRequest"]>>) => ({
  ...pending,
  updateRequest: {
    amount: pending.amount,
    method: pending.method,
    phone: pending.phone,
    bank: null,
    accountNumber: null,
    username: null,
    receiver: null,
    requestedAt: "2026-11-26T10:00:00.000Z",
    ...proposal,
  },
});

describe("a proposed update of a waiting request", () => {
  it("starts the edit form from the proposal while one waits, else from the values in force", () => {
    expect(formOfInvoice(pending)).toMatchObject({ amount: "100", method: "0", phone: "01012345678" });
    expect(formOfInvoice(proposing({ amount: 12_550, phone: "01112345678" }))).toMatchObject({
      amount: "125.50",
      phone: "01112345678",
    });
    expect(piastersToPounds(15_000)).toBe("150");
  });

  it("holds the amount to the limits and to the balance plus what the request already holds", () => {
    const form = { ...emptyInvoiceForm, method: "0", phone: "01012345678" };
    // 50 EGP withdrawable besides the 100 this request holds: up to 150.
    expect(checkInvoiceUpdateForm({ ...form, amount: "150" }, pending, limits(5_000)).ok).toBe(true);
    expect(checkInvoiceUpdateForm({ ...form, amount: "151" }, pending, limits(5_000))).toEqual({
      ok: false,
      errors: { amount: "insufficient-balance" },
    });
    // A waiting proposal of 200 already holds 200.
    expect(
      checkInvoiceUpdateForm({ ...form, amount: "250" }, proposing({ amount: 20_000 }), limits(5_000)).ok,
    ).toBe(true);
    expect(heldBy(proposing({ amount: 20_000 }))).toBe(20_000);
    expect(heldBy(proposing({ amount: 5_000 }))).toBe(10_000);
    // Lowering is always within the balance; the limits still hold.
    expect(checkInvoiceUpdateForm({ ...form, amount: "100" }, pending, limits(0)).ok).toBe(true);
    expect(checkInvoiceUpdateForm({ ...form, amount: "99" }, pending, limits(0))).toEqual({
      ok: false,
      errors: { amount: "min-invoice-amount-subceeded" },
    });
    expect(checkInvoiceUpdateForm({ ...form, amount: "مية" }, pending, limits(0))).toMatchObject({
      ok: false,
      errors: { amount: "min-invoice-amount-subceeded" },
    });
    // Stats not loaded yet: the contract's own rules only, the server decides the rest.
    expect(checkInvoiceUpdateForm({ ...form, amount: "900" }, pending, undefined).ok).toBe(true);
  });

  it("lists the amount, the destination and the receiver beside the values in force, marking what changes", () => {
    expect(proposalRows(pending)).toEqual([]);
    expect(proposalRows(proposing({ amount: 15_000 }))).toEqual([
      { field: "amount", changed: true },
      { field: "destination", changed: false },
      { field: "receiver", changed: false },
    ]);
    expect(
      proposalRows(
        proposing({
          method: WithdrawMethod.Bank,
          phone: null,
          bank: "NBE",
          accountNumber: "123456",
          receiver: "منى",
        }),
      ).map((row) => row.changed),
    ).toEqual([false, true, true]);
  });

  it("counts UpdateRequested as waiting", () => {
    expect(isWaiting(InvoiceStatus.UpdateRequested)).toBe(true);
  });
});
