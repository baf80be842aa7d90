import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { bookAgainPath } from "../../web/src/features/learning/book-again";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionView } from "@schema/api/session";
import { renderWithApp } from "./render-with-app";

// The page after a lesson's end (web/src/features/live-session/ended-session.tsx): what happened,
// the rating prompt, «احجز مرة أخرى» at the tutor's soonest time, the tutor's earning.

const get = vi.fn();
let selfId = 2;
vi.mock("../../web/src/lib/api", () => ({ api: { get: (...args: unknown[]) => get(...args) } }));
vi.mock("../../web/src/lib/session", () => ({
  useSession: () => ({ user: { id: selfId, role: selfId === 2 ? 3 : 2, gender: "female" } }),
  session: { liveToken: () => "tok", getState: () => ({ token: "tok" }) },
}));

const { EndedSession, minutesAttended } = await import("../../web/src/features/live-session/ended-session");
const { ar } = await import("../../web/src/i18n/ar-EG-all");
const { formatMoney, formatWhen } = await import("../../web/src/lib/format");
const t = ar.endedSession;

const start = "2026-11-20T14:00:00.000Z";
const end = "2026-11-20T14:30:00.000Z";
const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
const view = (overrides: Partial<SessionView> = {}): SessionView => ({
  id: "lesson:9",
  kind: "lesson",
  start,
  end,
  canceled: false,
  members: [
    { id: 1, name: "منى", image: null, gender: "female", role: "tutor" },
    { id: 2, name: "كريم", image: null, gender: "male", role: "student" },
  ],
  attendance: [
    { userId: 1, event: 1, at: at(-3) },
    { userId: 2, event: 1, at: at(2) },
    { userId: 2, event: 2, at: at(17) },
  ],
  media: { liveKit: false, iceServers: [] },
  earning: null,
  ...overrides,
});
const soonest = new Date(Date.now() + 26 * 3_600_000).toISOString();

function answer(session: SessionView, rated = false) {
  get.mockImplementation((path: string) => {
    if (path.startsWith("/session/")) return Promise.resolve(session);
    if (path === "/lesson/free-times")
      return Promise.resolve({ tutorId: 1, duration: 15, starts: [soonest] });
    if (path.startsWith("/rating/list/rater/"))
      return Promise.resolve({
        list: rated
          ? [{ id: 3, raterId: 2, rateeId: 1, value: 5, text: null, createdAt: at(40), updatedAt: at(40) }]
          : [],
        total: rated ? 1 : 0,
      });
    return Promise.reject(new Error(path));
  });
}

afterEach(() => {
  cleanup();
  get.mockReset();
});

describe("the ended lesson screen", () => {
  it("counts each member's time in the room within the lesson", () => {
    const log = view().attendance;
    // Joined 3 minutes early and never left: counted from the start to the end.
    expect(minutesAttended(log, 1, start, end)).toBe(30);
    expect(minutesAttended(log, 2, start, end)).toBe(15);
    expect(minutesAttended(log, 3, start, end)).toBeNull();
  });

  it("shows a student who attended, the rating prompt and book again at the tutor's soonest time", async () => {
    selfId = 2;
    const session = view();
    answer(session);
    renderWithApp(<EndedSession view={session} />);
    expect(screen.getByText("منى حضرت نص ساعة")).toBeTruthy();
    expect(screen.getByText("إنت حضرت ربع ساعة")).toBeTruthy();
    expect(await screen.findByRole("button", { name: t.rate("منى") })).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector("[data-book-again]")?.textContent).toBe(t.soonest(formatWhen(soonest))),
    );
    const book = screen.getByRole("link", { name: new RegExp(`^${t.bookAgain}`) });
    // The tutor's booking at the soonest free time, for the same 30 minutes (web/src/features/learning/book-again.tsx).
    expect(book.getAttribute("href")).toBe(bookAgainPath(1, 30));
    expect(screen.getByRole("link", { name: t.backToLessons }).getAttribute("href")).toBe(
      "/upcoming-lessons",
    );
    // A student sees no earning.
    expect(screen.queryByText(t.earningNote)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: t.rate("منى") }));
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });

  it("offers to edit a rating already given instead of asking again", async () => {
    selfId = 2;
    const session = view();
    answer(session, true);
    renderWithApp(<EndedSession view={session} />);
    expect(await screen.findByRole("button", { name: t.editRating })).toBeTruthy();
    expect(screen.queryByRole("button", { name: t.rate("منى") })).toBeNull();
  });

  it("tells the tutor what she earned, in her gender, and says who did not come", async () => {
    selfId = 1;
    const session = view({ earning: 7500, attendance: [{ userId: 1, event: 1, at: at(0) }] });
    answer(session);
    renderWithApp(<EndedSession view={session} />);
    expect(screen.getByRole("heading", { level: 2, name: /كسبتي من الحصة دي/ }).textContent).toBe(
      t.earning.female(formatMoney(7500)),
    );
    expect(screen.getByText("كريم مدخلش")).toBeTruthy();
    // The tutor is not asked to rate or book.
    expect(screen.queryByRole("link", { name: new RegExp(`^${t.bookAgain}`) })).toBeNull();
  });
});
