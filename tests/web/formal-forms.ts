/**
 * The formal forms docs/glossary.md ("One voice") replaces with the friendly Egyptian ones, as
 * patterns: tests/web/one-voice.test.ts reads every Arabic string table with them and
 * tests/worker/one-voice-messages.test.ts every message the Worker sends. A word is matched whole
 * (not inside «تمام», «أمسح» or «التجاري»).
 */

/** Not a letter or a diacritic on either side: the whole word. */
const word = (body: string) => new RegExp(`(?<![\\p{L}\\p{M}])(?:${body})(?![\\p{L}\\p{M}])`, "u");

export type FormalForm = { formal: string; friendly: string; pattern: RegExp };

export const formalForms: FormalForm[] = [
  { formal: "جارٍ … / جاري …", friendly: "بنحمّل… / بنبعت…", pattern: word("جارٍ|جاري") },
  { formal: "تعذّر …", friendly: "مقدرناش …", pattern: /تعذ\p{M}*ر/u },
  { formal: "لا توجد / لا يوجد", friendly: "مفيش / لسه مفيش", pattern: /لا (?:توجد|يوجد)/u },
  { formal: "يمكنك", friendly: "تقدر", pattern: /يمكنك/u },
  { formal: "الآن", friendly: "دلوقتي", pattern: word("الآن") },
  { formal: "غدًا", friendly: "بكرة", pattern: word("غدًا|غدا") },
  {
    formal: "اليوم (today)",
    friendly: "النهارده",
    // «اليوم ده», «اليوم اللي», «اليوم والمدة», «اختار اليوم» say "the day", not "today".
    pattern: /(?<![\p{L}\p{M}])(?<!اختار |اختر )اليوم(?![\p{L}\p{M}])(?!\s+(?:ده|دي|اللي|والمدة))/u,
  },
  { formal: "أمس", friendly: "امبارح", pattern: word("أمس|الأمس") },
  { formal: "نصف ساعة", friendly: "نص ساعة", pattern: /نصف ساعة/u },
  {
    formal: "دقائق (3–10)",
    friendly: "دقايق",
    pattern:
      /(?:(?<![0-9٠-٩])(?:[3-9]|10|[٣-٩]|١٠)|عشر|ثلاث|تلات|أربع|خمس|ست|سبع|تمان|ثماني?|تسع)\s*دقائق|(?<![\p{L}\p{M}])(?:بدقائق|في دقائق)/u,
  },
  {
    formal: "تم … / تمّت … / لم يتم …",
    friendly: "اتحجزت / اتلغت / اتحفظ …",
    pattern: word("تمّ?|تمّ?ت|لم يتم|لم تتم"),
  },
  { formal: "اذهب إلى …", friendly: "روح لـ…", pattern: word("اذهب") },
  { formal: "نعم، …", friendly: "أيوه، …", pattern: /(?<![\p{L}\p{M}])نعم،/u },
];

/** The formal forms a text uses («الآن» in «…»), empty when it is all in the friendly voice. */
export function formalFormsIn(text: string): string[] {
  return formalForms.filter(({ pattern }) => pattern.test(text)).map(({ formal }) => formal);
}
