import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LessonView } from "@schema/api/lesson";
import type { UserView } from "@schema/api/user";
import { Role } from "@schema/enums";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
vi.mock("../../web/src/lib/api", () => ({ api: { get: (...args: unknown[]) => get(...args) } }));

const { ar } = await import("../../web/src/i18n/ar-EG-all");
const { session } = await import("../../web/src/lib/session");
const { UpcomingLessonsPage } = await import("../../web/src/pages/upcoming-lessons/upcoming-lessons-page");
const { googleCalendarUrl, joinStatus } = await import("../../web/src/features/lessons/lesson-join");
const { OfflineBanner } = await import("../../web/src/ui/offline-banner");
const { useLeaveWarning } = await import("../../web/src/lib/use-leave-warning");
const { dayOptions } = await import("../../web/src/pages/tutors/tutors-page");
const { installmentLabel } = await import("../../web/src/pages/checkout/checkout-page");
const { confirmedSoonest, freeStretches, WeekFreeDays } =
  await import("../../web/src/features/tutors/visitor-panels");
const { formatWhen } = await import("../../web/src/lib/format");
const { TutorCard } = await import("../../web/src/features/tutors/tutor-card");

const MINUTE = 60_000;

/** The card of a lesson, once the list has rendered it. */
const card = (id: number) =>
  waitFor(() => {
    const element = document.querySelector<HTMLElement>(`[data-lesson="${id}"]`);
    expect(element).not.toBeNull();
    return element!;
  });
const joinName = new RegExp(`^${ar.market.join.action}`);

function lesson(id: number, startsInMinutes: number, duration: LessonView["duration"] = 30): LessonView {
  const start = new Date(Date.now() + startsInMinutes * MINUTE).toISOString();
  return {
    id,
    tutor: { id: 10, name: `مدرّس ${id}`, image: null },
    student: { id: 20, name: "سارة أحمد", image: null },
    start,
    end: new Date(Date.parse(start) + duration * MINUTE).toISOString(),
    duration,
    price: 12_750,
    state: startsInMinutes <= 0 ? "happening" : "pending",
    isTrial: false,
    subscriptionId: 1,
    canceledAt: null,
    canceledBy: null,
    createdAt: "2026-11-01T10:00:00.000Z",
  };
}

afterEach(cleanup);

