import type { CefrLevel } from "@schema/learning";
import { arProgress } from "../../../i18n/ar-EG-learning-progress";

const t = arProgress.level;

/** The student's level as a small badge: its code (left to right) and its Arabic name for screen readers and on hover. */
export function LevelBadge({ level }: { level: CefrLevel }) {
  const label = t.badge(`${level} (${t.names[level]})`);
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800"
      title={label}
      data-level={level}
    >
      <span className="sr-only">{label}</span>
      <span aria-hidden="true" dir="ltr" lang="en">
        {level}
      </span>
    </span>
  );
}
