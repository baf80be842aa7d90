// Lesson notes (docs/rules.md, "Learning after the lesson"): the tutor writes the note on an ended
// lesson's page, the student reads it there and in «دروسي السابقة» and marks the homework done, and
// the tutor finds that note beside the chat in the pair's next lesson room. axe at 1280 and 360.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arNotes } from "../../web/src/i18n/ar-EG-notes";
import { pairWithLessons, type Auth } from "./pair";
import { expectNoAxeViolations, field, launch, newPage, screenshot, signIn } from "./browser";
import { solidPng } from "./media";

// A demo tutor no other browser test uses (its lock: vitest.e2e.config.ts).
const TUTOR_EMAIL = "tutor11@dars.test";
const SUMMARY = "اتكلمنا عن الروتين اليومي وأفعال الصبح";
const HOMEWORK = "اكتب خمس جمل عن يومك بالإنجليزي";
const viewports = [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
];

let browser: Browser;
let tutor: Auth;
let student: { email: string; token: string };
/** The pair's lesson two days ago (the note's) and the next one, starting in a few minutes (its room is open). */
let past = 0;
let next = 0;

beforeAll(async () => {
  browser = await launch();
  const pair = await pairWithLessons(TUTOR_EMAIL, "notes", "طالبة الملاحظات", [-2 * 24 * 60, 5]);
  ({ tutor, student } = pair);
  [past = 0, next = 0] = pair.lessons;
});

afterAll(async () => {
  await browser?.close();
});

async function open(page: Page, email: string, path: string) {
  await signIn(page, email, "/upcoming-lessons");
  await page.goto(path);
}

describe("lesson notes", () => {
  it("lets the tutor write the note after the lesson (1280 and 360)", async () => {
    const page = await newPage(browser, viewports[0]);
    // The page works out from the browser's clock that the lesson ended and the 7 days are not over:
    // the clock is set a day after it (the server's stays real, two days after).
    await page.clock.install({ time: new Date(Date.now() - 24 * 60 * 60_000) });
    await open(page, TUTOR_EMAIL, `/lesson/${past}`);
    const form = page.locator(`[data-note-form="${past}"]`);
    await form.waitFor();
    await field(form, arNotes.form.summary).fill(SUMMARY);
    await field(form, arNotes.form.word("١")).fill("wake up");
    await field(form, arNotes.form.meaning("١")).fill("يصحى");
    await field(form, arNotes.form.example("١")).fill("I wake up at seven.");
    await form.getByRole("button", { name: arNotes.form.addWord }).click();
    await field(form, arNotes.form.word("٢")).fill("breakfast");
    await field(form, arNotes.form.meaning("٢")).fill("الفطار");
    await field(form, arNotes.form.homework).fill(HOMEWORK);
    await form.getByLabel(arNotes.form.due).selectOption({ index: 3 });
    await form.getByLabel(arNotes.form.file).setInputFiles({
      name: "homework.png",
      mimeType: "image/png",
      buffer: solidPng(40, 30, [30, 120, 200]),
    });
    await form.getByRole("button", { name: arNotes.form.save }).click();
    await page.getByText(arNotes.form.saved).first().waitFor();
    // Written: the card now offers to edit it, with the student's replies under the form.
    await page.getByRole("heading", { level: 2, name: arNotes.form.editHeading }).waitFor();
    await page.getByRole("heading", { name: arNotes.replies.title }).waitFor();
    await expectNoAxeViolations(page, "lesson note form, 1280");
    await screenshot(page, "lesson-note-tutor-1280");
    await page.context().close();

    const phone = await newPage(browser, viewports[1]);
    await open(phone, TUTOR_EMAIL, `/lesson/${past}`);
    const again = phone.locator(`[data-note-form="${past}"]`);
    await again.waitFor();
    expect(await field(again, arNotes.form.summary).inputValue()).toBe(SUMMARY);
    await expectNoAxeViolations(phone, "lesson note form, 360");
    await screenshot(phone, "lesson-note-tutor-360");
    await phone.context().close();
  });

  it("shows the student the note on the lesson page and in «دروسي السابقة»; the homework is marked done (1280 and 360)", async () => {
    for (const viewport of viewports) {
      const page = await newPage(browser, viewport);
      await open(page, student.email, `/lesson/${past}`);
      const note = page.locator(`[data-lesson-note="${past}"]`);
      await note.getByText(SUMMARY).waitFor();
      await note.getByText("wake up", { exact: true }).waitFor();
      expect(await note.getByText("wake up", { exact: true }).getAttribute("lang")).toBe("en");
      await note.getByText(HOMEWORK).waitFor();
      if (viewport.width === 1280) {
        await note.getByRole("button", { name: arNotes.note.done }).click();
        await note.getByText(arNotes.note.doneBadge).waitFor();
      } else {
        await note.getByRole("button", { name: arNotes.note.undo }).waitFor();
      }
      await expectNoAxeViolations(page, `lesson note, student, ${viewport.width}`);
      await screenshot(page, `lesson-note-student-${viewport.width}`);

      await page.goto("/past-lessons");
      await page.getByRole("heading", { level: 1, name: arNotes.past.title }).waitFor();
      const item = page.locator(`[data-past-lesson="${past}"]`);
      await item.getByText(arNotes.past.hasNote).waitFor();
      // Done: no homework waits any more.
      expect(await item.getByText(arNotes.past.homeworkPending).count()).toBe(0);
      expect(
        await item.getByRole("link", { name: arNotes.past.open, exact: false }).getAttribute("href"),
      ).toBe(`/lesson/${past}`);
      await item.locator(`[data-book-again="${tutor.user.id}"]`).waitFor();
      await expectNoAxeViolations(page, `past lessons, ${viewport.width}`);
      await screenshot(page, `past-lessons-${viewport.width}`);
      await page.context().close();
    }
  });

  it("shows the tutor the last note beside the chat in the next lesson's room (1280 and 360)", async () => {
    for (const viewport of viewports) {
      const page = await newPage(browser, viewport);
      await open(page, TUTOR_EMAIL, `/lesson/${next}`);
      const panel = page.locator("[data-previous-note]");
      await panel.waitFor();
      const toggle = panel.getByRole("button", { name: arNotes.previous.show });
      // Open beside the video on a laptop; closed on a phone until asked for.
      if (viewport.width === 360) await toggle.click();
      await panel.getByText(SUMMARY).waitFor();
      await panel.getByText(arNotes.previous.doneBadge).waitFor();
      await panel.getByText("breakfast", { exact: true }).waitFor();
      await expectNoAxeViolations(page, `lesson room with the last note, ${viewport.width}`);
      await screenshot(page, `lesson-room-last-note-${viewport.width}`);
      await page.context().close();
    }
  });
});
