import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { FreeTimes } from "@schema/api/lesson";
import { LessonDuration } from "@schema/enums";
import { lessonPriceFor } from "@schema/pricing";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { market } from "../../i18n/ar-EG-marketplace";
import { useAnalyticsConsent } from "../../lib/consent";
import { formatMoney, formatWhen } from "../../lib/format";
import { buttonClasses } from "../../ui/button";
import { useAppConfig, useBusinessNumbers } from "../config/use-app-config";
import { soonestFreeStart } from "./booking-bar-rules";

const t = market.visitor;

/**
 * The soonest free start among the free-times answers this page has loaded for the tutor (the
 * booking flow's or the visitor's week, web/src/features/lessons/lesson-keys.ts
 * `["lessons", "free-times", tutorId, …]`): no request of its own, it follows the cache.
 */
function useSoonestLoadedStart(tutorId: number): string | null {
  const client = useQueryClient();
  const [now] = useState(() => Date.now());
  const read = () =>
    soonestFreeStart(
      client
        .getQueriesData<FreeTimes>({ queryKey: ["lessons", "free-times", tutorId] })
        .map(([, data]) => data),
      now,
    );
  return useSyncExternalStore(
    (listener) => client.getQueryCache().subscribe(listener),
    read,
    () => null,
  );
}

/** The consent banner (web/src/features/consent/consent-banner.tsx) is up: it asks first, the bar waits. */
function useConsentBannerShown(): boolean {
  const config = useAppConfig().data;
  const answer = useAnalyticsConsent();
  return Boolean(config && (config.gaId || config.clarityProjectId)) && answer === null;
}

/** Whether any part of the booking card (#book) is on screen. */
function useBookingCardInView(): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const card = document.getElementById("book");
    if (!card || typeof IntersectionObserver !== "function") return;
    const observer = new IntersectionObserver((entries) =>
      setInView(entries.some((entry) => entry.isIntersecting)),
    );
    observer.observe(card);
    return () => observer.disconnect();
  }, []);
  return inView;
}

/**
 * A phone's way to book from anywhere on /t/{id}: the price, the soonest free time and «احجز حصة»
 * fixed at the bottom of the screen up to 720 px (wider, the booking card sits beside or just below
 * the profile). Its button goes to the booking card (#book) and puts the keyboard there, as the
 * tutor list's «احجز حصة» does. The page's end gets as much room as the bar is tall, so it covers
 * nothing; it waits while the consent banner is asking.
 */
export function BookingBar({ tutorId, name }: { tutorId: number; name: string }) {
  const rates = useBusinessNumbers();
  const soonest = useSoonestLoadedStart(tutorId);
  const bannerShown = useConsentBannerShown();
  const cardInView = useBookingCardInView();
  const barRef = useRef<HTMLElement>(null);

  // The room at the page's end (after the footer): the bar's height while it is shown, 0 when the
  // screen is wide enough to hide it.
  useLayoutEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const body = document.body;
    const reserve = () => {
      body.style.paddingBlockEnd = bar.offsetHeight > 0 ? `${bar.offsetHeight}px` : "";
    };
    reserve();
    const observer = new ResizeObserver(reserve);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      body.style.paddingBlockEnd = "";
    };
  }, [bannerShown]);

  if (bannerShown) return null;

  function openBooking() {
    const card = document.getElementById("book");
    if (!card) return;
    if (window.location.hash !== "#book") window.history.replaceState(window.history.state, "", "#book");
    card.scrollIntoView({ block: "start" });
    card.focus({ preventScroll: true });
  }

  return (
    <section
      ref={barRef}
      aria-label={t.bookingBar(name)}
      data-booking-bar=""
      // The booking card itself is on screen: the bar steps aside so it never covers the card's steps.
      hidden={cardInView}
      className="fixed inset-x-0 z-30 flex items-center gap-3 border-t border-slate-200 bg-white px-4 pt-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] [inset-block-end:0] [padding-block-end:max(0.75rem,env(safe-area-inset-bottom))] min-[721px]:hidden"
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <p className="text-sm font-bold text-slate-900" data-bar-price="">
          {t.priceFrom(formatMoney(lessonPriceFor(LessonDuration.Short, rates)))}
        </p>
        {soonest && (
          <p className="truncate text-xs text-slate-700" data-bar-soonest={soonest}>
            {t.soonestFree(formatWhen(soonest))}
          </p>
        )}
      </div>
      <a
        href="#book"
        className={buttonClasses("primary", "md", "shrink-0")}
        onClick={(event) => {
          event.preventDefault();
          openBooking();
        }}
      >
        {arLessons.marketplace.tutors.book}
      </a>
    </section>
  );
}
