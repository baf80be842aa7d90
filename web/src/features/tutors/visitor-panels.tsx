import { useMemo, useState } from "react";
import { type Gender, LessonDuration } from "@schema/enums";
import { GRID_MS, lessonPriceFor } from "@schema/pricing";
import { MINUTE_MS, WEEK_MS } from "@schema/time";
import { durationCounts } from "../../i18n/ar-EG-durations";
import { market } from "../../i18n/ar-EG-marketplace";
import { formatDay, formatMoney, formatTime, zonedFormat } from "../../lib/format";
import { byGender, countOf } from "../../lib/plural";
import { Button, buttonClasses } from "../../ui/button";
import { toasts } from "../../ui/toast-store";
import { ListSkeleton } from "../../ui/skeleton";
import { dayKey, startsByDay } from "../lessons/calendar";
import { useFreeTimesQuery } from "../lessons/use-lessons";
import { useBusinessNumbers } from "../config/use-app-config";

const t = market.visitor;
const formatWeekday = (value: string) => zonedFormat({ weekday: "long" }).format(new Date(value));

/** What a lesson of each length costs (its minutes at the lesson rate in force, GET /config). */
export function LessonPrices({ className }: { className?: string }) {
  const rates = useBusinessNumbers();
  return (
    <div className={className}>
      <p className="text-sm font-medium text-slate-800">{t.pricePerLesson}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-900">
        {[LessonDuration.Short, LessonDuration.Long].map((minutes) => (
          <li key={minutes} data-price={minutes}>
            {t.priceOf(countOf(durationCounts.minutes, minutes), formatMoney(lessonPriceFor(minutes, rates)))}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-600">{t.priceNote}</p>
    </div>
  );
}

/** Consecutive 15-minute starts as free stretches: [start, end) of each run. */
export function freeStretches(starts: readonly string[]): Array<{ start: string; end: string }> {
  const stretches: Array<{ start: number; end: number }> = [];
  for (const at of [...starts].map((s) => Date.parse(s)).sort((a, b) => a - b)) {
    const last = stretches[stretches.length - 1];
    if (last && last.end === at) last.end = at + GRID_MS;
    else stretches.push({ start: at, end: at + GRID_MS });
  }
  return stretches.map((s) => ({
    start: new Date(s.start).toISOString(),
    end: new Date(s.end).toISOString(),
  }));
}

/** The tutor's free time over the next 7 days, day by day (public: GET /lesson/free-times). */
export function WeekFreeTimes({ tutorId }: { tutorId: number }) {
  const [window] = useState(() => {
    const now = Date.now();
    return { from: new Date(now).toISOString(), to: new Date(now + WEEK_MS).toISOString() };
  });
  const free = useFreeTimesQuery(tutorId, window, LessonDuration.Short);
  const days = useMemo(() => [...startsByDay(free.data?.starts ?? []).entries()], [free.data]);
  return (
    <section aria-labelledby="week-free-times" className="flex flex-col gap-2">
      <h3 id="week-free-times" className="text-sm font-bold text-slate-900">
        {t.weekFreeTimes}
      </h3>
      {free.isPending ? (
        <ListSkeleton rows={2} />
      ) : days.length === 0 ? (
        <p className="text-sm text-slate-700">{t.noFreeThisWeek}</p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-sm" data-week-free="">
          {days.map(([day, starts]) => (
            <li key={day} className="flex flex-wrap gap-x-2">
              <span className="font-medium text-slate-900">{formatDay(starts[0]!)}:</span>
              <span className="text-slate-700">
                {freeStretches(starts)
                  .map((stretch) => `${formatTime(stretch.start)} – ${formatTime(stretch.end)}`)
                  .join("، ")}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A week from this minute (kept for the screen's life, so every card asks for the same window). */
let sharedWeek: { from: string; to: string } | null = null;
function weekWindow() {
  if (!sharedWeek || Date.parse(sharedWeek.from) < Date.now() - 10 * MINUTE_MS) {
    const now = Date.now();
    sharedWeek = { from: new Date(now).toISOString(), to: new Date(now + WEEK_MS).toISOString() };
  }
  return sharedWeek;
}

/**
 * A card's line of the week's free days: «فاضي الأسبوع ده: الخميس، الجمعة، السبت». `near`: the
 * card is in or near the view; a card further down asks for its free times when it comes near
 * (a phone shows one or two cards of a page's twelve). The line's height is kept meanwhile.
 */
export function WeekFreeDays({ tutorId, near = true }: { tutorId: number; near?: boolean }) {
  const [window] = useState(weekWindow);
  const free = useFreeTimesQuery(tutorId, window, LessonDuration.Short, near);
  if (!free.data) return <p className="min-h-4 text-xs" />;
  const days = [...startsByDay(free.data.starts).values()].map((starts) => formatWeekday(starts[0]!));
  return (
    <p className="text-xs text-slate-700" data-card-week="">
      {days.length === 0 ? t.noFreeThisWeek : t.freeDays(days.join("، "))}
    </p>
  );
}

/**
 * The soonest time a card shows, checked against the tutor's free times: the list's soonest time
 * (kept in the list's order columns) is shown only when the free-times answer has a time that
 * day, and then as that day's first free start, so the card never promises a time the booking
 * calendar does not offer. Null: nothing to show (no answer yet, or no time that day).
 */
export function confirmedSoonest(
  nextFreeAt: string | null,
  starts: readonly string[] | undefined,
): string | null {
  if (!nextFreeAt || !starts) return null;
  const day = startsByDay(starts).get(dayKey(nextFreeAt));
  return day?.[0] ?? null;
}

/** The card's soonest time, once the free-times answer confirms it (see confirmedSoonest). */
export function SoonestFreeTime({
  tutorId,
  nextFreeAt,
  near = true,
  label,
}: {
  tutorId: number;
  nextFreeAt: string;
  near?: boolean;
  label: (when: string) => string;
}) {
  const [window] = useState(weekWindow);
  const free = useFreeTimesQuery(tutorId, window, LessonDuration.Short, near);
  // Its line's place is kept while the answer loads (the card does not jump when it comes).
  if (!free.data) return <p className="min-h-4 text-xs" />;
  const soonest = confirmedSoonest(nextFreeAt, free.data.starts);
  if (!soonest) return null;
  return (
    <p className="text-xs text-slate-700" data-card-soonest="">
      {label(soonest)}
    </p>
  );
}

/** «شارك»: the tutor page on WhatsApp, or its link copied. */
export function ShareTutor({ name, gender }: { name: string; gender?: Gender | null }) {
  const url = typeof window === "undefined" ? "" : window.location.href.split("#")[0]!;
  const text = `${byGender(t.shareText, gender, name)} ${url}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toasts.show({ id: "tutor-link", type: "success", title: t.linkCopied });
    } catch {
      toasts.show({ id: "tutor-link", type: "error", title: t.copyFailed });
    }
  }
  return (
    <div role="group" aria-label={t.share} className="flex flex-wrap gap-2">
      <a
        href={`https://wa.me/?text=${encodeURIComponent(text)}`}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses("secondary", "sm")}
      >
        {t.shareWhatsApp}
      </a>
      <Button variant="secondary" size="sm" onClick={() => void copy()}>
        {t.copyLink}
      </Button>
    </div>
  );
}
