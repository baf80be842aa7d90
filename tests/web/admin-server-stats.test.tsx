import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ServerStats } from "@schema/events";
import { formatUpdatedAt, ServerStatsView } from "../../web/src/features/admin/server-stats-view";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { renderWithApp } from "./render-with-app";

const t = ar.admin.serverStats;
const stats: ServerStats = {
  usersOnline: 1234,
  lessonsHappeningNow: 7,
  requestsPerMinute: 560,
  pendingWithdrawals: 3,
  paymentsTodayAmount: 1_250_050,
  paymentsTodayCount: 12,
  at: "2026-03-16T09:05:07.000Z",
};

afterEach(cleanup);

function figure(label: string) {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling as HTMLElement;
}

describe("the server stats view", () => {
  it("shows every figure with Arabic digits and money in EGP", () => {
    renderWithApp(<ServerStatsView stats={stats} status="open" />);
    expect(figure(t.usersOnline).textContent).toBe("١٬٢٣٤");
    expect(figure(t.lessonsHappeningNow).textContent).toBe("٧");
    expect(figure(t.requestsPerMinute).textContent).toBe("٥٦٠");
    expect(figure(t.pendingWithdrawals).textContent).toBe("٣");
    const payments = figure(t.paymentsToday);
    expect(payments.textContent).toContain("١٢٬٥٠٠٫٥");
    expect(within(payments).getByText(t.paymentsTodayCount(12))).toBeTruthy();
  });

  it("says when the figures were computed, in Cairo time with seconds", () => {
    renderWithApp(<ServerStatsView stats={stats} status="open" />);
    const time = screen.getByTestId("stats-updated-at");
    expect(time.getAttribute("datetime")).toBe(stats.at);
    expect(time.textContent).toBe(formatUpdatedAt(stats.at));
    // 09:05:07 UTC is 11:05:07 in Cairo (UTC+2 in March).
    expect(formatUpdatedAt(stats.at)).toContain("١١:٠٥:٠٧");
  });

  it("announces only the connection state, never the changing figures", () => {
    renderWithApp(<ServerStatsView stats={stats} status="open" />);
    const live = screen.getAllByRole("status");
    expect(live).toHaveLength(1);
    expect(live[0]!.textContent).toBe(t.live);
    expect(live[0]!.contains(screen.getByText(t.usersOnline))).toBe(false);
  });

  it("waits for the first figures while connecting", () => {
    renderWithApp(<ServerStatsView stats={null} status="connecting" />);
    expect(screen.getByRole("status").textContent).toBe(t.connecting);
    expect(screen.getByText(t.waiting)).toBeTruthy();
  });

  it("warns that the figures may be stale once the live socket dropped", () => {
    renderWithApp(<ServerStatsView stats={stats} status="connecting" />);
    expect(screen.getByRole("status").textContent).toBe(t.disconnected);
    expect(figure(t.usersOnline).textContent).toBe("١٬٢٣٤");
  });
});
