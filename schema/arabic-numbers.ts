/**
 * Numbers inside the Arabic text the Worker sends (emails, WhatsApp, Telegram, the calendar feed):
 * the same Intl ar-EG formats the screens use (web/src/lib/format.ts: formatNumber, formatMoney),
 * so a message never puts «15 دقيقة» beside «السبت، ٢٨ نوفمبر». Codes, links, e-mail addresses
 * and phone numbers are not numbers to read: they stay Latin and LTR (docs/glossary.md).
 * The formatters are made on first use (a module that only imports this pays nothing).
 */
const locale = "ar-EG";

function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const numberFormat = once(() => new Intl.NumberFormat(locale));
const moneyFormat = once(
  () =>
    new Intl.NumberFormat(locale, {
      style: "currency",
      currency: "EGP",
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    }),
);
const pluralRules = once(() => new Intl.PluralRules("ar"));

/** «١٥», «١٬٢٣٤»: a number in Eastern Arabic digits. */
export const arabicNumber = (value: number): string => numberFormat().format(value);

/** Money stored in piasters (1 EGP = 100): «١٥٠ ج.م.‏», the piasters only when there are some. */
export const arabicMoney = (piasters: number): string => moneyFormat().format(piasters / 100);

/** A count in Arabic's six plural forms (CLDR, Intl.PluralRules('ar')), the number already in Arabic digits. */
export type ArabicCountForms = Record<
  "zero" | "one" | "two" | "few" | "many" | "other",
  (count: string) => string
>;

export const arabicCount = (forms: ArabicCountForms, count: number): string =>
  forms[pluralRules().select(count) as keyof ArabicCountForms](arabicNumber(count));

const minuteForms: ArabicCountForms = {
  zero: () => "ولا دقيقة",
  one: () => "دقيقة واحدة",
  two: () => "دقيقتين",
  few: (n) => `${n} دقايق`,
  many: (n) => `${n} دقيقة`,
  other: (n) => `${n} دقيقة`,
};

/** «دقيقة واحدة», «دقيقتين», «٥ دقايق», «١٥ دقيقة», «٢٤٠ دقيقة» (the screens' forms, web/src/i18n/ar-EG-durations.ts). */
export const arabicMinutes = (minutes: number): string => arabicCount(minuteForms, minutes);

const timesForms: ArabicCountForms = {
  zero: () => "ولا مرة",
  one: () => "مرة واحدة",
  two: () => "مرتين",
  few: (n) => `${n} مرات`,
  many: (n) => `${n} مرة`,
  other: (n) => `${n} مرة`,
};

/** «مرة واحدة», «مرتين», «٣ مرات», «١١ مرة». */
export const arabicTimes = (count: number): string => arabicCount(timesForms, count);
