import type { LessonState } from "@schema/api/lesson";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { cx } from "../../ui/class-names";

/**
 * Each lesson state has its own colour AND its own mark and word (never colour alone): pending
 * blue with a clock, happening green and solid with a dot, fulfilled grey with a tick, cancelled
 * red and dashed with a cross (its name and time struck through where it is shown).
 */
export const lessonStateStyles: Record<LessonState, { block: string; chip: string; mark: string }> = {
  pending: {
    block: "border-sky-400 bg-sky-50 text-sky-950",
    chip: "border-sky-400 bg-sky-50 text-sky-950",
    mark: "◷",
  },
  happening: {
    block: "border-emerald-800 bg-emerald-700 text-white",
    chip: "border-emerald-800 bg-emerald-700 text-white",
    mark: "●",
  },
  fulfilled: {
    block: "border-slate-300 bg-slate-100 text-slate-800",
    chip: "border-slate-300 bg-slate-100 text-slate-800",
    mark: "✓",
  },
  canceled: {
    block: "border-dashed border-red-400 bg-red-50 text-red-900",
    chip: "border-dashed border-red-400 bg-red-50 text-red-900",
    mark: "✕",
  },
};

export const lessonStates: LessonState[] = ["pending", "happening", "fulfilled", "canceled"];

/** The state as a chip: its mark (hidden from screen readers) and its word. */
export function LessonStateChip({ state, className }: { state: LessonState; className?: string }) {
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-medium",
        lessonStateStyles[state].chip,
        className,
      )}
    >
      <span aria-hidden="true">{lessonStateStyles[state].mark}</span>
      {arLessons.marketplace.lessons.states[state]}
    </span>
  );
}

/** The four states with their colours, marks and words. */
export function LessonStateLegend() {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <span id="lesson-state-legend">{arLessons.lessonsSchedule.legend}:</span>
      <ul aria-labelledby="lesson-state-legend" className="flex flex-wrap gap-2">
        {lessonStates.map((state) => (
          <li key={state}>
            <LessonStateChip state={state} />
          </li>
        ))}
      </ul>
    </div>
  );
}
