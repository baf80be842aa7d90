import { Gender } from "@schema/enums";
import { durationCounts as counts, durationWords } from "../i18n/ar-EG-durations";
import { formatNumber } from "./format";
import { madeOnce } from "./made-once";

/** Arabic's six plural categories (CLDR): 0 zero, 1 one, 2 two, 3–10 few, 11–99 many, 100+ and fractions other. */
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other";

/** One phrase per category; each gets the count already written in Arabic digits. */
export type CountForms = Record<PluralCategory, (count: string) => string>;

const rules = madeOnce(() => new Intl.PluralRules("ar"));

/** The category Intl.PluralRules('ar') gives a count. */
export const pluralCategory = (count: number): PluralCategory => rules().select(count) as PluralCategory;

/** A counted phrase in the right Arabic form: «حصة واحدة», «حصتين», «٣ حصص», «١١ حصة», «١٠٠ حصة». */
export function countOf(forms: CountForms, count: number): string {
  return forms[pluralCategory(count)](formatNumber(count));
}

/** A phrase in the grammatical gender of the person it is about; masculine when the gender is not known. */
export type GenderForms<Args extends unknown[] = []> = {
  male: (...args: Args) => string;
  female: (...args: Args) => string;
};

export function byGender<Args extends unknown[]>(
  forms: GenderForms<Args>,
  gender: Gender | null | undefined,
  ...args: Args
): string {
  return gender === Gender.Female ? forms.female(...args) : forms.male(...args);
}

/**
 * A length of time in words: «ربع ساعة», «نص ساعة», «ساعة», «ساعة ونص», «ساعتين», «٣ ساعات»,
 * «٤٥ دقيقة», «ساعة و١٠ دقايق», «يوم» — never «٠٫٥ ساعة» or «١ ساعة».
 */
export function formatDurationWords(totalMinutes: number): string {
  const minutes = Math.max(0, Math.round(totalMinutes));
  if (minutes > 0 && minutes % (24 * 60) === 0) return countOf(counts.days, minutes / (24 * 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0)
    return rest === 15
      ? durationWords.quarterHour
      : rest === 30
        ? durationWords.halfHour
        : countOf(counts.minutes, rest);
  const hourText = countOf(counts.hours, hours);
  if (rest === 0) return hourText;
  if (rest === 30) return `${hourText} ${durationWords.andHalf}`;
  if (rest === 15) return `${hourText} ${durationWords.andQuarter}`;
  return `${hourText} ${durationWords.and}${countOf(counts.minutes, rest)}`;
}
