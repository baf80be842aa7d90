import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { LessonDuration } from "@schema/enums";
import { arFavourites } from "../../i18n/ar-EG-favourites";
import { formatNumber } from "../../lib/format";
import { buttonClasses } from "../../ui/button";

/**
 * The tutor page's booking, opened at the tutor's soonest free time with this duration
 * (`/t/{id}?book=next&duration=30#book`, read by web/src/pages/tutor-profile/tutor-profile-page.tsx
 * and applied by the booking flow, web/src/features/lessons/booking-flow.tsx).
 */
export function bookAgainPath(tutorId: number, duration: 15 | 30): string {
  return `/t/${tutorId}?book=next&duration=${duration}#book`;
}

/** «احجز مرة أخرى»: the same tutor, the same length, the soonest free time. */
export function BookAgainLink({ tutorId, duration }: { tutorId: number; duration: 15 | 30 }) {
  return (
    <Link
      to={bookAgainPath(tutorId, duration)}
      className={buttonClasses("secondary", "sm")}
      aria-label={arFavourites.bookAgainLabel(formatNumber(duration))}
      data-book-again={tutorId}
    >
      {arFavourites.bookAgain}
    </Link>
  );
}

/** The duration `?book=next&duration=` asks the tutor page's booking to open at, or undefined. */
export function useBookAgainDuration(): LessonDuration | undefined {
  const [params] = useSearchParams();
  if (params.get("book") !== "next") return undefined;
  const duration = Number(params.get("duration"));
  return duration === LessonDuration.Short ? LessonDuration.Short : LessonDuration.Long;
}

/**
 * Once the free times for the chosen duration have loaded, picks the soonest start (once):
 * `pick(day, start)` moves the booking there. Answers "picked", "none" (no free time in the
 * booking's days) or null (not asked, or still loading).
 */
export function useSoonestPick(
  asked: LessonDuration | undefined,
  days: readonly string[],
  byDay: Map<string, string[]> | null,
  pick: (day: string, start: string) => void,
): "picked" | "none" | null {
  const [outcome, setOutcome] = useState<"picked" | "none" | null>(null);
  const done = useRef(false);
  const pickRef = useRef(pick);
  pickRef.current = pick;
  useEffect(() => {
    if (asked === undefined || byDay === null || done.current) return;
    done.current = true;
    const day = days.find((key) => (byDay.get(key)?.length ?? 0) > 0);
    const start = day ? byDay.get(day)![0] : undefined;
    if (day && start) {
      pickRef.current(day, start);
      setOutcome("picked");
    } else setOutcome("none");
  }, [asked, days, byDay]);
  return outcome;
}
