import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TransactionView } from "@schema/api/transaction";
import { PaymentMethod, Role, TransactionStatus } from "@schema/enums";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: { get: (...args: unknown[]) => get(...args), post: vi.fn() },
}));
vi.mock("../../web/src/lib/realtime", () => ({
  useUserChannelEvents: () => {},
  useUserChannelRefresh: () => {},
}));
vi.mock("../../web/src/lib/session", () => ({
  useIsSignedIn: () => true,
  useSession: () => ({ user: { id: 4, role: Role.Student } }),
}));

const { createPageSizeStore, defaultPageSize, pageSize, pageSizeStorageKey } =
  await import("../../web/src/lib/page-size");
const { PageSizeSelect } = await import("../../web/src/ui/page-size-select");
const { PaymentsPage } = await import("../../web/src/pages/payments/payments-page");
const { ar } = await import("../../web/src/i18n/ar-EG");

/** An in-memory Web Storage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

afterEach(cleanup);
beforeEach(() => {
  get.mockReset();
  localStorage.clear();
  pageSize.reload();
});

describe("the saved page size (docs/product.md §9)", () => {
  it("is 10 by default", () => {
    expect(defaultPageSize).toBe(10);
    expect(createPageSizeStore(memoryStorage()).get()).toBe(10);
  });

  it("reads and keeps the size chosen earlier", () => {
    const storage = memoryStorage({ [pageSizeStorageKey]: "50" });
    const store = createPageSizeStore(storage);
    expect(store.get()).toBe(50);
    store.set(20);
    expect(store.get()).toBe(20);
    expect(storage.items.get(pageSizeStorageKey)).toBe("20");
  });

  it("ignores a damaged stored value and sizes that are not offered", () => {
    const storage = memoryStorage({ [pageSizeStorageKey]: "abc" });
    const store = createPageSizeStore(storage);
    expect(store.get()).toBe(10);
    store.set(7);
    expect(store.get()).toBe(10);
    expect(storage.items.get(pageSizeStorageKey)).toBe("abc");
  });

  it("lets the user pick a size from a labelled select and tells listeners", () => {
    const store = createPageSizeStore(memoryStorage());
    const changed = vi.fn();
    store.subscribe(changed);
    renderWithApp(<PageSizeSelect store={store} />);
    const select = screen.getByLabelText(ar.paging.pageSize) as HTMLSelectElement;
    expect(select.value).toBe("10");
    fireEvent.change(select, { target: { value: "50" } });
    expect(store.get()).toBe(50);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(select.value).toBe("50");
  });
});

const tx = (id: number): TransactionView => ({
  id,
  userId: 4,
  planId: 7,
  period: 0,
  baseAmount: 50_000,
  amount: 50_000,
  couponId: null,
  couponDiscount: null,
  inviteId: null,
  method: PaymentMethod.Card,
  status: TransactionStatus.Paid,
  merchantRefNum: `1170000000000${id}`,
  fawryRefNumber: null,
  refundedAmount: 0,
  expiresAt: null,
  paidAt: "2026-11-01T10:00:00.000Z",
  createdAt: "2026-11-01T10:00:00.000Z",
  failure: null,
});

describe("the payments list uses the saved page size", () => {
  it("asks for the saved size, and a new choice reloads from page 1 and is stored", async () => {
    localStorage.setItem(pageSizeStorageKey, "20");
    pageSize.reload();
    get.mockImplementation((path: string, options: { query?: { size?: number } }) => {
      if (path === "/sub/user") return Promise.resolve({ subscription: null, remainingWeeklyMinutes: 0 });
      const size = options.query?.size ?? 10;
      return Promise.resolve({ list: Array.from({ length: size }, (_, i) => tx(i + 1)), total: 45 });
    });
    renderWithApp(<PaymentsPage />);
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith("/tx/list", expect.objectContaining({ query: { page: 1, size: 20 } })),
    );
    const select = (await screen.findByLabelText(ar.paging.pageSize)) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: "50" } });
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith("/tx/list", expect.objectContaining({ query: { page: 1, size: 50 } })),
    );
    expect(localStorage.getItem(pageSizeStorageKey)).toBe("50");
  });
});
