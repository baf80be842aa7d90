// The installable, offline app (docs/phone.md): the manifest and icons, Chromium's installability
// check, the service worker (web/src/features/pwa/sw.ts) controlling the page, the upcoming lessons
// and the offline page without a network, a new version announced, and the install prompt.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { arPwa } from "../../web/src/i18n/ar-EG-pwa";
import { ar } from "../../web/src/i18n/ar-EG-all";
import {
  ARTEFACTS,
  baseUrl,
  clientAddress,
  expectNoAxeViolations,
  launch,
  newPage,
  screenshot,
  signIn,
} from "./browser";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The screen as the visitor sees it (the offers are fixed to the bottom of the viewport, not the page). */
async function viewportShot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTEFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTEFACTS, `${name}.png`) });
}

/** The width and height a PNG's header gives, after checking its signature and first chunk's CRC-free layout. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  expect(bytes.subarray(12, 16).toString("ascii")).toBe("IHDR");
  // The image data inflates (a truncated or fake file would not).
  const data = Buffer.concat(chunksOf(bytes, "IDAT"));
  expect(inflateSync(data).length).toBeGreaterThan(0);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function chunksOf(bytes: Buffer, type: string): Buffer[] {
  const found: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    if (bytes.subarray(at + 4, at + 8).toString("ascii") === type)
      found.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return found;
}

/** Waits until the service worker is active and controls the page (a reload after the first install). */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

async function installed(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null),
      { timeout: 30_000 },
    )
    .toBe("activated");
}