describe("/upcoming-lessons: no lesson without its way in", () => {
  beforeEach(() => {
    session.setUser({ id: 20, role: Role.Student, name: "سارة أحمد" } as UserView);
    const now = [lesson(1, -5)];
    const future = [lesson(2, 5), lesson(3, 3 * 60), lesson(4, 2 * 24 * 60)];
    get.mockImplementation((path: string, options: { query: { when?: string } }) => {
      if (path === "/lesson/list/")
        return Promise.resolve(
          options.query.when === "now" ? { list: now, total: 1 } : { list: future, total: 3 },
        );
      if (path.startsWith("/rating/list/rater/")) return Promise.resolve({ list: [], total: 0 });
      return Promise.reject(new Error(path));
    });
  });

  it("shows «انضم للحصة» on a lesson happening now and one starting in 5 minutes, and says the state in words", async () => {
    renderWithApp(<UpcomingLessonsPage />);
    const happening = await card(1);
    expect(within(happening).getByRole("link", { name: joinName }).getAttribute("href")).toBe("/lesson/1");
    expect(within(happening).getByText(ar.marketplace.lessons.states.happening)).toBeTruthy();
    expect(within(happening).getByText(/^الحصة شغالة دلوقتي — فاضل/)).toBeTruthy();
    const soon = document.querySelector<HTMLElement>('[data-lesson="2"]')!;
    expect(within(soon).getByRole("link", { name: joinName }).getAttribute("href")).toBe("/lesson/2");
    expect(within(soon).getByText(/^الحصة بتبدأ بعد/)).toBeTruthy();
  });

  it("keeps the join button disabled, with when the room opens, for a later lesson", async () => {
    renderWithApp(<UpcomingLessonsPage />);
    const later = await card(4);
    const join = within(later).getByRole("button", { name: joinName }) as HTMLButtonElement;
    expect(join.disabled).toBe(true);
    expect(within(later).getByText(/^الغرفة بتفتح /)).toBeTruthy();
  });

  it("offers cancel and move only outside the 6 hours before the start, and says when they closed", async () => {
    renderWithApp(<UpcomingLessonsPage />);
    const inside = await card(3);
    expect(
      (
        within(inside).getByRole("button", {
          name: new RegExp(`^${ar.marketplace.lessons.cancel}`),
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(
      (
        within(inside).getByRole("button", {
          name: new RegExp(`^${ar.marketplace.lessons.reschedule}`),
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(within(inside).getByText(/واتقفلوا/)).toBeTruthy();
    const outside = document.querySelector<HTMLElement>('[data-lesson="4"]')!;
    expect(
      (
        within(outside).getByRole("button", {
          name: new RegExp(`^${ar.marketplace.lessons.cancel}`),
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(false);
    expect(
      within(outside)
        .getByRole("link", { name: new RegExp(`^${ar.market.calendar.addToGoogle}`) })
        .getAttribute("href"),
    ).toMatch(/^https:\/\/calendar\.google\.com\//);
  });
});

describe("the join state in words", () => {
  const start = Date.parse("2026-11-25T14:00:00Z");
  const at = (minutes: number) => start + minutes * MINUTE;
  const timed = { id: 1, start: new Date(start).toISOString(), end: new Date(at(30)).toISOString() };
  it("opens 10 minutes before the start and closes at the end", () => {
    expect(joinStatus(timed, at(-11)).open).toBe(false);
    expect(joinStatus(timed, at(-10)).open).toBe(true);
    expect(joinStatus(timed, at(29)).open).toBe(true);
    expect(joinStatus(timed, at(30))).toMatchObject({ open: false, ended: true });
    expect(joinStatus(timed, at(-70)).words).toBe(ar.market.join.opensIn("ساعة"));
    expect(joinStatus(timed, at(15)).words).toBe(ar.market.join.endsIn("ربع ساعة"));
  });

  it("gives Google Calendar the lesson's UTC times", () => {
    const url = new URL(googleCalendarUrl(timed, "منى", "https://dars.test"));
    expect(url.searchParams.get("dates")).toBe("20261125T140000Z/20261125T143000Z");
    expect(url.searchParams.get("details")).toContain("https://dars.test/lesson/1");
  });
});

describe("forms and states of the marketplace", () => {
  it("offers the next 14 days by name for the free-day filter, today and tomorrow in words", () => {
    const options = dayOptions(undefined, new Date("2026-11-25T10:00:00Z"));
    expect(options).toHaveLength(14);
    expect(options[0]).toEqual({ value: "2026-11-25", label: "النهارده — الأربعاء، ٢٥ نوفمبر" });
    expect(options[1]!.label).toBe("بكرة — الخميس، ٢٦ نوفمبر");
    expect(options.every((option) => !/[A-Za-z]|\//.test(option.label))).toBe(true);
  });

  it("merges a tutor's 15-minute starts into free stretches", () => {
    const starts = [
      "2026-11-25T14:00:00.000Z",
      "2026-11-25T14:15:00.000Z",
      "2026-11-25T14:30:00.000Z",
      "2026-11-25T16:00:00.000Z",
    ];
    expect(freeStretches(starts)).toEqual([
      { start: "2026-11-25T14:00:00.000Z", end: "2026-11-25T14:45:00.000Z" },
      { start: "2026-11-25T16:00:00.000Z", end: "2026-11-25T16:15:00.000Z" },
    ]);
  });

  it("names the days of the week a tutor's card has free time on", async () => {
    get.mockImplementation((path: string) =>
      path === "/lesson/free-times"
        ? Promise.resolve({
            tutorId: 5,
            duration: 15,
            starts: ["2026-11-26T14:00:00.000Z", "2026-11-26T14:15:00.000Z", "2026-11-28T14:00:00.000Z"],
          })
        : Promise.reject(new Error(path)),
    );
    renderWithApp(<WeekFreeDays tutorId={5} />);
    expect(await screen.findByText(ar.market.visitor.freeDays("الخميس، السبت"))).toBeTruthy();
  });

  it("has a card below the fold ask for its free days when it comes near the view, not with the page", async () => {
    get.mockReset();
    const observers: Array<{ callback: IntersectionObserverCallback; targets: Element[]; margin?: string }> =
      [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        targets: Element[] = [];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          observers.push({ callback, targets: this.targets, margin: options?.rootMargin });
        }
        observe(target: Element) {
          this.targets.push(target);
        }
        disconnect() {}
      },
    );
    get.mockImplementation((path: string) =>
      path === "/lesson/free-times"
        ? Promise.resolve({ tutorId: 5, duration: 15, starts: ["2026-11-26T14:00:00.000Z"] })
        : new Promise(() => {}),
    );
    const tutor = {
      id: 5,
      name: "منى",
      image: null,
      gender: null,
      bio: null,
      video: null,
      thumbnail: null,
      topics: [],
    };
    const card = {
      ...tutor,
      rating: { average: null, count: 0 },
      lessonsTaught: 3,
      nextFreeAt: "2026-11-26T14:00:00.000Z",
      responseSeconds: null,
    };
    renderWithApp(
      <ul>
        <TutorCard tutor={card} />
      </ul>,
    );
    const item = screen.getByRole("listitem");
    await waitFor(() => expect(observers.at(-1)?.targets).toEqual([item]));
    expect(get.mock.calls.filter(([path]) => path === "/lesson/free-times")).toEqual([]);
    expect(item.querySelector("[data-card-week]")).toBeNull();
    act(() =>
      observers
        .at(-1)!
        .callback(
          [{ isIntersecting: true, target: item } as unknown as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
    );
    expect(await screen.findByText(ar.market.visitor.freeDays("الخميس"))).toBeTruthy();
    expect(get.mock.calls.filter(([path]) => path === "/lesson/free-times")).toHaveLength(1);
    // The soonest time is the free-times answer's, shown once it confirms a time that day.
    expect(item.querySelector("[data-card-soonest]")?.textContent).toContain(
      formatWhen("2026-11-26T14:00:00.000Z"),
    );
    vi.unstubAllGlobals();
  });

  it("shows a card's soonest time only when the tutor's free times have a time that day", () => {
    const thursday = "2026-11-26T14:00:00.000Z";
    // The list's soonest time is confirmed by the answer: that day's first free start.
    expect(confirmedSoonest(thursday, ["2026-11-26T15:00:00.000Z", "2026-11-28T09:00:00.000Z"])).toBe(
      "2026-11-26T15:00:00.000Z",
    );
    // The answer has nothing that day (booked since, or inside the notice): no soonest time at all.
    expect(confirmedSoonest(thursday, ["2026-11-28T09:00:00.000Z"])).toBeNull();
    expect(confirmedSoonest(thursday, [])).toBeNull();
    // No answer yet, or no soonest time in the list: nothing.
    expect(confirmedSoonest(thursday, undefined)).toBeNull();
    expect(confirmedSoonest(null, [thursday])).toBeNull();
  });

  it("says an installment plan's rate once, even when its name already does", () => {
    const none = ar.payments.installments.noInterest;
    expect(installmentLabel(`٦ أشهر ${none}`, none)).toBe(`٦ أشهر ${none}`);
    expect(installmentLabel("١٢ شهر", ar.payments.installments.rate("١٠٪"))).toBe(
      `١٢ شهر — ${ar.payments.installments.rate("١٠٪")}`,
    );
  });

  it("says so while the device is offline, and not once it is back", () => {
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    render(<OfflineBanner />);
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(screen.getByText(ar.shell.offline)).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event("online")));
    expect(screen.queryByText(ar.shell.offline)).toBeNull();
  });

  it("asks before the tab closes while an upload runs, and not after it", () => {
    function Uploading({ active }: { active: boolean }) {
      useLeaveWarning(active);
      return null;
    }
    const { rerender } = render(<Uploading active />);
    const during = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(during);
    expect(during.defaultPrevented).toBe(true);
    rerender(<Uploading active={false} />);
    const after = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
