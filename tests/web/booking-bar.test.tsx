import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BookingBar } from "../../web/src/features/tutor-profile/booking-bar";
import { soonestFreeStart } from "../../web/src/features/tutor-profile/booking-bar-rules";
import { market } from "../../web/src/i18n/ar-EG-marketplace";
import { CONSENT_STORAGE_KEY, writeConsent } from "../../web/src/lib/consent";
import { formatWhen } from "../../web/src/lib/format";

const now = Date.parse("2026-11-26T14:07:00.000Z");

describe("the booking bar's soonest free time (web/src/features/tutor-profile/booking-bar-rules.ts)", () => {
  it("is the earliest start ahead of now among every answer the page has loaded", () => {
    const week = { starts: ["2026-11-27T14:00:00.000Z", "2026-11-26T18:00:00.000Z"] };
    const fortnight = {
      starts: ["2026-11-26T14:00:00.000Z", "2026-11-26T16:30:00.000Z", "2026-12-01T08:00:00.000Z"],
    };
    // 14:00 has gone by (now is 14:07): the next is 16:30 from the other answer.
    expect(soonestFreeStart([week, fortnight], now)).toBe("2026-11-26T16:30:00.000Z");
    expect(soonestFreeStart([undefined, week], now)).toBe("2026-11-26T18:00:00.000Z");
  });

  it("is null when no answer is loaded or nothing is free ahead", () => {
    expect(soonestFreeStart([], now)).toBeNull();
    expect(soonestFreeStart([undefined], now)).toBeNull();
    expect(soonestFreeStart([{ starts: [] }, { starts: ["2026-11-26T14:00:00.000Z"] }], now)).toBeNull();
  });
});

function renderBar(client: QueryClient) {
  return render(
    <QueryClientProvider client={client}>
      <BookingBar tutorId={7} name="سلمى" />
    </QueryClientProvider>,
  );
}

function clientWith(config: Record<string, unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(["config"], config);
  return client;
}

describe("the booking bar", () => {
  afterEach(() => {
    cleanup();
    localStorage.removeItem(CONSENT_STORAGE_KEY);
    document.body.style.paddingBlockEnd = "";
  });

  it("shows the price, and the soonest time only once the page's free times have loaded", () => {
    vi.spyOn(Date, "now").mockReturnValue(Date.parse("2020-01-01T00:00:00.000Z"));
    const client = clientWith({});
    renderBar(client);
    const bar = screen.getByRole("region", { name: market.visitor.bookingBar("سلمى") });
    expect(bar.querySelector("[data-bar-price]")?.textContent).toMatch(/^الحصة من /);
    expect(bar.querySelector("[data-bar-soonest]")).toBeNull();
    act(() => {
      client.setQueryData(["lessons", "free-times", 7, "a", "b", 15], {
        tutorId: 7,
        duration: 15,
        starts: ["2026-11-27T14:00:00.000Z"],
      });
      // Another tutor's answer is not this one's.
      client.setQueryData(["lessons", "free-times", 8, "a", "b", 15], {
        tutorId: 8,
        duration: 15,
        starts: ["2026-11-26T15:00:00.000Z"],
      });
    });
    const soonest = bar.querySelector("[data-bar-soonest]");
    expect(soonest?.getAttribute("data-bar-soonest")).toBe("2026-11-27T14:00:00.000Z");
    expect(soonest?.textContent).toBe(market.visitor.soonestFree(formatWhen("2026-11-27T14:00:00.000Z")));
    expect(bar.querySelector('a[href="#book"]')?.textContent).toBe("احجز حصة");
  });

  it("waits while the consent banner asks, and comes back once it is answered", () => {
    renderBar(clientWith({ gaId: "G-ABCDEFGHIJ" }));
    expect(screen.queryByRole("region")).toBeNull();
    act(() => writeConsent("denied"));
    expect(screen.getByRole("region", { name: market.visitor.bookingBar("سلمى") })).toBeTruthy();
  });
});
