/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { errorCodes } from "@schema/errors";
import { ar, errorMessages } from "../../web/src/i18n/ar-EG-all";
import { marketing } from "../../web/src/i18n/ar-EG-marketing";

/**
 * Every user-visible string of the SPA is Arabic: no English sentence, no raw key. The strings
 * live in web/src/i18n (typed records); this walks every value, calls every phrase function with
 * sample arguments, and also reads the screens' sources for text written straight into JSX.
 */

/** Names and technical words that stay in Latin letters inside Arabic sentences. */
const allowed = new Set([
  "Google",
  "Apple",
  "Outlook",
  "Chrome",
  "Zoom",
  "Teams",
  "WhatsApp",
  "Telegram",
  "Instapay",
  "Fawry",
  "LiveKit",
  "CIB",
  "QNB",
  "HSBC",
  "CVV",
  "QR",
  "IP",
  "PDF",
  "PNG",
  "JPG",
  "JPEG",
  "GIF",
  "WebP",
  "WebM",
  "MP4",
  "Enter",
  "Esc",
  "Tab",
  "Shift",
  "Start",
  "D",
  "Secure",
  "Analytics",
  "Microsoft",
  "Clarity",
  // The processors and stores /privacy must name (Law 151 of 2020).
  "Cloudflare",
  "D1",
  "R2",
  "Sentry",
]);
/** Keys whose values are addresses, not text (links of the marketing pages). */
const addressKeys = new Set(["to", "href", "path"]);
const rawKey = /^[a-z]+(?:[A-Z][a-z]+)+$|^[a-z]+(?:[.-][a-zA-Z]+)+$/;

type Found = { path: string; text: string };

function collect(value: unknown, path: string, into: Found[]): void {
  if (typeof value === "string") into.push({ path, text: value });
  else if (typeof value === "function") {
    // Phrase functions get a number and Arabic words: whatever they are given, their own words show.
    for (const args of [
      [3, 3, 3, 3],
      ["س", "ص", "ع", "ل"],
    ]) {
      try {
        collect((value as (...args: unknown[]) => unknown)(...args), `${path}()`, into);
      } catch {
        // A phrase that needs other argument types is read with the other sample.
      }
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value))
      if (!addressKeys.has(key)) collect(item, `${path}.${key}`, into);
  }
}

const strings: Found[] = [];
collect(ar, "ar", strings);
collect(marketing, "marketing", strings);

/**
 * Every string table in web/src/i18n, including those a screen imports directly rather than
 * through the merged `ar` (money, account safety, consent, SEO): a table added later is walked too.
 */
const modules = import.meta.glob<Record<string, unknown>>("../../web/src/i18n/*.ts", { eager: true });
const everyTable: Found[] = [];
for (const [file, exports] of Object.entries(modules))
  for (const [name, value] of Object.entries(exports))
    if (value && typeof value === "object")
      collect(value, `${file.replace(/^.*\//, "")}:${name}`, everyTable);

function englishWords(text: string): string[] {
  // An address example such as name@instapay is an address, not a word.
  const words = text.replace(/\S+@\S+/g, "").match(/[A-Za-z][A-Za-z0-9-]*/g) ?? [];
  return words.filter((word) => !allowed.has(word));
}

describe("every user-visible string is Arabic", () => {
  it("walks the whole string catalogue", () => {
    expect(strings.length).toBeGreaterThan(1500);
  });

  it("has no English word outside the named products and keys", () => {
    const english = strings
      .filter(({ text }) => englishWords(text).length > 0)
      .map(({ path, text }) => `${path}: ${text}`);
    expect(english).toEqual([]);
  });

  it("has no raw key or empty text where a sentence should be", () => {
    const raw = strings
      .filter(({ text }) => rawKey.test(text.trim()) || (text.trim() === "" && !text.includes(" ")))
      .map(({ path, text }) => `${path}: «${text}»`);
    // ar.schedule.states.saved is deliberately empty (a saved slot needs no state word).
    expect(raw.filter((line) => !line.startsWith("ar.schedule.states.saved:"))).toEqual([]);
  });

  it("finds no English word or raw key in any string table of web/src/i18n, imported through ar or straight by a screen", () => {
    expect(Object.keys(modules).length).toBeGreaterThan(15);
    expect(everyTable.length).toBeGreaterThan(strings.length);
    const english = everyTable
      .filter(({ text }) => englishWords(text).length > 0)
      .map(({ path, text }) => `${path}: ${text}`);
    expect(english).toEqual([]);
    const raw = everyTable
      .filter(({ path, text }) => rawKey.test(text.trim()) && !path.includes("schedule.states.saved"))
      .map(({ path, text }) => `${path}: «${text}»`);
    expect(raw).toEqual([]);
  });

  it("gives every API error code an Arabic message without English", () => {
    for (const code of errorCodes) expect(englishWords(errorMessages[code]), code).toEqual([]);
  });

  it("writes no English text straight into the screens' JSX", () => {
    const sources = import.meta.glob<string>("../../web/src/**/*.tsx", {
      query: "?raw",
      import: "default",
      eager: true,
    });
    const offenders: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      const code = source.replace(/\/\*[^]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
      // Text right after an element's opening tag, up to the next tag or expression.
      for (const match of code.matchAll(/<[a-zA-Z][\w.]*(?:\s[^<>]*)?>([^<>{}]+)</g)) {
        const text = match[1]!.trim();
        // Code between generics and comparisons holds punctuation that text of a screen does not.
        if (text && !/[;()=?:"'`[\]|&,.]/.test(text) && englishWords(text).length > 0)
          offenders.push(`${file}: ${text}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
