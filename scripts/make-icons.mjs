// Renders the app's icons (web/public/icons/*.png, committed) from the favicon's drawing
// (web/public/favicon.svg) with the headless Chromium the browser tests use: the "any" icons keep
// the favicon's rounded square; the maskable ones fill the whole square with the brand colour and
// keep the letter inside the central 80% safe zone (https://web.dev/articles/maskable-icon), as a
// phone's launcher crops them to its own shape. Run again after changing the favicon:
// `node scripts/make-icons.mjs`.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = path.join(root, "web/public/icons");
// The brand colour of the design tokens (web/src/styles.css, --color-brand-700).
const brand = "#0f766e";
const letter = `<path d="M18 20h16a12 12 0 0 1 0 24H18z" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round"/>`;
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${brand}"/>${letter}</svg>`;
// The letter scaled to 70% around the centre: inside the safe zone's circle (radius 40% of the side).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${brand}"/><g transform="translate(32 32) scale(0.7) translate(-32 -32)">${letter}</g></svg>`;
const icons = [
  { name: "icon-192.png", size: 192, svg: any },
  { name: "icon-512.png", size: 512, svg: any },
  { name: "maskable-192.png", size: 192, svg: maskable },
  { name: "maskable-512.png", size: 512, svg: maskable },
  // iOS draws its own rounded corners over a full square.
  { name: "apple-touch-icon.png", size: 180, svg: maskable },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: path.join(out, icon.name), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`icons written to ${path.relative(root, out)}`);
