import {
  DATABASE_ACT_AT,
  databaseStep,
  type AdminFigures,
  type AdminSeries,
  type SeriesPoint,
} from "@schema/api/stats";
import { QueryState } from "../../features/admin-area/admin-ui";
import { useAdminSeriesQuery } from "../../features/admin/use-admin-series";
import { NewContactRequests } from "../../features/admin-area/new-contact-requests";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { formatCalendarDay, formatMoney, formatNumber, formatPercent } from "../../lib/format";
import { useDocumentTitle } from "../../lib/use-document-title";
import { Card } from "../../ui/card";
import { BarChart, LineChart, type ChartPoint } from "../../ui/charts";
import { PageFrame } from "../../ui/page-frame";

const t = arAdmin.adminFigures;

const figureKeys = ["lessons", "revenue", "newStudents", "activeTutors"] as const;
const showFigure = (key: keyof AdminFigures, value: number) =>
  key === "revenue" ? formatMoney(value) : formatNumber(value);

/** One period's four figures, as a description list. */
function Figures({ heading, figures, id }: { heading: string; figures: AdminFigures; id: string }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-bold text-slate-900">
        {heading}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figureKeys.map((key) => (
          <div
            key={key}
            className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            data-figure={key}
          >
            <dt className="text-sm text-slate-600">{t[key]}</dt>
            <dd className="flex flex-col gap-0.5">
              <span className="text-2xl font-bold text-slate-900 tabular-nums">
                {showFigure(key, figures[key])}
              </span>
              <span className="text-xs text-slate-600">{t.hints[key]}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;
/** A size in Arabic: gigabytes with one decimal from 1 GiB up, whole megabytes below. */
const showBytes = (bytes: number) =>
  bytes >= GIB
    ? t.database.gigabytes(formatNumber(Math.round((bytes / GIB) * 10) / 10))
    : t.database.megabytes(formatNumber(Math.max(1, Math.round(bytes / MIB))));

/** How full the one D1 database is, and which step of docs/capacity.md's plan that share calls for. */
function DatabaseSize({ bytes, limitBytes }: AdminSeries["database"]) {
  const share = bytes / limitBytes;
  const advice = t.database[databaseStep(share)];
  return (
    <section
      aria-labelledby="figures-database"
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="figures-database" className="text-lg font-bold text-slate-900">
        {t.database.heading}
      </h2>
      <p className="text-slate-900 tabular-nums">
        {t.database.used(showBytes(bytes), showBytes(limitBytes))} ({formatPercent(share)})
      </p>
      <meter
        className="h-3 w-full"
        aria-label={t.database.meter}
        min={0}
        max={1}
        low={DATABASE_ACT_AT.split}
        high={DATABASE_ACT_AT.coldLessons}
        optimum={0}
        value={Math.min(share, 1)}
      />
      <p className="text-sm text-slate-600">{advice}</p>
    </section>
  );
}

const dayLabel = (day: string) => formatCalendarDay(day, { day: "numeric", month: "short" });
const monthLabel = (day: string) => formatCalendarDay(day, { month: "short", year: "numeric" });

function points(
  series: SeriesPoint[],
  label: (start: string) => string,
  display?: (value: number) => string,
): ChartPoint[] {
  return series.map((point) => ({
    label: label(point.start),
    value: point.value,
    display: display?.(point.value),
  }));
}

function Dashboard({ data }: { data: AdminSeries }) {
  const count = (list: SeriesPoint[]) => list.length;
  return (
    <>
      <Figures
        id="figures-today"
        heading={t.today(formatCalendarDay(data.day, { weekday: "long", day: "numeric", month: "long" }))}
        figures={data.today}
      />
      <Figures
        id="figures-month"
        heading={t.thisMonth(formatCalendarDay(data.day, { month: "long", year: "numeric" }))}
        figures={data.thisMonth}
      />
      <section aria-labelledby="figures-charts" className="flex flex-col gap-3">
        <h2 id="figures-charts" className="text-lg font-bold text-slate-900">
          {t.charts}
        </h2>
        <p className="text-sm text-slate-600">{t.chartsNote}</p>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Card>
            <BarChart
              title={t.lessonsPerDay(count(data.lessonsPerDay))}
              valueLabel={t.lessons}
              points={points(data.lessonsPerDay, dayLabel)}
            />
          </Card>
          <Card>
            <LineChart
              title={t.revenuePerMonth(count(data.revenuePerMonth))}
              valueLabel={t.revenue}
              points={points(data.revenuePerMonth, monthLabel, formatMoney)}
            />
          </Card>
          <Card>
            <BarChart
              title={t.newStudentsPerWeek(count(data.newStudentsPerWeek))}
              valueLabel={t.newStudents}
              points={points(data.newStudentsPerWeek, (day) => t.weekOf(dayLabel(day)))}
            />
          </Card>
          <Card>
            <LineChart
              title={t.activeTutorsPerWeek(count(data.activeTutorsPerWeek))}
              valueLabel={t.activeTutors}
              points={points(data.activeTutorsPerWeek, (day) => t.weekOf(dayLabel(day)))}
            />
          </Card>
        </div>
      </section>
      <DatabaseSize {...data.database} />
    </>
  );
}

/** /admin: today's and this month's figures and four small charts (Cairo days, GET /stats/series). */
export function AdminHomePage() {
  useDocumentTitle(t.title);
  const series = useAdminSeriesQuery();
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="full">
      <NewContactRequests />
      <QueryState query={series}>{(data) => <Dashboard data={data} />}</QueryState>
    </PageFrame>
  );
}
