import { QueryClient } from "@tanstack/react-query";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LessonView } from "@schema/api/lesson";
import type { UserView } from "@schema/api/user";
import { Role } from "@schema/enums";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
const post = vi.fn();
const del = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    delete: (...args: unknown[]) => del(...args),
  },
}));

const { firstRowInView, lessonsByDay, placeLessons, soonWindow } =
  await import("../../web/src/features/lessons/lesson-week");
const { lessonState } = await import("../../schema/lesson-state");
const { invalidateLessonData, lessonEventTypes } = await import("../../web/src/features/lessons/use-lessons");
const { LessonDetailsDialog } = await import("../../web/src/features/lessons/lesson-details-dialog");
const { LessonsCalendar } = await import("../../web/src/features/lessons/lessons-calendar");
const { CalendarFeedDialog } = await import("../../web/src/features/lessons/calendar-feed-dialog");
const { CancelLessonDialog } = await import("../../web/src/features/lessons/lesson-actions");
const { ApiError } = await import("../../web/src/lib/api-error");
const { weekDays, weekStartOf } = await import("../../schema/calendar");
const { localDay } = await import("../../web/src/features/availability/week");
const { session } = await import("../../web/src/lib/session");
const { ar, errorMessage, errorMessages } = await import("../../web/src/i18n/ar-EG-all");
const { formatWhen } = await import("../../web/src/lib/format");
/** «انضم للحصة — …»: the join control's accessible name names the lesson it joins. */
const joinName = new RegExp(`^${ar.market.join.action}`);

const MINUTE = 60_000;
const t = ar.lessonsSchedule;

function lesson(overrides: Partial<LessonView> & { start: string }): LessonView {
  const duration = overrides.duration ?? 30;
  return {
    id: 1,
    tutor: { id: 10, name: "منى علي", image: null },
    student: { id: 20, name: "سارة أحمد", image: null },
    end: new Date(Date.parse(overrides.start) + duration * MINUTE).toISOString(),
    duration,
    price: 12_750,
    state: "pending",
    isTrial: false,
    subscriptionId: 1,
    canceledAt: null,
    canceledBy: null,
    createdAt: "2026-11-01T10:00:00.000Z",
    ...overrides,
  };
}

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  del.mockReset();
});
afterEach(cleanup);

describe("a lesson's state", () => {
  const l = lesson({ start: "2026-11-22T08:00:00.000Z" });
  const at = Date.parse(l.start);
  it("is pending before the start, happening until the end, fulfilled after it", () => {
    expect(lessonState(l, at - 1)).toBe("pending");
    expect(lessonState(l, at)).toBe("happening");
    expect(lessonState(l, at + 30 * MINUTE - 1)).toBe("happening");
    expect(lessonState(l, at + 30 * MINUTE)).toBe("fulfilled");
  });
  it("is cancelled whenever canceledAt is set", () => {
    expect(lessonState({ ...l, canceledAt: "2026-11-21T08:00:00.000Z" }, at - 1)).toBe("canceled");
  });
});

describe("the week layout (Saturday first, Cairo time)", () => {
  // 2026-11-21 is a Saturday; Cairo is UTC+2 in November.
  const days = weekDays("2026-11-21");

  it("starts the week on Saturday", () => {
    expect(weekStartOf("2026-11-25")).toBe("2026-11-21");
    expect(days[0]).toBe("2026-11-21");
    expect(days[6]).toBe("2026-11-27");
  });

  it("places a lesson on its Cairo day and 15-minute rows", () => {
    const placed = placeLessons([lesson({ id: 3, start: "2026-11-22T08:00:00.000Z" })], days);
    // 10:00 Cairo on Sunday: column 1, rows 40..42.
    expect(placed).toEqual([expect.objectContaining({ column: 1, startRow: 40, endRow: 42 })]);
  });

  it("puts a lesson after Cairo midnight on the next day", () => {
    const late = lesson({ id: 4, start: "2026-11-21T22:30:00.000Z", duration: 15 });
    expect(placeLessons([late], days)).toEqual([
      expect.objectContaining({ column: 1, startRow: 2, endRow: 3 }),
    ]);
    expect(lessonsByDay([late], days).get("2026-11-22")).toEqual([late]);
    expect(lessonsByDay([late], days).get("2026-11-21")).toEqual([]);
  });

  it("leaves out lessons of other weeks and orders each day by time", () => {
    const a = lesson({ id: 5, start: "2026-11-23T12:00:00.000Z" });
    const b = lesson({ id: 6, start: "2026-11-23T09:00:00.000Z" });
    const outside = lesson({ id: 7, start: "2026-11-28T09:00:00.000Z" });
    expect(placeLessons([outside], days)).toEqual([]);
    expect(
      lessonsByDay([a, b, outside], days)
        .get("2026-11-23")!
        .map((x) => x.id),
    ).toEqual([6, 5]);
  });

  it("scrolls to the hour before the earliest lesson, or to 08:00", () => {
    expect(firstRowInView([])).toBe(32);
    expect(firstRowInView(placeLessons([lesson({ start: "2026-11-22T08:15:00.000Z" })], days))).toBe(36);
  });
});

