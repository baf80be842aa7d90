// Prerendered public pages (docs/performance.md; scripts/prerender.mjs, worker/seo/pages.ts, web/src/boot.tsx):
// each arrives as HTML that looks like the page before any JavaScript runs, and the SPA hydrates it
// without a mismatch. For every page: a screenshot with JavaScript off and one after hydration
// (kept in test-results/e2e for a person to look at), compared pixel by pixel in the browser,
// plus the heading's text and the header's and heading's boxes; no hydration error in the console.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { ARTEFACTS, baseUrl, DEMO_PASSWORD, field, launch, screenshot } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const pages = ["/", "/pricing", "/faq", "/tutor", "/method", "/about", "/terms", "/privacy", "/login"];
const viewports = [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 900 },
];
/** At most this share of the screen's pixels may differ between the prerendered and hydrated page. */
const MAX_DIFFERENT_PIXELS = 0.02;

type Landmarks = { h1: string; h1Box: number[]; headerBox: number[]; mainText: string };

async function landmarks(page: Page): Promise<Landmarks> {
  return page.evaluate(() => {
    const box = (element: Element | null) => {
      const rect = element?.getBoundingClientRect();
      return rect ? [rect.x, rect.y, rect.width, rect.height].map(Math.round) : [];
    };
    const h1 = document.querySelector("main h1");
    return {
      h1: h1?.textContent ?? "",
      h1Box: box(h1),
      headerBox: box(document.querySelector("header")),
      mainText: (document.querySelector("main")?.textContent ?? "").slice(0, 200),
    };
  });
}

/** Starting again from an empty root removes the prerendered children of #root; hydrating keeps them. */
async function watchRootCleared(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const flags = window as unknown as { rootCleared: boolean };
    flags.rootCleared = false;
    new MutationObserver((records) => {
      if (
        records.some((record) => (record.target as Element).id === "root" && record.removedNodes.length > 0)
      )
        flags.rootCleared = true;
    }).observe(document, { childList: true, subtree: true });
  });
}
const rootWasCleared = (page: Page) =>
  page.evaluate(() => (window as unknown as { rootCleared: boolean }).rootCleared);

async function newContext(
  viewport: { width: number; height: number },
  javaScriptEnabled: boolean,
): Promise<BrowserContext> {
  return browser.newContext({
    viewport,
    javaScriptEnabled,
    locale: "ar-EG",
    timezoneId: "Africa/Cairo",
    baseURL: baseUrl(),
    reducedMotion: "reduce",
  });
}

/** The share of pixels that differ (any channel by more than 16) between two PNG files, decoded by the browser. */
async function differentPixels(first: string, second: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const dataUrl = (file: string) => `data:image/png;base64,${readFileSync(file).toString("base64")}`;
    return await page.evaluate(
      async ([a, b]) => {
        const load = (src: string) =>
          new Promise<HTMLImageElement>((resolve, reject) => {
            const image = new Image();
            image.onload = () => resolve(image);
            image.onerror = reject;
            image.src = src;
          });
        const [imageA, imageB] = await Promise.all([load(a!), load(b!)]);
        const width = Math.min(imageA.width, imageB.width);
        const height = Math.min(imageA.height, imageB.height);
        const pixels = (image: HTMLImageElement) => {
          const canvas = document.createElement("canvas");
          canvas.width = width;
          canvas.height = height;
          const context2d = canvas.getContext("2d")!;
          context2d.drawImage(image, 0, 0);
          return context2d.getImageData(0, 0, width, height).data;
        };
        const pa = pixels(imageA);
        const pb = pixels(imageB);
        let different = 0;
        for (let index = 0; index < pa.length; index += 4) {
          if (
            Math.abs(pa[index]! - pb[index]!) > 16 ||
            Math.abs(pa[index + 1]! - pb[index + 1]!) > 16 ||
            Math.abs(pa[index + 2]! - pb[index + 2]!) > 16
          )
            different++;
        }
        return different / (width * height);
      },
      [dataUrl(first), dataUrl(second)],
    );
  } finally {
    await context.close();
  }
}

