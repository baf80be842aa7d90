import { useId, type ReactNode } from "react";
import { charts } from "../i18n/ar-EG-admin-figures";
import { formatNumber } from "../lib/format";
import { cx } from "./class-names";

/** One period of a series: what it is called («١٥ نوفمبر»), its value, and that value as shown («٣٠٠ ج.م.»). */
export type ChartPoint = { label: string; value: number; display?: string };

type ChartProps = {
  /** The chart's heading; it also names the data table read to screen readers. */
  title: string;
  /** Oldest first, as the API answers; drawn right to left (the first period at the right). */
  points: ChartPoint[];
  /** The value column's heading in the text alternative («الحصص»). */
  valueLabel: string;
  className?: string;
};

const WIDTH = 320;
const HEIGHT = 150;
const TOP = 16;
const BOTTOM = 4;
const PLOT = HEIGHT - TOP - BOTTOM;

const shown = (point: ChartPoint) => point.display ?? formatNumber(point.value);

/**
 * Where each point sits across the plot: Arabic reads right to left, so the first (oldest)
 * period is at the right edge and time runs leftward. `slot` is each point's width.
 */
export function chartColumns(count: number): { slot: number; center: (index: number) => number } {
  const slot = WIDTH / Math.max(count, 1);
  return { slot, center: (index) => WIDTH - slot * (index + 0.5) };
}

/** The height a value takes in the plot, against the series' largest value (at least 1). */
const heightOf = (value: number, max: number) => (value / Math.max(max, 1)) * PLOT;

/**
 * The chart's frame: heading, the drawing (hidden from screen readers) and, in its place, a
 * visually hidden table of every period and value; the largest value is written above the plot.
 */
function ChartFrame({
  title,
  points,
  valueLabel,
  className,
  children,
}: ChartProps & { children: ReactNode }) {
  const headingId = useId();
  const peak = points.reduce<ChartPoint | null>(
    (best, point) => (best === null || point.value > best.value ? point : best),
    null,
  );
  return (
    <figure aria-labelledby={headingId} className={cx("flex flex-col gap-2", className)}>
      <figcaption id={headingId} className="text-sm font-bold text-slate-800">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        aria-hidden="true"
        focusable="false"
        data-chart=""
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={TOP + PLOT}
          y2={TOP + PLOT}
          className="stroke-slate-300"
          strokeWidth={1}
        />
        {children}
      </svg>
      {points.length > 0 && (
        // The first period under the right edge (the start, in RTL), the last under the left edge.
        <div aria-hidden="true" className="-mt-1 flex justify-between gap-2 text-xs text-slate-600">
          <span>{points[0]!.label}</span>
          {points.length > 1 && <span>{points.at(-1)!.label}</span>}
        </div>
      )}
      {peak && peak.value > 0 && (
        <p className="text-xs text-slate-600">{charts.peak(shown(peak), peak.label)}</p>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{charts.period}</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{shown(point)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Bars, one per period, first period at the right. */
export function BarChart(props: ChartProps) {
  const { points } = props;
  const max = Math.max(0, ...points.map((point) => point.value));
  const { slot, center } = chartColumns(points.length);
  const barWidth = Math.max(2, slot * 0.6);
  return (
    <ChartFrame {...props}>
      {points.map((point, index) => {
        const height = heightOf(point.value, max);
        return (
          <rect
            key={point.label}
            x={center(index) - barWidth / 2}
            y={TOP + PLOT - height}
            width={barWidth}
            height={height}
            rx={2}
            className="fill-brand-600"
            data-value={point.value}
          >
            <title>{`${point.label}: ${shown(point)}`}</title>
          </rect>
        );
      })}
    </ChartFrame>
  );
}

/** A line through the periods' values with a dot on each, first period at the right. */
export function LineChart(props: ChartProps) {
  const { points } = props;
  const max = Math.max(0, ...points.map((point) => point.value));
  const { center } = chartColumns(points.length);
  const at = (point: ChartPoint, index: number) => ({
    x: center(index),
    y: TOP + PLOT - heightOf(point.value, max),
  });
  return (
    <ChartFrame {...props}>
      <polyline
        points={points.map((point, index) => `${at(point, index).x},${at(point, index).y}`).join(" ")}
        fill="none"
        className="stroke-brand-600"
        strokeWidth={2}
        strokeLinejoin="round"
      />
      {points.map((point, index) => (
        <circle
          key={point.label}
          cx={at(point, index).x}
          cy={at(point, index).y}
          r={3}
          className="fill-brand-700"
          data-value={point.value}
        >
          <title>{`${point.label}: ${shown(point)}`}</title>
        </circle>
      ))}
    </ChartFrame>
  );
}
