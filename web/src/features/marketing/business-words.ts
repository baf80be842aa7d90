import type { BusinessSettings } from "@schema/pricing";
import { durationCounts } from "../../i18n/ar-EG-durations";
import { marketingShared } from "../../i18n/ar-EG-marketing-shared";
import { countOf, formatDurationWords } from "../../lib/plural";
import { useBusinessNumbers } from "../config/use-app-config";

/**
 * Fills the business numbers in force into a marketing text: {التجربة} → the trial's length
 * («١٥ دقيقة»), {المهلة} → the cancel window («٦ ساعات», «آخر لحظة» when 0). The numbers are
 * the operator's (platform settings, GET /config), so the pricing page, FAQ and terms never
 * promise what the Worker no longer does.
 */
export function fillBusinessWords(
  text: string,
  business: Pick<BusinessSettings, "trialMinutes" | "cancelWindowHours">,
): string {
  return text
    .replaceAll("{التجربة}", countOf(durationCounts.minutes, business.trialMinutes))
    .replaceAll(
      "{المهلة}",
      business.cancelWindowHours > 0
        ? formatDurationWords(business.cancelWindowHours * 60)
        : marketingShared.businessWords.noCancelWindow,
    );
}

/** The filler with the numbers in force, and those numbers. */
export function useBusinessWords(): { fill: (text: string) => string; business: BusinessSettings } {
  const business = useBusinessNumbers();
  return { fill: (text) => fillBusinessWords(text, business), business };
}