describe("prerendered public pages", () => {
  for (const viewport of viewports) {
    for (const pagePath of pages) {
      it(`${pagePath} (${viewport.name}) looks the same before and after hydration, with no hydration error`, async () => {
        const name = `prerender-${viewport.name}-${pagePath === "/" ? "home" : pagePath.slice(1)}`;

        // Before hydration: JavaScript off, only the prerendered HTML and its styles.
        const staticContext = await newContext(viewport, false);
        const staticPage = await staticContext.newPage();
        const answer = await staticPage.goto(pagePath, { waitUntil: "load" });
        expect(answer?.status()).toBe(200);
        expect(await staticPage.locator("#root").getAttribute("data-prerendered")).toBe(pagePath);
        await staticPage.evaluate(() => document.fonts.ready);
        const before = await landmarks(staticPage);
        expect(before.h1.length).toBeGreaterThan(0);
        await staticPage.screenshot({ path: path.join(ARTEFACTS, `${name}-before.png`) });
        await screenshot(staticPage, `${name}-before-full`);
        await staticContext.close();

        // Hydrated: the same page with JavaScript, once React owns the root.
        const liveContext = await newContext(viewport, true);
        const livePage = await liveContext.newPage();
        // The API waits until the screenshot is taken: the hydrated page is compared in the state
        // it was prerendered in (data still loading); what the data adds later is not hydration.
        const held: Array<() => Promise<void>> = [];
        await livePage.route("**/api/**", (route) => {
          held.push(() => route.continue());
        });
        const problems: string[] = [];
        livePage.on("console", (message) => {
          if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
        });
        livePage.on("pageerror", (error) => problems.push(error.message));
        await livePage.goto(pagePath, { waitUntil: "load" });
        await livePage.waitForFunction(() => {
          const rootElement = document.getElementById("root");
          return (
            rootElement !== null && Object.keys(rootElement).some((key) => key.startsWith("__reactContainer"))
          );
        });
        await livePage.evaluate(() => document.fonts.ready);
        // Settled: the lazy screen's chunk loaded and hydrated (the API is held, so no network idle to wait for).
        await livePage.locator("main h1").first().waitFor();
        await livePage.waitForTimeout(1500);
        const after = await landmarks(livePage);
        await livePage.screenshot({ path: path.join(ARTEFACTS, `${name}-after.png`) });
        await Promise.all(held.map((release) => release().catch(() => undefined)));
        await liveContext.close();

        expect(after.h1).toBe(before.h1);
        expect(after.h1Box).toEqual(before.h1Box);
        expect(after.headerBox).toEqual(before.headerBox);
        // React reports a hydration mismatch as a recoverable error (#418, #423, #425 in production).
        expect(problems.filter((text) => /hydrat|#418|#419|#423|#425|did not match/i.test(text))).toEqual([]);
        const share = await differentPixels(
          path.join(ARTEFACTS, `${name}-before.png`),
          path.join(ARTEFACTS, `${name}-after.png`),
        );
        expect({
          page: pagePath,
          viewport: viewport.name,
          share: share <= MAX_DIFFERENT_PIXELS ? "ok" : share,
        }).toEqual({ page: pagePath, viewport: viewport.name, share: "ok" });
      });
    }
  }

  it("hydrates the same page asked with a trailing slash (/faq/) instead of starting again from an empty root", async () => {
    const context = await newContext(viewports[0]!, true);
    const page = await context.newPage();
    await watchRootCleared(page);
    try {
      const answer = await page.goto("/faq/", { waitUntil: "load" });
      expect(answer?.status()).toBe(200);
      expect(await page.locator("#root").getAttribute("data-prerendered")).toBe("/faq");
      await page.waitForFunction(() => {
        const rootElement = document.getElementById("root");
        return (
          rootElement !== null && Object.keys(rootElement).some((key) => key.startsWith("__reactContainer"))
        );
      });
      await page.locator("main h1").first().waitFor();
      expect(await rootWasCleared(page)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("prerenders the sign-in form as a POST, so a submit before the scripts run never puts the password in the URL", async () => {
    const html = await (await fetch(`${baseUrl()}/login`)).text();
    expect(html).toContain('data-prerendered="/login"');
    expect(html).toMatch(/<form[^>]* method="post"/);
    expect(html).toContain('name="password"');
  });

  it("keeps on the sign-in form what was typed before the scripts ran, and sends it only once they have", async () => {
    const context = await newContext(viewports[0]!, true);
    const page = await context.newPage();
    // The entry script is held: the prerendered form is on screen and nothing has taken it over yet.
    let release: () => void = () => undefined;
    const entryHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await entryHeld;
      await route.continue();
    });
    try {
      await page.goto("/login?next=%2Fs%2Fdashboard", { waitUntil: "commit" });
      const submit = page.getByRole("button", { name: ar.login.submit, exact: true });
      await submit.waitFor();
      await field(page, ar.fields.email).fill("student@dars.test");
      await field(page, ar.fields.password).fill(DEMO_PASSWORD);
      // Disabled, so neither a tap nor Enter sends the form the browser's way, yet drawn as enabled.
      expect(await submit.isDisabled()).toBe(true);
      const look = () => submit.evaluate((button) => getComputedStyle(button).backgroundColor);
      // The stylesheet is not held, but it may still be on its way: the look is compared once it applies.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")).every(
          (link) => link.sheet !== null,
        ),
      );
      const before = await look();
      release();
      await page.waitForFunction(
        () => !document.querySelector("button[type=submit]")?.hasAttribute("disabled"),
      );
      expect(await look()).toBe(before);
      // The fields kept what was typed, and the state has it: the click signs in with no retyping.
      expect(await field(page, ar.fields.email).inputValue()).toBe("student@dars.test");
      await submit.click();
      await page.waitForURL((url) => url.pathname === "/s/dashboard");
    } finally {
      release();
      await context.close();
    }
  });

  it("serves /tutors as markup prerendered at build, hydrates it, then shows the inlined first page without asking the API for it", async () => {
    const html = await (await fetch(`${baseUrl()}/tutors`)).text();
    expect(html).toContain('data-prerendered="/tutors"');
    expect(html).toContain('id="initial-data"');
    expect(html).toMatch(/<main[^>]*>[\s\S]*<h1/);
    // A page number or a filter is not the prerendered page: the plain shell, rendered by the SPA.
    expect(await (await fetch(`${baseUrl()}/tutors?page=2`)).text()).toContain('<div id="root"></div>');

    const context = await newContext(viewports[0]!, true);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    const listAsked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/user/tutor/list/onboarded")) listAsked.push(request.url());
    });
    await watchRootCleared(page);
    try {
      await page.goto("/tutors", { waitUntil: "load" });
      await page.locator("[data-card-price]").first().waitFor();
      // The day filter names the coming days once hydrated (the build's markup has none).
      await expect
        .poll(() => page.getByLabel(ar.market.tutors.day).locator("option").count())
        .toBeGreaterThan(1);
      expect(await rootWasCleared(page)).toBe(false);
      expect(problems.filter((text) => /hydrat|#418|#419|#423|#425|did not match/i.test(text))).toEqual([]);
      expect(listAsked).toEqual([]);
      await screenshot(page, "prerender-tutors-hydrated");
    } finally {
      await context.close();
    }
  });

  it("paints a tutor's header before the scripts run, and the app's first render draws the same header in the same place", async () => {
    const listed = (await (
      await fetch(`${baseUrl()}/api/v1/user/tutor/list/onboarded?page=1&size=1`)
    ).json()) as { list: Array<{ id: number; name: string }> };
    const tutor = listed.list[0]!;
    const tutorPath = `/t/${tutor.id}`;
    // The header's parts, each a box on screen: photo, name, bio.
    const headerBoxes = (page: Page) =>
      page.evaluate(() => {
        const box = (element: Element | null) => {
          const rect = element?.getBoundingClientRect();
          return rect ? [rect.x, rect.y, rect.width, rect.height].map(Math.round) : [];
        };
        const header = document.querySelector("main header");
        return {
          photo: box(header?.querySelector("img, span[aria-hidden]") ?? null),
          name: box(header?.querySelector("h1") ?? null),
          bio: box(header?.querySelector("p[dir=auto]") ?? null),
          text: header?.querySelector("h1")?.textContent ?? "",
        };
      });

    // Before the scripts: JavaScript off, the Worker's paint in the layout prerendered at build.
    const staticContext = await newContext(viewports[0]!, false);
    const staticPage = await staticContext.newPage();
    await staticPage.goto(tutorPath, { waitUntil: "load" });
    await staticPage.evaluate(() => document.fonts.ready);
    expect(await staticPage.locator("[data-painted]").count()).toBe(1);
    const before = await headerBoxes(staticPage);
    expect(before.text).toBe(tutor.name);
    // The photo, name and bio, down to the bio's last line (the rating line below comes with the scripts).
    const clip = {
      x: 0,
      y: before.photo[1]! - 4,
      width: viewports[0]!.width,
      height:
        Math.max(before.bio[1]! + before.bio[3]!, before.photo[1]! + before.photo[3]!) - before.photo[1]! + 8,
    };
    await staticPage.waitForFunction(() => [...document.images].every((image) => image.complete));
    await staticPage.screenshot({ path: path.join(ARTEFACTS, "painted-tutor-before.png"), clip });
    await screenshot(staticPage, "painted-tutor-before-full");
    await staticContext.close();

    // With the scripts: the root's paint is replaced by the app's first render, not emptied first.
    const context = await newContext(viewports[0]!, true);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.addInitScript(() => {
      const flags = window as unknown as { rootEmptied: boolean };
      flags.rootEmptied = false;
      new MutationObserver(() => {
        const rootElement = document.getElementById("root");
        if (rootElement && document.readyState !== "loading" && rootElement.childElementCount === 0)
          flags.rootEmptied = true;
      }).observe(document, { childList: true, subtree: true });
    });
    try {
      await page.goto(tutorPath, { waitUntil: "load" });
      await page.waitForFunction(() =>
        Object.keys(document.getElementById("root")!).some((key) => key.startsWith("__reactContainer")),
      );
      // The app's own header: the rating line and the message button are React's.
      await page.locator("main header").getByRole("button").first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.waitForFunction(() => [...document.images].every((image) => image.complete));
      expect(await page.locator("[data-painted]").count()).toBe(0);
      const after = await headerBoxes(page);
      expect(after).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as { rootEmptied: boolean }).rootEmptied)).toBe(
        false,
      );
      await page.screenshot({ path: path.join(ARTEFACTS, "painted-tutor-after.png"), clip });
      await screenshot(page, "painted-tutor-after-full");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
    const share = await differentPixels(
      path.join(ARTEFACTS, "painted-tutor-before.png"),
      path.join(ARTEFACTS, "painted-tutor-after.png"),
    );
    expect(share).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
  });

  it("keeps the empty shell for a page that is not prerendered (the sign-up page)", async () => {
    const html = await (await fetch(`${baseUrl()}/register/student`)).text();
    expect(html).toContain('<div id="root"></div>');
  });
});

// The Worker links each page's screen chunks (worker/seo/route-preloads.ts, from the build's
// route-preload.json), so they download with the entry; the chunk names come from the build manifest.
describe("screen chunks linked in the served page", () => {
  const manifest = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, "../../web/dist/.vite/manifest.json"), "utf8"),
  ) as Record<string, { file: string }>;
  const chunkOf = (screen: string) => `/${manifest[screen]!.file}`;
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((match) => match[1]);

  it.each([
    ["/", "src/pages/home/home-page.tsx"],
    ["/login", "src/pages/login/login-page.tsx"],
    ["/tutors", "src/pages/tutors/tutors-page.tsx"],
    ["/upcoming-lessons", "src/pages/upcoming-lessons/upcoming-lessons-page.tsx"],
  ])("%s links its screen's chunk in <head>", async (pagePath, screen) => {
    const html = await (await fetch(`${baseUrl()}${pagePath}`)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(preloads(head)).toContain(chunkOf(screen));
  });
});
