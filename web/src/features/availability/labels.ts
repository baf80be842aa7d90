import { SlotPurpose } from "@schema/enums";
import { arLessons } from "../../i18n/ar-EG-lessons";
import { formatTime, locale } from "../../lib/format";
import type { DraftSlot } from "./changes";
import type { PlainDay } from "./week";
import { madeOnce } from "../../lib/made-once";

// Plain days and minutes of the day are wall-clock values: shown in UTC so no zone shifts them.
const dayFormat = madeOnce(
  () => new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" }),
);
const shortDayFormat = madeOnce(
  () => new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", timeZone: "UTC" }),
);
const dateFormat = madeOnce(
  () => new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
);
const timeOfDayFormat = madeOnce(
  () => new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" }),
);

const plainDate = (day: PlainDay) => new Date(`${day}T00:00:00Z`);

export const dayLabel = (day: PlainDay) => dayFormat().format(plainDate(day));
export const shortDayLabel = (day: PlainDay) => shortDayFormat().format(plainDate(day));
export const dateLabel = (day: PlainDay) => dateFormat().format(plainDate(day));
/** A minute of the day (0…1440) as a time. */
export const timeOfDayLabel = (minute: number) => timeOfDayFormat().format(Date.UTC(2024, 0, 1, 0, minute));

export const purposeLabel = (purpose: SlotPurpose) => arLessons.schedule.purposes[purpose];
/** What a purpose lets be booked in the slot (docs/rules.md, Availability and Tutors). */
export const purposeHint = (purpose: SlotPurpose) => arLessons.schedule.purposeHints[purpose];

export const purposeOptions = Object.values(SlotPurpose).map((purpose) => ({
  value: String(purpose),
  label: purposeLabel(purpose),
}));

/** "حصص: من ٤:٠٠ م إلى ٥:٠٠ م" (Cairo time). */
export function slotDescription(slot: Pick<DraftSlot, "start" | "end" | "purpose">): string {
  return arLessons.schedule.slotLabel(
    purposeLabel(slot.purpose),
    formatTime(slot.start),
    formatTime(slot.end),
  );
}
