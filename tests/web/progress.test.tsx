import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ProgressView } from "../../schema/api/progress";

// «تقدّمي»'s content (web/src/features/learning/progress/progress-view.tsx): the level with its
// Arabic meaning, the figures through the plural tables, and the weekly chart with its table.
const { ProgressContent } = await import("../../web/src/features/learning/progress/progress-view");
const { arProgress } = await import("../../web/src/i18n/ar-EG-learning-progress");
const { counts } = await import("../../web/src/i18n/ar-EG-counts");
const { countOf } = await import("../../web/src/lib/plural");

afterEach(cleanup);

const weeks = Array.from({ length: 12 }, (_, i) => ({
  start: `2026-${String(9 + Math.floor(i / 4)).padStart(2, "0")}-${String(1 + (i % 4) * 7).padStart(2, "0")}`,
  minutes: i === 11 ? 45 : i === 3 ? 30 : 0,
}));

const data: ProgressView = {
  weeks,
  lessons: 3,
  minutes: 75,
  tutors: 2,
  wordsLearned: 4,
  homeworkDone: 1,
  streakWeeks: 2,
  level: "B1",
  levels: [
    {
      id: 2,
      studentId: 9,
      level: "B1",
      reason: "بيتكلم بجمل كاملة",
      lessonId: 7,
      tutor: { id: 3, name: "محمود" },
      createdAt: "2026-11-20T10:00:00.000Z",
    },
  ],
};

describe("«تقدّمي»", () => {
  it("says what the level means, counts the figures in words and draws twelve weeks with their table", () => {
    const { container } = render(<ProgressContent data={data} />);
    expect(screen.getByText(arProgress.level.meanings.B1)).toBeTruthy();
    expect(screen.getByText(countOf(counts.lessons, 3))).toBeTruthy();
    expect(screen.getByText(arProgress.progress.streakWeeks(2))).toBeTruthy();
    expect(container.querySelectorAll("[data-chart] rect")).toHaveLength(12);
    const table = screen.getByRole("table", { name: arProgress.progress.chartTitle });
    expect(within(table).getAllByRole("row")).toHaveLength(13);
    // The newest week is the chart's last point: at the left end in RTL (the smallest x).
    const bars = [...container.querySelectorAll("[data-chart] rect")].map((rect) =>
      Number(rect.getAttribute("x")),
    );
    expect(bars[11]).toBeLessThan(bars[0]!);
  });

  it("invites a student without a level or a streak", () => {
    render(<ProgressContent data={{ ...data, level: null, levels: [], streakWeeks: 0 }} />);
    expect(screen.getByText(arProgress.progress.noLevel)).toBeTruthy();
    expect(screen.getByText(arProgress.progress.streakNone)).toBeTruthy();
    expect(screen.getByText(arProgress.progress.historyEmpty)).toBeTruthy();
  });
});
