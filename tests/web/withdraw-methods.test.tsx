import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_WITHDRAW_METHODS, type InvoiceStats, type WithdrawMethodView } from "@schema/api/invoice";
import { Bank, WithdrawMethod } from "@schema/enums";
import { ApiError } from "../../web/src/lib/api-error";
import { renderWithApp } from "./render-with-app";

const post = vi.fn();
const put = vi.fn();
const del = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    post: (...args: unknown[]) => post(...args),
    put: (...args: unknown[]) => put(...args),
    delete: (...args: unknown[]) => del(...args),
  },
}));

const { WithdrawalForm } = await import("../../web/src/features/invoices/withdrawal-form");
const { SavedMethodsCard } = await import("../../web/src/features/invoices/saved-methods");
const { ar, errorMessage } = await import("../../web/src/i18n/ar-EG-all");
const t = ar.invoices;

afterEach(() => {
  cleanup();
  for (const mock of [post, put, del]) mock.mockReset();
});

const stats: InvoiceStats = {
  earnings: 60_000,
  earningsThisMonth: 0,
  pending: 0,
  withdrawn: 0,
  withdrawable: 60_000,
  minAmount: 10_000,
  maxAmount: 5_000_000,
  workingDays: { min: 4, max: 5 },
};

const saved = (id: number, fields: Partial<WithdrawMethodView> = {}): WithdrawMethodView => ({
  id,
  method: WithdrawMethod.Wallet,
  receiver: null,
  phone: `0101234567${id}`,
  bank: null,
  accountNumber: null,
  username: null,
  isDefault: false,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...fields,
});

const bank = saved(2, {
  method: WithdrawMethod.Bank,
  phone: null,
  bank: Bank.NBE,
  accountNumber: "1234567890",
  isDefault: true,
  receiver: "منى حسن",
});
const wallet = saved(1);

describe("the withdrawal form with saved methods", () => {
  it("starts on the default method and sends only its id", async () => {
    post.mockResolvedValue({ id: 9 });
    renderWithApp(<WithdrawalForm stats={stats} methods={[bank, wallet]} />);
    const group = screen.getByRole("group", { name: new RegExp(t.sendTo) });
    const radios = within(group).getAllByRole("radio") as HTMLInputElement[];
    expect(radios.map((radio) => [radio.value, radio.checked])).toEqual([
      ["2", true],
      ["1", false],
      ["new", false],
    ]);
    // The number stays left to right inside the Arabic label.
    expect(within(group).getByText("1234567890").closest("bdi")?.getAttribute("dir")).toBe("ltr");
    expect(screen.queryByLabelText(t.phone, { exact: false })).toBeNull();
    expect(screen.queryByLabelText(t.saveForNextTime)).toBeNull();

    fireEvent.change(screen.getByLabelText(t.amount, { exact: false }), { target: { value: "150" } });
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/invoice", { amount: 15_000, withdrawMethodId: 2 }),
    );
  });

  it("offers a new destination's fields and keeps it when asked", async () => {
    post.mockResolvedValue({ id: 9 });
    renderWithApp(<WithdrawalForm stats={stats} methods={[bank]} />);
    fireEvent.click(screen.getByLabelText(t.otherMethod));
    fireEvent.change(screen.getByLabelText(t.amount, { exact: false }), { target: { value: "100" } });
    fireEvent.change(screen.getByLabelText(t.phone, { exact: false }), { target: { value: "01112345678" } });
    expect((screen.getByLabelText(t.saveForNextTime) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/invoice", {
        amount: 10_000,
        method: WithdrawMethod.Wallet,
        phone: "01112345678",
        save: true,
      }),
    );
  });

  it("shows the fields at once when nothing is saved, and no save offer at the limit", () => {
    const { unmount } = renderWithApp(<WithdrawalForm stats={stats} methods={[]} />);
    expect(screen.queryByRole("group", { name: new RegExp(t.sendTo) })).toBeNull();
    expect(screen.getByLabelText(t.phone, { exact: false })).toBeTruthy();
    expect(screen.getByLabelText(t.saveForNextTime)).toBeTruthy();
    unmount();
    const full = Array.from({ length: MAX_WITHDRAW_METHODS }, (_, n) => saved(n + 1));
    renderWithApp(<WithdrawalForm stats={stats} methods={full} />);
    fireEvent.click(screen.getByLabelText(t.otherMethod));
    expect(screen.getByLabelText(t.phone, { exact: false })).toBeTruthy();
    expect(screen.queryByLabelText(t.saveForNextTime)).toBeNull();
  });

  it("puts the server's withdraw-method-not-found on the choice", async () => {
    post.mockRejectedValue(
      new ApiError("withdraw-method-not-found", 404, undefined, {
        withdrawMethodId: "withdraw-method-not-found",
      }),
    );
    renderWithApp(<WithdrawalForm stats={stats} methods={[bank]} />);
    fireEvent.change(screen.getByLabelText(t.amount, { exact: false }), { target: { value: "150" } });
    fireEvent.click(screen.getByRole("button", { name: t.submit }));
    await screen.findByText(errorMessage("withdraw-method-not-found"));
  });
});