describe("lesson data refresh", () => {
  it("invalidates the lessons, the minutes left and both dashboards' figures", () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, "invalidateQueries");
    invalidateLessonData(client);
    expect(spy.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ["lessons"],
      ["subscription", "user"],
      ["stats", "personalized", "student"],
      ["stats", "personalized", "tutor"],
    ]);
  });

  it("reacts to the three lesson events only", () => {
    expect([...lessonEventTypes].sort()).toEqual(["LessonBooked", "LessonCanceled", "LessonRebooked"]);
  });
});

describe("the lesson details", () => {
  const start = "2026-11-22T08:00:00.000Z";
  const at = Date.parse(start);
  const handlers = () => ({ onClose: vi.fn(), onCancel: vi.fn(), onReschedule: vi.fn() });

  it("offers a student of a pending lesson to move or cancel it, not to join yet", () => {
    const h = handlers();
    renderWithApp(
      <LessonDetailsDialog
        lesson={lesson({ start })}
        userId={20}
        isStudent
        now={at - 7 * 60 * MINUTE}
        {...h}
      />,
    );
    const dialog = screen.getByRole("dialog", { name: t.details.title });
    expect(within(dialog).getByText("منى علي")).toBeTruthy();
    expect(within(dialog).getByText(ar.marketplace.lessons.states.pending)).toBeTruthy();
    expect(within(dialog).queryByRole("link", { name: joinName })).toBeNull();
    expect((within(dialog).getByRole("button", { name: joinName }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("button", { name: ar.marketplace.lessons.reschedule }));
    fireEvent.click(within(dialog).getByRole("button", { name: ar.marketplace.lessons.cancel }));
    expect(h.onReschedule).toHaveBeenCalledOnce();
    expect(h.onCancel).toHaveBeenCalledOnce();
  });

  it("disables cancel and move inside the 6 hours before the start, and says when they closed", () => {
    const h = handlers();
    renderWithApp(
      <LessonDetailsDialog lesson={lesson({ start })} userId={20} isStudent now={at - 60 * MINUTE} {...h} />,
    );
    const reschedule = screen.getByRole("button", {
      name: ar.marketplace.lessons.reschedule,
    }) as HTMLButtonElement;
    const cancel = screen.getByRole("button", { name: ar.marketplace.lessons.cancel }) as HTMLButtonElement;
    expect(reschedule.disabled).toBe(true);
    expect(cancel.disabled).toBe(true);
    fireEvent.click(cancel);
    expect(h.onCancel).not.toHaveBeenCalled();
    const closedAt = at - 6 * 60 * MINUTE;
    expect(
      screen.getByText(ar.market.changes.closedAt(formatWhen(closedAt, at - 60 * MINUTE), "٦ ساعات")),
    ).toBeTruthy();
  });

  it("offers a tutor to cancel but not to move, and names the student", () => {
    renderWithApp(
      <LessonDetailsDialog
        lesson={lesson({ start })}
        userId={10}
        isStudent={false}
        now={at - 60 * MINUTE}
        {...handlers()}
      />,
    );
    expect(screen.getByText("سارة أحمد")).toBeTruthy();
    expect(screen.queryByRole("button", { name: ar.marketplace.lessons.reschedule })).toBeNull();
    expect(screen.getByRole("button", { name: ar.marketplace.lessons.cancel })).toBeTruthy();
  });

  it("links to the room from 10 minutes before the start", () => {
    renderWithApp(
      <LessonDetailsDialog
        lesson={lesson({ id: 9, start })}
        userId={20}
        isStudent
        now={at - 10 * MINUTE}
        {...handlers()}
      />,
    );
    expect(screen.getByRole("link", { name: joinName }).getAttribute("href")).toBe("/lesson/9");
  });

  it("says who cancelled and offers nothing for a cancelled lesson", () => {
    renderWithApp(
      <LessonDetailsDialog
        lesson={lesson({ start, canceledAt: start, canceledBy: 10 })}
        userId={20}
        isStudent
        now={at - 60 * MINUTE}
        {...handlers()}
      />,
    );
    expect(screen.getByText(ar.marketplace.lessons.states.canceled)).toBeTruthy();
    expect(screen.getByText(ar.gendered.canceledBy.male("منى علي"))).toBeTruthy();
    expect(screen.queryByRole("button", { name: ar.marketplace.lessons.cancel })).toBeNull();
    expect(screen.queryByRole("link", { name: joinName })).toBeNull();
  });
});

// The grid is 96 rows × 7 days of cells: rendering it in happy-dom takes seconds on a busy machine.
describe("the week calendar screen", { timeout: 30_000 }, () => {
  beforeEach(() => {
    session.setUser({ id: 20, role: Role.Student, name: "سارة أحمد" } as UserView);
    // Only the clock is fixed (timers stay real for the queries). A Tuesday morning in Cairo: the
    // lessons below, two and three hours ahead, fall inside this week whenever the suite runs; on a
    // Friday evening the later one would open next week's page and not be on this one.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse("2026-11-24T08:00:00.000Z") });
  });
  afterEach(() => vi.useRealTimers());

  it("asks for this week's lessons and shows each with its state in words, and opens its details", async () => {
    const soon = new Date(
      Math.ceil((Date.now() + 2 * 60 * MINUTE) / (15 * MINUTE)) * 15 * MINUTE,
    ).toISOString();
    const canceled = new Date(Date.parse(soon) + 60 * MINUTE).toISOString();
    get.mockResolvedValue({
      list: [
        lesson({ id: 31, start: soon }),
        lesson({ id: 32, start: canceled, canceledAt: soon, canceledBy: 20 }),
      ],
      total: 2,
    });
    renderWithApp(<LessonsCalendar />);
    await screen.findByRole("grid", { name: t.calendarLabel });
    const [path, options] = get.mock.calls[0] as [
      string,
      { query: { after: string; before: string; size: number } },
    ];
    expect(path).toBe("/lesson/list/");
    expect(options.query.size).toBe(100);
    expect(localDay(options.query.after)).toBe(weekStartOf(localDay(Date.now())));
    expect(Date.parse(options.query.before) - Date.parse(options.query.after)).toBeGreaterThanOrEqual(
      7 * 24 * 60 * MINUTE - 60 * MINUTE,
    );

    const block = document.querySelector(`[role="grid"] [data-lesson="31"]`)!.closest("button")!;
    expect(block.textContent).toContain(ar.marketplace.lessons.states.pending);
    expect(block.textContent).toContain("منى علي");
    const canceledBlock = document.querySelector(`[role="grid"] [data-lesson="32"]`)!;
    expect(canceledBlock.getAttribute("data-state")).toBe("canceled");
    expect(canceledBlock.textContent).toContain(ar.marketplace.lessons.states.canceled);
    // The phone list has the same lessons, each a labelled button.
    const listed = document.querySelector<HTMLButtonElement>(`section [data-lesson="31"]`)!;
    expect(listed.textContent).toContain(`${ar.marketplace.lessons.with}منى علي`);
    expect(listed.textContent).toContain(ar.marketplace.lessons.states.pending);

    fireEvent.click(block);
    expect(await screen.findByRole("dialog", { name: t.details.title })).toBeTruthy();
  });

  it("moves a week back and forth and returns to this week", async () => {
    get.mockResolvedValue({ list: [], total: 0 });
    renderWithApp(<LessonsCalendar />);
    expect(await screen.findByText(t.empty)).toBeTruthy();
    const thisWeek = screen.getByRole("button", { name: ar.schedule.thisWeek });
    expect(thisWeek).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("button", { name: new RegExp(ar.schedule.nextWeek) }));
    // Next week's lessons, and (another week on screen) the lessons about to start by the clock.
    await waitFor(() => expect(get).toHaveBeenCalledTimes(3));
    const [first, second, soon] = get.mock.calls.map(
      (call) => (call[1] as { query: { after: string } }).query.after,
    );
    expect(Date.parse(second!) - Date.parse(first!)).toBe(7 * 24 * 60 * MINUTE);
    expect(soon).toBe(soonWindow(Date.now()).after);
    expect(thisWeek).toHaveProperty("disabled", false);
    fireEvent.click(thisWeek);
    expect(thisWeek).toHaveProperty("disabled", true);
  });
});

describe("lessons about to start, at the week's edge (Saturday 00:00 in Cairo)", { timeout: 30_000 }, () => {
  // Friday 23:50 in Cairo (21:50 UTC): the lesson at midnight is on next week's page.
  const now = Date.parse("2026-11-27T21:50:00.000Z");
  const midnight = "2026-11-27T22:00:00.000Z";
  beforeEach(() => {
    session.setUser({ id: 20, role: Role.Student, name: "سارة أحمد" } as UserView);
    vi.useFakeTimers({ toFake: ["Date"], now });
  });
  afterEach(() => vi.useRealTimers());

  it("asks for the window from the longest lesson before the quarter hour to an hour and a quarter after", () => {
    expect(soonWindow(Date.parse("2026-11-27T21:52:30.000Z"))).toEqual({
      after: "2026-11-27T21:15:00.000Z",
      before: "2026-11-27T23:00:00.000Z",
    });
  });

  it("shows the midnight lesson's «انضم للحصة» above this week, on phones too, though the week does not hold it", async () => {
    get.mockImplementation((_path: string, { query }: { query: { after: string; before: string } }) =>
      Promise.resolve(
        Date.parse(query.before) - Date.parse(query.after) > 24 * 60 * MINUTE
          ? { list: [], total: 0 } // this week: Saturday 21 to Friday 27 November
          : { list: [lesson({ id: 41, start: midnight, duration: 15 })], total: 1 },
      ),
    );
    renderWithApp(<LessonsCalendar />);
    const strip = await screen.findByRole("region", { name: ar.market.join.soonTitle });
    expect(within(strip).getByRole("link", { name: joinName }).getAttribute("href")).toBe("/lesson/41");
    // The day list below cannot show it, so phones see the strip as well.
    expect(strip.className).not.toContain("hidden");
    expect(document.querySelector(`[role="grid"] [data-lesson="41"]`)).toBeNull();
    const windowCall = get.mock.calls.find(
      ([, options]) => (options as { query: { after: string } }).query.after === soonWindow(now).after,
    );
    expect(windowCall?.[1]).toMatchObject({ query: { before: soonWindow(now).before, size: 100 } });
  });

  it("asks for no second list when this week holds the window, and leaves the phone's join to the day list", async () => {
    vi.setSystemTime(Date.parse("2026-11-24T08:50:00.000Z"));
    get.mockResolvedValue({
      list: [lesson({ id: 42, start: "2026-11-24T09:00:00.000Z", duration: 15 })],
      total: 1,
    });
    renderWithApp(<LessonsCalendar />);
    const strip = await screen.findByRole("region", { name: ar.market.join.soonTitle });
    expect(strip.className).toContain("hidden md:flex");
    expect(document.querySelector(`section[aria-label="${t.dayList}"] [data-join="42"]`)).not.toBeNull();
    expect(get).toHaveBeenCalledTimes(1);
  });
});

describe("cancelling inside the 6-hour window", () => {
  it("shows the rule's Arabic message in the dialog and keeps it open", async () => {
    // As the Worker answers: the code with its Arabic message (schema/error-messages.ts).
    del.mockRejectedValue(
      new ApiError("lesson-cancel-window-passed", 422, errorMessages["lesson-cancel-window-passed"]),
    );
    const onClose = vi.fn();
    renderWithApp(
      <CancelLessonDialog
        lesson={lesson({ id: 12, start: "2026-11-22T08:00:00.000Z" })}
        userId={20}
        onClose={onClose}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: ar.marketplace.lessons.cancelConfirm }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(errorMessage("lesson-cancel-window-passed"));
    expect(alert.textContent).toMatch(/ست ساعات/);
    expect(del).toHaveBeenCalledWith("/lesson/12");
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe("the calendar feed dialog", () => {
  it("shows the secret URL left to right, a webcal: link, and replaces the URL on request", async () => {
    const url = "https://dars.test/api/v1/lesson/calendar/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ.ics";
    get.mockResolvedValue({ url, webcalUrl: url.replace("https:", "webcal:") });
    const rotated = url.replace("abc", "xyz");
    post.mockResolvedValue({ url: rotated, webcalUrl: rotated.replace("https:", "webcal:") });
    renderWithApp(<CalendarFeedDialog onClose={() => {}} />);
    const field = await screen.findByLabelText<HTMLInputElement>(t.feed.urlLabel);
    expect(field.value).toBe(url);
    expect(field.getAttribute("dir")).toBe("ltr");
    expect(screen.getByRole("link", { name: t.feed.subscribe }).getAttribute("href")).toBe(
      url.replace("https:", "webcal:"),
    );
    fireEvent.click(screen.getByRole("button", { name: t.feed.rotate }));
    await waitFor(() => expect(field.value).toBe(rotated));
    expect(post).toHaveBeenCalledWith("/lesson/calendar/feed");
  });
});
