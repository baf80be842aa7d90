// «كلماتي» (/words): a new student with words from their lessons (added through the local-only
// POST /dev/words, as a lesson note adds them) practises two words — one with the keyboard, one
// with the buttons — sees the end screen, and marks a word learned; on a phone the answer buttons
// sit at the bottom of the screen. axe at 1280 and 360 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { formatNumber } from "../../web/src/lib/format";
import { api } from "./api";
import { DEMO_PASSWORD, expectNoAxeViolations, launch, newPage, screenshot, signIn } from "./browser";

const t = ar.words;
type Auth = { token: string; user: { id: number; email: string } };
type Page_ = {
  list: Array<{ id: number; word: string; step: number; learnedAt: string | null }>;
  total: number;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const daysOn = (days: number) => new Date(Date.now() + days * 24 * 60 * 60_000).toISOString();

async function startPractice(page: Page, due: number) {
  const start = page.getByRole("button", { name: `${t.practice.start} ${formatNumber(due)}` });
  await start.click();
  await page.getByRole("region", { name: t.practice.regionLabel }).waitFor();
}

describe("«كلماتي»: a student practises their words", () => {
  it("practises two due words (keyboard and buttons), sees when the next come, and marks one learned", async () => {
    const email = `e2e-words-${Date.now().toString(36)}@example.com`;
    const registered = await api<Auth>("POST", "/user/", {
      email,
      password: DEMO_PASSWORD,
      role: 4,
      name: "طالبة الكلمات",
    });
    expect(registered.status).toBe(201);
    const { token } = registered.body;
    const seeded = await api<{ ids: number[] }>(
      "POST",
      "/dev/words",
      {
        words: [
          { word: "journey", meaning: "رحلة", example: "The journey took two days.", dueAt: minutesAgo(30) },
          { word: "brave", meaning: "شجاع", example: "She was brave.", dueAt: minutesAgo(20) },
          { word: "whisper", meaning: "يهمس", dueAt: daysOn(2) },
        ],
      },
      token,
    );
    expect(seeded.status).toBe(200);
    expect(seeded.body.ids).toHaveLength(3);

    const page = await newPage(browser);
    await signIn(page, email, "/words");
    await page.getByRole("heading", { level: 1, name: t.title }).waitFor();
    // The student's header leads here.
    expect(await page.getByRole("link", { name: ar.nav.words }).count()).toBeGreaterThan(0);
    await page.locator("[data-word-row]").first().waitFor();
    expect(await page.locator("[data-word-row]").count()).toBe(3);
    expect(await page.getByText("journey", { exact: true }).getAttribute("lang")).toBe("en");
    await expectNoAxeViolations(page, "/words (list)");
    await screenshot(page, "words-list-1280");

    // Word one with the keyboard: Space shows the meaning, 1 is «كنت عارفها».
    await startPractice(page, 2);
    await page.getByText(t.practice.progress(formatNumber(1), formatNumber(2))).waitFor();
    await page.locator("[data-keys-hint]").getByText(t.practice.keys.space).waitFor();
    expect(await page.locator("[data-practice-meaning]").count()).toBe(0);
    await page.keyboard.press("Space");
    await page.locator("[data-practice-meaning]").getByText("رحلة").waitFor();
    await expectNoAxeViolations(page, "/words (practice, meaning shown)");
    await screenshot(page, "words-practice-1280");
    await page.keyboard.press("1");
    // Word two with the buttons: «ماكنتش عارفها».
    await page.getByText(t.practice.progress(formatNumber(2), formatNumber(2))).waitFor();
    await page.getByRole("button", { name: t.practice.reveal }).click();
    await page.getByRole("button", { name: t.practice.didnt }).click();
    await page.getByRole("heading", { name: t.practice.end.title }).waitFor();
    await page.locator("[data-next-due]").waitFor();
    await expectNoAxeViolations(page, "/words (practice end)");
    await screenshot(page, "words-practice-end-1280");

    // Stored: one step on for the known word, back to the start for the other.
    const practised = await api<Page_>("GET", "/words?size=10", undefined, token);
    const steps = Object.fromEntries(practised.body.list.map((word) => [word.word, word.step]));
    expect(steps).toEqual({ journey: 1, brave: 0, whisper: 0 });

    // Back to the list: «اتعلمتها» on one word.
    await page.getByRole("button", { name: t.practice.end.back }).click();
    const whisper = page.locator("[data-word-row]").filter({ hasText: "whisper" });
    await whisper.getByRole("checkbox", { name: t.learnedToggle }).check();
    await expect.poll(() => whisper.getAttribute("data-learned"), { timeout: 10_000 }).toBe("true");
    const learned = await api<Page_>("GET", "/words?state=learned", undefined, token);
    expect(learned.body.list.map((word) => word.word)).toEqual(["whisper"]);
    await page.context().close();

    // On a phone: a new due word, practised with the big buttons at the bottom of the screen.
    expect(
      (
        await api(
          "POST",
          "/dev/words",
          { words: [{ word: "steady", meaning: "ثابت", dueAt: minutesAgo(5) }] },
          token,
        )
      ).status,
    ).toBe(200);
    const phone = await newPage(browser, { width: 360, height: 740 });
    await signIn(phone, email, "/words");
    await phone.locator("[data-word-row]").first().waitFor();
    await expectNoAxeViolations(phone, "/words at 360 px");
    await screenshot(phone, "words-list-360");
    await startPractice(phone, 1);
    await phone.getByRole("button", { name: t.practice.reveal }).click();
    const knew = phone.getByRole("button", { name: t.practice.knew });
    const box = await knew.boundingBox();
    // Thumb-friendly: at least 48 px tall, in the lowest part of the screen.
    expect(box!.height).toBeGreaterThanOrEqual(48);
    expect(box!.y + box!.height).toBeGreaterThan(740 - 100);
    await expectNoAxeViolations(phone, "/words (practice) at 360 px");
    await phone.screenshot({ path: "test-results/e2e/words-practice-360.png" });
    await knew.click();
    await phone.getByRole("heading", { name: t.practice.end.title }).waitFor();
    await screenshot(phone, "words-practice-end-360");
    await phone.context().close();
  });
});