describe("the saved methods card", () => {
  it("lists the methods with the default marked, and makes another one the default", async () => {
    put.mockResolvedValue({ ...wallet, isDefault: true });
    renderWithApp(<SavedMethodsCard methods={[bank, wallet]} />);
    const [first, second] = screen.getAllByRole("listitem");
    expect(within(first!).getByText(t.saved.default)).toBeTruthy();
    expect(within(first!).queryByRole("button", { name: t.saved.makeDefault })).toBeNull();
    const makeDefault = within(second!).getByRole("button", { name: t.saved.makeDefault });
    // Each row's buttons say which method they act on.
    expect(document.getElementById(makeDefault.getAttribute("aria-describedby")!)?.textContent).toContain(
      wallet.phone,
    );
    fireEvent.click(makeDefault);
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith("/withdraw-method/1", {
        method: WithdrawMethod.Wallet,
        phone: wallet.phone,
        receiver: undefined,
        bank: undefined,
        accountNumber: undefined,
        username: undefined,
        isDefault: true,
      }),
    );
  });

  it("adds a method checked with the API's rules", async () => {
    post.mockResolvedValue(saved(3));
    renderWithApp(<SavedMethodsCard methods={[]} />);
    expect(screen.getByText(t.saved.empty)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: t.saved.add }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: t.saved.save }));
    await within(dialog).findByText(errorMessage("invalid-phone"));
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(t.phone, { exact: false }), {
      target: { value: "٠١٠١٢٣٤٥٦٧٨" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: t.saved.save }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith("/withdraw-method", {
        method: WithdrawMethod.Wallet,
        phone: "٠١٠١٢٣٤٥٦٧٨",
        receiver: undefined,
      }),
    );
  });

  it("edits a method starting from its fields, and deletes one after asking", async () => {
    put.mockResolvedValue(bank);
    del.mockResolvedValue(undefined);
    renderWithApp(<SavedMethodsCard methods={[bank]} />);
    fireEvent.click(screen.getByRole("button", { name: t.saved.edit }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText(t.accountNumber, { exact: false }) as HTMLInputElement).value).toBe(
      "1234567890",
    );
    fireEvent.change(within(dialog).getByLabelText(t.accountNumber, { exact: false }), {
      target: { value: "99998888" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: t.saved.save }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith("/withdraw-method/2", {
        method: WithdrawMethod.Bank,
        bank: "NBE",
        accountNumber: "99998888",
        receiver: "منى حسن",
      }),
    );

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: t.saved.remove }));
    const confirm = await screen.findByRole("dialog");
    expect(confirm.textContent).toContain(t.saved.removeBody);
    fireEvent.click(within(confirm).getByRole("button", { name: t.saved.confirmRemove }));
    await waitFor(() => expect(del).toHaveBeenCalledWith("/withdraw-method/2"));
  });

  it("says so at the limit instead of offering to add", () => {
    renderWithApp(
      <SavedMethodsCard methods={Array.from({ length: MAX_WITHDRAW_METHODS }, (_, n) => saved(n + 1))} />,
    );
    expect(screen.queryByRole("button", { name: t.saved.add })).toBeNull();
    expect(screen.getByText(t.saved.limit("١٠"))).toBeTruthy();
  });
});
