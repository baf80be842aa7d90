import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CouponView } from "@schema/api/coupon";
import type { LessonView } from "@schema/api/lesson";
import type { FullTutor } from "@schema/api/tutor";
import { Role } from "@schema/enums";

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

const { AdminTutorsPage } = await import("../../web/src/pages/admin-tutors/tutors-page");
const { AdminLessonsPage } = await import("../../web/src/pages/admin-lessons/lessons-page");
const { AdminCouponsPage } = await import("../../web/src/pages/admin-coupons/coupons-page");
const { ar } = await import("../../web/src/i18n/ar-EG-all");
const tt = ar.adminFigures.tables;

/** The query of the latest GET to `path`. */
const lastQuery = (path: string) =>
  (
    get.mock.calls.filter(([called]) => called === path).at(-1)?.[1] as
      { query: Record<string, unknown> } | undefined
  )?.query;

function renderPage(page: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const tutor = (id: number, name: string, onboarded: boolean): FullTutor =>
  ({
    id,
    role: Role.Tutor,
    name,
    email: `t${id}@dars.test`,
    image: null,
    activated: true,
    onboarded,
    createdAt: "2026-11-01T10:00:00.000Z",
  }) as FullTutor;

describe("the admin tutors table", () => {
  it("shows tutors as rows named by the tutor, with the total in words, and asks the server for a pressed header's order", async () => {
    get.mockResolvedValue({ list: [tutor(1, "ياسمين علي", true), tutor(2, "عمر خالد", false)], total: 2 });
    renderPage(<AdminTutorsPage />);
    const table = await screen.findByRole("table", { name: tt.tutors });
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["ياسمين علي", "عمر خالد"]);
    screen.getByText("مدرّسين اتنين");
    expect(within(table).getByRole("columnheader", { name: tt.joined }).getAttribute("aria-sort")).toBe(
      "descending",
    );
    fireEvent.click(within(table).getByRole("button", { name: tt.name }));
    await waitFor(() =>
      expect(lastQuery("/user/tutor/full-tutors")).toMatchObject({ page: 1, sort: "name" }),
    );
    expect(within(table).getByRole("columnheader", { name: tt.name }).getAttribute("aria-sort")).toBe(
      "ascending",
    );
  });
});

const lesson = (id: number, duration: 15 | 30, state: LessonView["state"]): LessonView =>
  ({
    id,
    tutor: { id: 10, name: "سلمى حسين", image: null, gender: "female" },
    student: { id: 20, name: "سارة أحمد", image: null, gender: "female" },
    start: "2026-11-25T14:00:00.000Z",
    end: "2026-11-25T14:30:00.000Z",
    duration,
    price: 5000,
    isTrial: false,
    state,
  }) as LessonView;

describe("the admin lessons table", () => {
  it("shows each lesson's time as its row header, its length in words, a cancel button only for an upcoming one, and searches by a member's name", async () => {
    get.mockResolvedValue({ list: [lesson(1, 30, "pending"), lesson(2, 15, "fulfilled")], total: 2 });
    renderPage(<AdminLessonsPage />);
    const table = await screen.findByRole("table", { name: tt.lessons });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByText("نص ساعة")).toBeTruthy();
    expect(within(rows[1]!).getByText("ربع ساعة")).toBeTruthy();
    expect(within(rows[0]!).getAllByRole("button")).toHaveLength(1);
    expect(within(rows[1]!).queryAllByRole("button")).toHaveLength(0);
    screen.getByText("حصتين");
    fireEvent.click(within(table).getByRole("button", { name: tt.price }));
    await waitFor(() => expect(lastQuery("/lesson/list/")).toMatchObject({ scope: "all", sort: "-price" }));
    fireEvent.change(screen.getByRole("searchbox", { name: tt.searchLessons }), {
      target: { value: "سلمى" },
    });
    await waitFor(() =>
      expect(lastQuery("/lesson/list/")).toMatchObject({ scope: "all", sort: "-price", q: "سلمى", page: 1 }),
    );
  });
});

describe("the admin's cancel dialog", () => {
  it("promises the student's minutes back only for a lesson from a plan, not for a free trial", async () => {
    const planned = { ...lesson(1, 30, "pending"), subscriptionId: 4 };
    const trial = { ...lesson(2, 15, "pending"), isTrial: true, subscriptionId: null };
    get.mockResolvedValue({ list: [planned, trial], total: 2 });
    renderPage(<AdminLessonsPage />);
    const table = await screen.findByRole("table", { name: tt.lessons });
    const rows = within(table).getAllByRole("row").slice(1);
    fireEvent.click(within(rows[0]!).getByRole("button"));
    expect(within(await screen.findByRole("dialog")).getByText(/دقايقها ترجع لأسبوع الطالب/)).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(within(rows[1]!).getByRole("button"));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("هتتلغي");
    expect(dialog.textContent).not.toMatch(/دقايق|دقائق/);
  });
});

const coupon = (id: number, code: string, uses: number): CouponView => ({
  id,
  code,
  discount: 2500,
  expiresAt: "2099-01-01T00:00:00.000Z",
  maxUses: null,
  uses,
  createdAt: "2026-11-01T10:00:00.000Z",
});

describe("the admin coupons table", () => {
  it("searches coupons by code as the admin types and sorts by a pressed header", async () => {
    get.mockImplementation(async (path: string) =>
      path === "/coupon/list"
        ? { list: [coupon(1, "SAVE10", 3), coupon(2, "WELCOME", 0)], total: 2 }
        : { list: [], total: 0 },
    );
    renderPage(<AdminCouponsPage />);
    const table = await screen.findByRole("table", { name: tt.coupons });
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["SAVE10", "WELCOME"]);
    expect(lastQuery("/coupon/list")).toMatchObject({ page: 1, sort: "-created" });
    fireEvent.change(screen.getByRole("searchbox", { name: tt.searchCoupons }), {
      target: { value: "save" },
    });
    await waitFor(() => expect(lastQuery("/coupon/list")).toMatchObject({ page: 1, q: "save" }));
    fireEvent.click(within(table).getByRole("button", { name: tt.discount }));
    await waitFor(() => expect(lastQuery("/coupon/list")).toMatchObject({ q: "save", sort: "-discount" }));
  });
});
