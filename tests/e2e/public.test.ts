// The public marketing site (docs/product.md §2): every page renders with one h1, a page title and no axe
// violations at desktop and phone widths; short URLs resolve; the contact form reaches the team.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { marketing } from "../../web/src/i18n/ar-EG-marketing";
import { baseUrl, expectNoAxeViolations, launch, newPage, screenshot, field } from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const pages: Array<{ path: string; h1: string; title: string }> = [
  { path: "/", h1: marketing.home.hero.title, title: marketing.titles.home },
  { path: "/tutor", h1: marketing.tutor.title, title: `${marketing.titles.tutor} | درس` },
  { path: "/terms", h1: marketing.terms.title, title: `${marketing.titles.terms} | درس` },
  { path: "/privacy", h1: marketing.privacy.title, title: `${marketing.titles.privacy} | درس` },
  { path: "/pricing", h1: marketing.pricing.title, title: `${marketing.titles.pricing} | درس` },
  { path: "/faq", h1: marketing.titles.faq, title: `${marketing.titles.faq} | درس` },
  { path: "/faq/student", h1: marketing.titles.faqStudent, title: `${marketing.titles.faqStudent} | درس` },
  { path: "/faq/tutor", h1: marketing.titles.faqTutor, title: `${marketing.titles.faqTutor} | درس` },
  { path: "/contact", h1: marketing.contact.title, title: `${marketing.titles.contact} | درس` },
  { path: "/method", h1: marketing.method.title, title: `${marketing.titles.method} | درس` },
  { path: "/about", h1: marketing.about.title, title: marketing.titles.about },
];

/** A form field by its exact Arabic label (a required field's label ends with "*"). */

async function expectPage(page: Page, expected: { path: string; h1: string; title: string }) {
  await page.goto(expected.path);
  await page.getByRole("heading", { level: 1, name: expected.h1 }).waitFor();
  expect(await page.locator("h1").count()).toBe(1);
  expect(await page.title()).toBe(expected.title);
}

describe("the public marketing pages", () => {
  for (const width of [1280, 360]) {
    it(`shows every page with one h1, its title and no axe violations at ${width} px`, async () => {
      const page = await newPage(browser, { width, height: 900 });
      for (const expected of pages) {
        await expectPage(page, expected);
        await expectNoAxeViolations(page, `${expected.path} at ${width}px`);
        // Nothing wider than the screen (RTL overflow shows as a sideways scroll).
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await screenshot(
          page,
          `public${expected.path === "/" ? "-home" : expected.path.replaceAll("/", "-")}-${width}`,
        );
      }
      await page.context().close();
    });
  }

  it("prices the seeded plans from GET /plan/list", async () => {
    const page = await newPage(browser);
    await page.goto("/pricing");
    const plans = page.getByRole("list", { name: marketing.pricing.plansLabel });
    await plans.waitFor();
    expect(await plans.getByRole("link", { name: /^اختار باقة/ }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it("links every public page from the footer", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    const footer = page.getByRole("navigation", { name: ar.footer.label });
    await footer.getByRole("link", { name: ar.footer.method }).click();
    await page.getByRole("heading", { level: 1, name: marketing.method.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/method");
    await page.context().close();
  });

  it("follows a short URL and shows not-found for an unknown one", async () => {
    const page = await newPage(browser);
    await page.goto("/url/tutor");
    await page.getByRole("heading", { level: 1, name: marketing.tutor.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/tutor");
    await page.goto("/url/wa");
    await page.getByRole("heading", { level: 1, name: marketing.home.hero.title }).waitFor();
    expect(new URL(page.url()).search).toBe("?src=wa");
    await page.goto("/url/no-such-link");
    await page.getByRole("heading", { level: 1, name: ar.errors.notFoundTitle }).waitFor();
    await page.context().close();
  });

  it("answers an unknown path with HTTP 404 and a not-found page whose title and heading agree", async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 360, height: 800 },
    ]) {
      const page = await newPage(browser, viewport);
      const response = await page.goto("/no-such-page");
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { level: 1, name: ar.errors.notFoundTitle }).waitFor();
      expect(await page.title()).toBe(`${ar.errors.notFoundTitle} | درس`);
      await page.getByRole("link", { name: ar.errors.goHome }).waitFor();
      await expectNoAxeViolations(page, `not-found-${viewport.width}`);
      await screenshot(page, `not-found-${viewport.width}`);
      await page.context().close();
    }
    // A real screen still answers 200.
    expect((await fetch(`${baseUrl()}/tutors`)).status).toBe(200);
    expect((await fetch(`${baseUrl()}/login`)).status).toBe(200);
  });

  it("sends the contact form and the team gets it by email", async () => {
    const page = await newPage(browser, { width: 360, height: 800 });
    await page.goto("/contact");
    await page.getByRole("button", { name: ar.support.contact.send }).click();
    await expect.poll(() => page.getByText("هذا الحقل مطلوب").count()).toBeGreaterThan(0);
    await field(page, ar.support.contact.nameLabel).fill("منى أحمد");
    await field(page, ar.support.contact.emailLabel).fill("mona-e2e@example.com");
    await field(page, ar.support.contact.titleLabel).fill("سؤال عن الباقات");
    await field(page, ar.support.contact.messageLabel).fill("هل يمكن تغيير الباقة في منتصف الشهر؟");
    await page.getByRole("button", { name: ar.support.contact.send }).click();
    await page.getByText(ar.support.contact.sentTitle).waitFor();
    await expectNoAxeViolations(page, "/contact sent");
    await screenshot(page, "public-contact-sent-360");
    const response = await fetch(
      `${baseUrl()}/api/v1/dev/outbox?to=${encodeURIComponent("admin@dars.test")}`,
    );
    const { list } = (await response.json()) as { list: Array<{ subject: string; body: string }> };
    expect(list.find((message) => message.subject === "طلب تواصل جديد: سؤال عن الباقات")?.body).toContain(
      "mona-e2e@example.com",
    );
    await page.context().close();
  });
});
