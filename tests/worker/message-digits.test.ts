import { describe, expect, it } from "vitest";
import { lessonMessages } from "../../worker/notifications/lesson-messages";
import { messages } from "../../worker/notifications/messages";
import { onClockOf } from "../../worker/notifications/clock";
import { paymentMessages } from "../../worker/notifications/payment-messages";
import { calendarText, code, email, link, phone, samples, start, type Text } from "./message-samples";

/**
 * Every number in an Arabic message goes through the screens' Intl ar-EG formats
 * (schema/arabic-numbers.ts): no Latin digit beside «٢٨ نوفمبر». What stays Latin and LTR
 * (docs/glossary.md) is taken out first: the codes, links, e-mail addresses and phone numbers the
 * sample passes in — only those exact values, so a Latin number elsewhere still fails.
 */
const keptLatin = [link, code, phone, email];

/** The text as the recipient reads it (times written out on a clock that is not Cairo's). */
function read(text: Text | string): string {
  const whole = typeof text === "string" ? text : `${text.subject}\n${text.body}`;
  let shown = onClockOf(whole, "Asia/Riyadh");
  for (const value of keptLatin) shown = shown.split(value).join("");
  return shown;
}

const latinDigits = (text: Text | string) => read(text).match(/[0-9]+/g) ?? [];

describe("Arabic messages write every number in Arabic digits", () => {
  it.each(Object.keys(samples))("%s", (name) => {
    expect(latinDigits(samples[name]!)).toEqual([]);
  });

  it("the calendar feed's lesson text", () => {
    expect(latinDigits(calendarText())).toEqual([]);
  });

  it("writes the lesson's length and the week's minutes as the screens do", () => {
    expect(lessonMessages.booked(start, 45, null).body).toContain("مدتها ٤٥ دقيقة");
    expect(lessonMessages.minutesReady(240).body).toContain("٢٤٠ دقيقة");
    // The transaction's number as the payments screen writes it (formatNumber): «٤٬٣٢١».
    expect(paymentMessages.refunded(25_500, 4321).body).toContain("٤٬٣٢١");
  });

  it("keeps codes and links Latin", () => {
    expect(messages.verifyEmail(code).body).toContain(code);
    expect(calendarText()).toContain(link);
  });
});
