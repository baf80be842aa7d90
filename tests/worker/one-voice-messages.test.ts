/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { paymentMessages } from "../../worker/notifications/payment-messages";
import { formalFormsIn } from "../web/formal-forms";
import { calendarText, samples, type Text } from "./message-samples";

/**
 * One voice in what the Worker sends (docs/glossary.md): the e-mails, WhatsApp and Telegram texts
 * and the calendar feed use none of the formal forms the glossary replaces (tests/web/formal-forms.ts;
 * the string tables are read by tests/web/one-voice.test.ts). Two readings: every template rendered
 * with sample data (tests/worker/message-samples.ts), and the Arabic written anywhere in worker/,
 * so a template without a sample yet is read too.
 */

const whole = (text: Text | string) => (typeof text === "string" ? text : `${text.subject}\n${text.body}`);

/** Templates the digits test cannot render (the receipt's number is a Latin code there). */
const more: Record<string, Text> = {
  "payment receipt": paymentMessages.paid({
    number: "R-2026-000123",
    weeklyMinutes: 60,
    period: 0,
    amount: 50_000,
    method: 3,
    fawryRefNumber: "9876543210",
    merchantRefNum: "m-1",
    until: "٢٨ ديسمبر",
  }),
};

/** worker/**: every source file, as text (comments dropped: they are not sent). */
const sources = import.meta.glob<string>("../../worker/**/*.ts", {
  eager: true,
  query: "?raw",
  import: "default",
});

function sentLines(source: string): string[] {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((line) => !line.trim().startsWith("//") && /[\u0600-\u06FF]/.test(line));
}

describe("the Worker's messages speak the friendly voice (docs/glossary.md)", () => {
  const rendered: Record<string, Text | string> = { ...samples, ...more, "calendar feed": calendarText() };

  it.each(Object.keys(rendered))("%s", (name) => {
    expect(formalFormsIn(whole(rendered[name]!))).toEqual([]);
  });

  it("finds no formal form in the Arabic written anywhere in worker/", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const lines = Object.entries(sources).flatMap(([file, source]) =>
      sentLines(source).map((line) => ({
        file: file.replace(/^.*\/worker\//, "worker/"),
        line: line.trim(),
      })),
    );
    expect(lines.length).toBeGreaterThan(40);
    const formal = lines
      .map(({ file, line }) => ({ file, line, forms: formalFormsIn(line) }))
      .filter(({ forms }) => forms.length > 0)
      .map(({ file, line, forms }) => `${file}: ${line} (${forms.join("، ")})`);
    expect(formal).toEqual([]);
  });

  it("says the other member's words in their gender («المدرّسة محضرتش», «الطالبة بلّغت»)", () => {
    expect(whole(samples["absence to student, a woman tutor"]!)).toContain("المدرّسة منى محضرتش");
    expect(whole(samples["absence to student"]!)).toContain("المدرّس أحمد محضرش");
    expect(whole(samples["absence to tutor, a woman student"]!)).toContain("الطالبة سلمى بلّغت");
    expect(whole(samples["absence to tutor"]!)).toContain("الطالب منى بلّغ");
  });

  it("promises no minutes back for a free trial lesson the tutor's schedule change cancelled", () => {
    expect(whole(samples["slot lesson canceled"]!)).toContain("دقايقها رجعت لرصيدك");
    expect(whole(samples["slot lesson canceled, a trial without a plan"]!)).not.toContain("دقايق");
  });

  it("reads a template's strings and not its comments", () => {
    const source = [
      "// تم: a comment is not sent",
      "/* لا توجد */",
      'export const m = { subject: "تم حجز حصة" };',
      'export const n = { subject: "اتحجزت حصة" };',
    ].join("\n");
    const lines = sentLines(source);
    expect(lines).toHaveLength(2);
    expect(lines.map(formalFormsIn)).toEqual([["تم … / تمّت … / لم يتم …"], []]);
    expect(whole(samples["lesson booked"]!)).toContain("اتحجزت حصة");
  });
});
