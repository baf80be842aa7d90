import type { ProgressView } from "@schema/api/progress";
import { arProgress } from "../../../i18n/ar-EG-learning-progress";
import { counts } from "../../../i18n/ar-EG-counts";
import { formatCalendarDay, formatDay, formatNumber } from "../../../lib/format";
import { countOf, formatDurationWords } from "../../../lib/plural";
import { Card } from "../../../ui/card";
import { BarChart, type ChartPoint } from "../../../ui/charts";
import { LevelBadge } from "../level/level-badge";

const t = arProgress.progress;
const levels = arProgress.level;

const weekLabel = (day: string) => formatCalendarDay(day, { day: "numeric", month: "short" });

/** «تقدّمي»'s content: the level with its meaning, the figures, the weekly chart (RTL, with its table) and the level history. */
export function ProgressContent({ data }: { data: ProgressView }) {
  const points: ChartPoint[] = data.weeks.map((week) => ({
    label: t.weekOf(weekLabel(week.start)),
    value: week.minutes,
    display: week.minutes === 0 ? formatNumber(0) : formatDurationWords(week.minutes),
  }));
  const latest = data.levels[0];
  const figures: Array<[string, string, string]> = [
    ["lessons", t.lessons, countOf(counts.lessons, data.lessons)],
    ["minutes", t.minutes, data.minutes === 0 ? formatNumber(0) : formatDurationWords(data.minutes)],
    ["tutors", t.tutors, countOf(counts.tutors, data.tutors)],
    ["words", t.words, formatNumber(data.wordsLearned)],
    ["homework", t.homework, formatNumber(data.homeworkDone)],
    ["streak", t.streak, t.streakWeeks(data.streakWeeks)],
  ];
  return (
    <div className="flex flex-col gap-6">
      <Card title={t.levelTitle} data-progress-level="">
        {data.level ? (
          <div className="flex flex-col gap-2">
            <p className="flex flex-wrap items-center gap-2 text-lg font-bold text-slate-900">
              <LevelBadge level={data.level} />
              <span>{levels.names[data.level]}</span>
            </p>
            <p className="text-slate-800" data-level-meaning="">
              {levels.meanings[data.level]}
            </p>
            {latest && (
              <p className="text-sm text-slate-600">
                {t.levelSetBy(latest.tutor.name ?? "", formatDay(latest.createdAt))}
              </p>
            )}
          </div>
        ) : (
          <p className="text-slate-700">{t.noLevel}</p>
        )}
      </Card>
      <section aria-labelledby="progress-figures" className="flex flex-col gap-3">
        <h2 id="progress-figures" className="text-lg font-bold text-slate-900">
          {t.figuresLabel}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {figures.map(([key, label, value]) => (
            <div
              key={key}
              className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              data-figure={key}
            >
              <dt className="text-sm text-slate-700">{label}</dt>
              <dd className="text-xl font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {data.streakWeeks === 0 && <p className="text-sm text-slate-700">{t.streakNone}</p>}
      </section>
      <Card>
        <BarChart title={t.chartTitle} points={points} valueLabel={t.chartValue} />
      </Card>
      <Card title={t.historyTitle}>
        {data.levels.length === 0 ? (
          <p className="text-sm text-slate-700">{t.historyEmpty}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {data.levels.map((row) => (
              <li key={row.id} className="flex flex-col gap-1 border-b border-slate-100 pb-2 last:border-0">
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
                  <LevelBadge level={row.level} />
                  <span className="font-semibold">{levels.names[row.level]}</span>
                  <span className="text-slate-600">
                    {t.levelSetBy(row.tutor.name ?? "", formatDay(row.createdAt))}
                  </span>
                </p>
                <p className="text-sm text-slate-700">
                  <bdi dir="auto">{row.reason}</bdi>
                </p>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}
