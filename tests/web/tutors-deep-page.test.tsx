// A hand-typed /tutors address past the deepest page the capped list serves (lastServedPage,
// schema/api/common.ts): the API refuses it with page-too-deep and the screen says so in Arabic,
// with a way to the deepest page served (asking again would fail again), instead of breaking.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lastServedPage } from "@schema/api/common";
import { errorMessage as catalogue } from "@schema/error-messages";
import { tutorContracts } from "@schema/api/tutor";
import type { Contract } from "@schema/api/contract";
import { ApiError } from "../../web/src/lib/api-error";

const call = vi.fn();
vi.mock("../../web/src/lib/client", () => ({
  call: (...args: unknown[]) => call(...args),
}));

const { TutorsPage } = await import("../../web/src/pages/tutors/tutors-page");
const { tutorsPageSize } = await import("../../web/src/features/tutors/use-tutors");
const { ar } = await import("../../web/src/i18n/ar-EG");

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("/tutors past the deepest page served", () => {
  it("shows page-too-deep's Arabic message, as the API sent it", async () => {
    const deeper = lastServedPage(tutorsPageSize) + 1;
    call.mockImplementation(async (contract: Contract, options: { query: { page: number } }) => {
      if (contract !== tutorContracts.list) return { list: [], total: 0 };
      if (options.query.page > lastServedPage(tutorsPageSize))
        // As the client builds it from the answer's body (web/src/lib/client.ts).
        throw new ApiError("page-too-deep", 422, catalogue["page-too-deep"], { page: "page-too-deep" });
      return { list: [], total: 0, totalIsLowerBound: false };
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`/tutors?page=${deeper}`]}>
          <TutorsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(catalogue["page-too-deep"], { exact: false })).toBeTruthy();
    expect(screen.queryByRole("button", { name: ar.ui.retry })).toBeNull();
    const asked = call.mock.calls.find(([contract]) => contract === tutorContracts.list);
    expect(asked?.[1]).toMatchObject({ query: { page: deeper, size: tutorsPageSize } });
    // The way on: the deepest page served, which the API answers.
    fireEvent.click(screen.getByRole("button", { name: ar.ui.deepestPage }));
    await vi.waitFor(() =>
      expect(
        call.mock.calls.some(
          ([contract, options]) =>
            contract === tutorContracts.list &&
            (options as { query: { page: number } }).query.page === lastServedPage(tutorsPageSize),
        ),
      ).toBe(true),
    );
    await vi.waitFor(() =>
      expect(screen.queryByText(catalogue["page-too-deep"], { exact: false })).toBeNull(),
    );
  });
});
