import { mkdirSync } from "node:fs";
import path from "node:path";
import axe from "axe-core";
import { chromium, type Browser, type Page } from "playwright-core";
import { expect, inject } from "vitest";

export const baseUrl = () => inject("baseUrl");

/** Screenshots are kept as test artefacts for a person to look at. */
export const ARTEFACTS = path.resolve("test-results/e2e");

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: "ar-EG", timezoneId: "Africa/Cairo", baseURL: baseUrl() });
  return context.newPage();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTEFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTEFACTS, `${name}.png`), fullPage: true });
}

/** Runs axe-core in the page and fails with the list of violations, if any. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  // Lazy screens: wait until the screen itself (its heading) has rendered.
  await page.locator("h1").first().waitFor();
  await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  });
  expect({ screen, violations }).toEqual({ screen, violations: [] });
}

/** The newest message in the local mailbox for an address, read through the API. */
export async function latestCode(to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseUrl()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    const { list } = (await response.json()) as { list: Array<{ code: string | null }> };
    if (list[0]?.code) return list[0].code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code for ${to}`);
}
