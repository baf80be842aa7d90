import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UserListItem } from "@schema/api/admin-user";
import { Role } from "@schema/enums";
import { userWith } from "./fixtures";

const get = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: vi.fn(),
    put: vi.fn(),
    patch: vi.fn(),
    delete: vi.fn(),
  },
}));

const { AdminUsersPage } = await import("../../web/src/pages/admin-users/users-page");
const { ar } = await import("../../web/src/i18n/ar-EG-all");

const users: UserListItem[] = [
  { ...userWith(Role.Student), id: 3, name: "سارة أحمد", email: "student@dars.test", activated: null },
  { ...userWith(Role.Tutor), id: 4, name: "محمود حسن", email: "tutor@dars.test", activated: true },
];

/** The query of the latest GET /user/list. */
const lastQuery = () => (get.mock.calls.at(-1)?.[1] as { query: Record<string, unknown> } | undefined)?.query;

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AdminUsersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockResolvedValue({ list: users, total: 95 });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("the admin users table", () => {
  it("shows the accounts as table rows named by the account, newest first", async () => {
    renderPage();
    const table = await screen.findByRole("table", { name: ar.adminFigures.tables.users });
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["سارة أحمد", "محمود حسن"]);
    expect(lastQuery()).toEqual({ page: 1, size: 10 });
    const joined = within(table).getByRole("columnheader", { name: ar.adminFigures.tables.joined });
    expect(joined.getAttribute("aria-sort")).toBe("descending");
  });

  it("asks the server for the order of a pressed header, then the other way round", async () => {
    renderPage();
    const table = await screen.findByRole("table", { name: ar.adminFigures.tables.users });
    fireEvent.click(within(table).getByRole("button", { name: ar.adminFigures.tables.email }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, size: 10, sort: "email" }));
    fireEvent.click(within(table).getByRole("button", { name: ar.adminFigures.tables.email }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, size: 10, sort: "-email" }));
    expect(
      within(table)
        .getByRole("columnheader", { name: ar.adminFigures.tables.email })
        .getAttribute("aria-sort"),
    ).toBe("descending");
  });

  it("searches once typing pauses, back on the first page", async () => {
    renderPage();
    await screen.findByRole("table", { name: ar.adminFigures.tables.users });
    fireEvent.click(screen.getByRole("button", { name: ar.ui.last }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 10, size: 10 }));
    const calls = get.mock.calls.length;
    const box = screen.getByRole("searchbox", { name: ar.adminArea.users.searchLabel });
    fireEvent.change(box, { target: { value: "س" } });
    fireEvent.change(box, { target: { value: "سارة" } });
    await waitFor(() => expect(lastQuery()).toEqual({ page: 1, size: 10, search: "سارة" }));
    // One request for the pause, none for the keys before it.
    expect(
      get.mock.calls.slice(calls).map((call) => (call[1] as { query: { search?: string } }).query.search),
    ).toEqual(["سارة"]);
  });

  it("jumps to a typed page", async () => {
    renderPage();
    await screen.findByRole("table", { name: ar.adminFigures.tables.users });
    fireEvent.change(screen.getByRole("textbox", { name: ar.ui.goToPage }), { target: { value: "٧" } });
    fireEvent.click(screen.getByRole("button", { name: ar.ui.go }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: 7, size: 10 }));
  });
});
