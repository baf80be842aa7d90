// Link previews and search engines (worker/seo/pages.ts): /tutors and /t/{id} arrive with their
// tags and their first data inlined, so the screen paints without waiting for the API.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastServedPage } from "@schema/api/common";
import { tutorsPageSize } from "../../web/src/features/tutors/tutor-keys";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG-all";
import { baseUrl, expectNoAxeViolations, launch, newPage, screenshot } from "./browser";

let browser: Browser;
let first: { id: number; name: string };

beforeAll(async () => {
  browser = await launch();
  const listed = (await (
    await fetch(`${baseUrl()}/api/v1/user/tutor/list/onboarded?page=1&size=12`)
  ).json()) as { list: Array<{ id: number; name: string }> };
  first = listed.list[0]!;
});
afterAll(async () => {
  await browser?.close();
});

describe("pages found by search and shared on WhatsApp", () => {
  it("paints /tutors from the inlined page while the list API does not answer", async () => {
    const page = await newPage(browser);
    // The list API never answers: whatever the screen shows came with the page.
    await page.route("**/api/v1/user/tutor/list/onboarded**", () => undefined);
    await page.goto("/tutors");
    await page.getByText(first.name, { exact: true }).first().waitFor({ timeout: 15_000 });
    // The SPA read the inlined data (and removed it, so no later screen reuses it).
    expect(await page.locator("script#initial-data").count()).toBe(0);
    await expectNoAxeViolations(page, "tutors (inlined)");
    await screenshot(page, "seo-tutors-inlined");
    await page.context().close();
  });

  it("paints a tutor's page from the inlined profile while the profile API does not answer", async () => {
    const page = await newPage(browser);
    await page.route(`**/api/v1/user/tutor/info/${first.id}`, () => undefined);
    await page.goto(`/t/${first.id}`);
    await page.getByRole("heading", { level: 1, name: first.name }).waitFor({ timeout: 15_000 });
    expect(await page.locator("script#initial-data").count()).toBe(0);
    await screenshot(page, "seo-tutor-inlined");
    await page.context().close();
  });

  it("says in Arabic where the pages stop for a hand-typed /tutors page past the deepest one served", async () => {
    // The Worker answers that address with the app's page (a noindex 404); the list API refuses the
    // page with page-too-deep (lastServedPage, schema/api/common.ts), which the screen shows.
    const deeper = lastServedPage(tutorsPageSize) + 1;
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 780 },
    ]) {
      const page = await newPage(browser, viewport);
      await page.goto(`/tutors?page=${deeper}`);
      const message = page.getByText(errorMessage("page-too-deep"), { exact: false });
      await message.waitFor({ timeout: 15_000 });
      const deepest = page.getByRole("button", { name: ar.ui.deepestPage });
      await deepest.waitFor();
      // Nothing of it is cut off at either width.
      const box = (await message.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectNoAxeViolations(page, `tutors page ${deeper} (${viewport.width} px)`);
      await screenshot(page, `seo-tutors-too-deep-${viewport.width}`);
      // The way on is the deepest page served, which the list answers.
      await deepest.click();
      await page.waitForURL((url) => url.searchParams.get("page") === String(lastServedPage(tutorsPageSize)));
      await message.waitFor({ state: "detached" });
      await page.context().close();
    }
  });

  it("gives a link preview (no JavaScript) the tutor's name, photo and page", async () => {
    const html = await (await fetch(`${baseUrl()}/t/${first.id}`)).text();
    expect(html).toContain(`<meta property="og:url" content="${baseUrl()}/t/${first.id}" />`);
    expect(html).toMatch(new RegExp(`<meta property="og:title" content="${first.name}[^"]*"`));
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });
});
