/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { errorCodes } from "@schema/errors";
import { formalForms, formalFormsIn } from "./formal-forms";

/**
 * One voice (docs/glossary.md): every Arabic string table speaks the friendly Egyptian voice, so
 * none uses a formal form the glossary replaces («جارٍ التحميل», «تعذّر», «لا توجد», «يمكنك»,
 * «الآن», «غدًا/اليوم/أمس», «نصف ساعة», «٤ دقائق», «تم …», «اذهب إلى…», «نعم، …»). This walks
 * every table in web/src/i18n the way tests/web/no-english.test.ts does (each value, each phrase
 * function called with sample arguments), the error catalogue included (ar-EG-all.ts exports it).
 * The Worker's messages are read by tests/worker/one-voice-messages.test.ts.
 */

/** The exceptions the glossary names, each listed here rather than hidden in a pattern. */
const exceptions = {
  /** The legal pages keep the formal register. */
  legalFiles: ["ar-EG-marketing-terms.ts", "ar-EG-marketing-privacy.ts"],
  /** The same legal pages, gathered into `marketing` by ar-EG-marketing.ts. */
  legalPaths: ["ar-EG-marketing.ts:marketing.terms.", "ar-EG-marketing.ts:marketing.privacy."],
  /** Error messages about security keep the formal word (schema/error-messages.ts). */
  securityErrors: [
    "forbidden",
    "illegal",
    "wrong-password",
    "too-many-requests",
    "incorrect-phone",
    "invalid-password",
    "expired-verification-code",
    "invalid-verification-code",
  ],
  /**
   * A field label that is just «اليوم» means "the day" of a day picker (the booking steps, the
   * free-time and photo-session forms), not "today".
   */
  dayLabelKeys: [".stepDate", ".day"],
};

type Found = { path: string; text: string };

function collect(value: unknown, path: string, into: Found[]): void {
  if (typeof value === "string") into.push({ path, text: value });
  else if (typeof value === "function") {
    for (const args of [
      [3, 3, 3, 3],
      [4, 4, 4, 4],
      ["س", "ص", "ع", "ل"],
    ]) {
      try {
        collect((value as (...args: unknown[]) => unknown)(...args), `${path}()`, into);
      } catch {
        // A phrase that needs other argument types is read with the other sample.
      }
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) collect(item, `${path}.${key}`, into);
  }
}

const modules = import.meta.glob<Record<string, unknown>>("../../web/src/i18n/*.ts", { eager: true });
const strings: Found[] = [];
for (const [file, exports] of Object.entries(modules)) {
  const name = file.replace(/^.*\//, "");
  if (exceptions.legalFiles.includes(name)) continue;
  for (const [exportName, value] of Object.entries(exports))
    if (value && typeof value === "object") collect(value, `${name}:${exportName}`, strings);
}

function excepted({ path, text }: Found): boolean {
  if (exceptions.legalPaths.some((prefix) => path.startsWith(prefix))) return true;
  if (exceptions.securityErrors.some((code) => path.endsWith(`:errorMessages.${code}`))) return true;
  return text === "اليوم" && exceptions.dayLabelKeys.some((key) => path.endsWith(key));
}

describe("one voice in every Arabic string table (docs/glossary.md)", () => {
  it("walks every table and the error catalogue", () => {
    expect(Object.keys(modules).length).toBeGreaterThan(25);
    expect(strings.length).toBeGreaterThan(3000);
    expect(strings.some(({ path }) => path.startsWith("ar-EG-all.ts:errorMessages."))).toBe(true);
  });

  it("uses none of the formal forms the glossary replaces, outside the named exceptions", () => {
    const formal = strings
      .filter((found) => !excepted(found))
      .flatMap(({ path, text }) => formalFormsIn(text).map((form) => `${path}: «${text}» (${form})`));
    expect([...new Set(formal)]).toEqual([]);
  });

  it("names only security messages the catalogue has", () => {
    for (const code of exceptions.securityErrors) expect(errorCodes).toContain(code);
  });

  it("tells the formal forms from the friendly ones", () => {
    for (const text of [
      "جارٍ التحميل…",
      "تعذّر تحميل البيانات",
      "لا توجد حصص",
      "لا يوجد مدرّسون",
      "يمكنك الحجز",
      "متصل الآن",
      "بكرة أو غدًا",
      "مدفوعات اليوم",
      "أمس",
      "نصف ساعة",
      "قبل ٤ دقائق",
      "قبل 4 دقائق",
      "قبل الموعد بدقائق",
      "تم حجز الحصة",
      "تمت الموافقة",
      "لم يتم قبول الفيديو",
      "اذهب إلى حصصي",
      "نعم، ألغِ الحصة",
    ])
      expect(formalFormsIn(text), text).not.toEqual([]);
    for (const text of [
      "بنحمّل…",
      "مقدرناش نحمّل البيانات",
      "مفيش حصص",
      "تقدر تحجز",
      "متصلة دلوقتي",
      "بكرة",
      "مدفوعات النهارده",
      "امبارح",
      "نص ساعة",
      "من ٤ دقايق",
      "١١ دقيقة",
      "مفيش وقت فاضي في اليوم ده",
      "اتحجزت الحصة",
      "تمام.",
      "روح لحصصك",
      "أيوه، الغي الحصة",
      "البنك التجاري الدولي",
      "أصحّحها أو أمسحها",
    ])
      expect(formalFormsIn(text), text).toEqual([]);
    expect(formalForms.length).toBeGreaterThanOrEqual(13);
  });
});