describe("the app's manifest and files", () => {
  it("serves a web app manifest in Arabic, right to left, with icons of the sizes it names", async () => {
    const response = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      dir: string;
      lang: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
      shortcuts: Array<{ name: string; url: string }>;
    };
    expect(manifest).toMatchObject({ short_name: "درس", dir: "rtl", lang: "ar-EG", display: "standalone" });
    expect(manifest.name).toContain("درس");
    expect(manifest.start_url).toBe("/");
    expect(manifest.scope).toBe("/");
    // The brand colour of the design tokens (web/src/styles.css).
    expect(manifest.theme_color).toBe("#0f766e");
    expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
      ["حصصي", "/upcoming-lessons"],
      ["المدرّسين", "/tutors"],
    ]);
    for (const purpose of ["any", "maskable"])
      for (const size of [192, 512]) {
        const icon = manifest.icons.find(
          (entry) => entry.purpose === purpose && entry.sizes === `${size}x${size}`,
        );
        expect(icon, `${purpose} ${size}`).toBeDefined();
        const file = await fetch(`${baseUrl()}${icon!.src}`);
        expect(file.headers.get("content-type")).toBe("image/png");
        expect(pngSize(Buffer.from(await file.arrayBuffer()))).toEqual({ width: size, height: size });
      }
  });

  it("serves the service worker as a script, never the SPA's page", async () => {
    const response = await fetch(`${baseUrl()}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain('addEventListener("fetch"');
    // A file the build does not have is a 404, not the SPA's HTML.
    const missing = await fetch(`${baseUrl()}/icons/missing.png`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).not.toMatch(/html/);
  });
});

describe("the installed app in Chromium", () => {
  it("meets the installability criteria and controls the page after a reload", async () => {
    // A profile on disk: Chromium never offers installing from an incognito-like context (newContext).
    const profile = mkdtempSync(path.join(tmpdir(), "dars-pwa-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
      locale: "ar-EG",
      baseURL: baseUrl(),
      extraHTTPHeaders: { "cf-connecting-ip": clientAddress() },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto("/");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await page.content()).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      await installed(page);
      const cdp = await context.newCDPSession(page);
      const { errors } = (await cdp.send("Page.getAppManifest")) as { errors: unknown[] };
      expect(errors).toEqual([]);
      const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
      expect(installabilityErrors).toEqual([]);
      await page.reload();
      expect(await controlled(page)).toBe(`${baseUrl()}/sw.js`);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it("shows the upcoming lessons offline with their time, and the offline page for other pages", async () => {
    const page = await newPage(browser);
    const context = page.context();
    await signIn(page, "student@dars.test", "/upcoming-lessons");
    await installed(page);
    // Once controlled, the list passes through the worker, which keeps it.
    await page.reload();
    await controlled(page);
    const tabs = page.getByRole("tabpanel");
    await tabs.first().waitFor();
    await page.waitForLoadState("networkidle");
    const online = await tabs.first().innerText();
    expect(await page.getByText(arPwa.lastUpdated(""), { exact: false }).count()).toBe(0);

    await context.setOffline(true);
    // The page, its scripts and the list can only come from the worker now.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: ar.marketplace.lessons.title }).waitFor();
    const stamp = page.locator("[data-offline-saved-at]");
    await stamp.waitFor();
    expect(await stamp.innerText()).toContain(arPwa.lastUpdated("").trim());
    expect(await tabs.first().innerText()).toBe(online);
    await screenshot(page, "pwa-offline-lessons");

    // A page never opened: the Arabic offline page.
    const response = await page.goto("/s/settings");
    expect(response?.status()).toBe(503);
    await page.getByRole("heading", { level: 1, name: arPwa.offline.title }).waitFor();
    await expectNoAxeViolations(page, "offline page 1280");
    await screenshot(page, "pwa-offline-page-1280");
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoAxeViolations(page, "offline page 360");
    await screenshot(page, "pwa-offline-page-360");
    await context.setOffline(false);
    await context.close();
  });

  it("announces a new version and applies it on «حدّث»", async () => {
    const page = await newPage(browser);
    await page.goto("/tutors");
    await installed(page);
    await page.reload();
    await controlled(page);
    // A new build: the same worker under a new version query (any change of the script is a new version).
    await page.waitForFunction(() => document.getElementById("dars-pwa") !== null);
    await page.evaluate(() => navigator.serviceWorker.register("/sw.js?v=next", { scope: "/" }));
    const notice = page.locator("[data-pwa-update]");
    await notice.getByText(arPwa.update.title).waitFor({ timeout: 30_000 });
    await expectNoAxeViolations(page, "update notice 1280");
    await viewportShot(page, "pwa-update-1280");
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoAxeViolations(page, "update notice 360");
    await viewportShot(page, "pwa-update-360");
    await Promise.all([
      page.waitForEvent("load"),
      notice.getByRole("button", { name: arPwa.update.apply, exact: true }).click(),
    ]);
    expect(await controlled(page)).toBe(`${baseUrl()}/sw.js?v=next`);
    await page.context().close();
  });

  it("offers installing from the second visit on, never on its first screen, and never again once dismissed", async () => {
    const page = await newPage(browser);
    const prompt = (tab: Page) => tab.locator("[data-pwa-install]");
    /** What Chromium sends when the app can be installed (kept by web/src/features/pwa/start.ts). */
    const offerInstall = async (tab: Page) => {
      await tab.waitForFunction(() => document.getElementById("dars-pwa") !== null);
      await tab.evaluate(() => {
        const event = new Event("beforeinstallprompt", { cancelable: true });
        Object.assign(event, {
          prompt: async () => undefined,
          userChoice: Promise.resolve({ outcome: "dismissed" }),
        });
        window.dispatchEvent(event);
      });
    };
    const goToTutors = async (tab: Page) => {
      await tab.getByRole("link", { name: ar.nav.marketplace.tutors, exact: true }).first().click();
      await tab.waitForURL((url) => url.pathname === "/tutors");
      await tab.getByRole("heading", { level: 1 }).first().waitFor();
    };

    // The first visit: not even after moving on.
    await page.goto("/");
    await offerInstall(page);
    await goToTutors(page);
    await page.waitForTimeout(300);
    expect(await prompt(page).count()).toBe(0);

    // A second visit (a new tab is a new browser session): not on its first screen, then offered.
    const second = await page.context().newPage();
    await second.goto("/");
    await offerInstall(second);
    await second.waitForTimeout(300);
    expect(await prompt(second).count()).toBe(0);
    await goToTutors(second);
    await prompt(second).getByRole("heading", { name: arPwa.install.title }).waitFor();
    // The app's icon beside the title has loaded (the worker keeps it).
    await expect
      .poll(() =>
        prompt(second)
          .locator("img")
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBe(192);
    await expectNoAxeViolations(second, "install prompt 1280");
    await viewportShot(second, "pwa-install-1280");
    await second.setViewportSize({ width: 360, height: 740 });
    await expectNoAxeViolations(second, "install prompt 360");
    await viewportShot(second, "pwa-install-360");

    // Dismissed for good: gone, and not offered again on a later visit.
    await prompt(second).getByRole("button", { name: arPwa.install.dismiss }).click();
    expect(await prompt(second).count()).toBe(0);
    const third = await page.context().newPage();
    await third.goto("/");
    await offerInstall(third);
    await goToTutors(third);
    await third.waitForTimeout(300);
    expect(await prompt(third).count()).toBe(0);
    await page.context().close();
  });
});
