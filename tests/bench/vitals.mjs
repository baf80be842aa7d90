// npm run bench, web step (BENCH_ONLY=web runs it alone): builds the SPA, prints the first-load
// JavaScript per route from the build manifest, serves the product (scripts/start.mjs on its own
// port and storage) and measures Web Vitals in headless Chromium on a throttled phone profile
// (docs/benchmarks.md): 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, 4× CPU slowdown, 360 px wide, cold
// cache (a new browser context per load). LCP and CLS come from PerformanceObserver; total
// blocking time sums the part over 50 ms of each long task between first contentful paint and
// time to interactive (the end of the last long task before 5 s without one). Median of 3 loads.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startServer } from "../support/server.mjs";
import { firstLoadSizes, FIRST_LOAD_LIMIT_KB, printFirstLoad } from "./first-load.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8796);
export const goals = { lcp: 2500, cls: 0.1, tbt: 200 };
const network = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const QUIET_MS = 5000;
const LONGEST_WAIT_MS = 30_000;

/** Installed before any page script: collects paints, LCP, layout shifts and long tasks. */
function observeVitals() {
  const vitals = { fcp: null, lcp: null, lcpElement: null, shifts: [], longTasks: [] };
  window.__vitals = vitals;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // not supported: the figure stays empty
    }
  };
  observe("paint", (entry) => {
    if (entry.name === "first-contentful-paint") vitals.fcp = entry.startTime;
  });
  observe("largest-contentful-paint", (entry) => {
    vitals.lcp = entry.renderTime || entry.loadTime || entry.startTime;
    // What the largest paint was, printed beside the figure: a text block waits for the scripts, an image for its download too.
    const element = entry.element;
    vitals.lcpElement = element
      ? `<${element.tagName.toLowerCase()}>${entry.url ? ` ${entry.url.split("/").pop()?.slice(0, 40)}` : ` "${(element.textContent ?? "").trim().slice(0, 24)}"`}`
      : null;
  });
  observe("layout-shift", (entry) => {
    if (!entry.hadRecentInput) vitals.shifts.push({ time: entry.startTime, value: entry.value });
  });
  observe("longtask", (entry) => vitals.longTasks.push({ start: entry.startTime, duration: entry.duration }));
}

/** CLS as Chrome reports it: the largest session window (shifts < 1 s apart, window ≤ 5 s). */
function clsOf(shifts) {
  let best = 0;
  let current = 0;
  let windowStart = 0;
  let previous = -Infinity;
  for (const shift of shifts) {
    if (shift.time - previous > 1000 || shift.time - windowStart > 5000) {
      current = 0;
      windowStart = shift.time;
    }
    current += shift.value;
    previous = shift.time;
    best = Math.max(best, current);
  }
  return best;
}

function tbtOf(fcp, longTasks) {
  if (fcp === null) return null;
  const tasks = [...longTasks].sort((a, b) => a.start - b.start);
  // TTI: the end of the last long task that is not followed by a quiet window (or FCP).
  let tti = fcp;
  for (const task of tasks) if (task.start + task.duration > tti) tti = task.start + task.duration;
  let blocking = 0;
  for (const task of tasks) {
    const start = Math.max(task.start, fcp);
    const end = Math.min(task.start + task.duration, tti);
    if (end - start > 50) blocking += end - start - 50;
  }
  return blocking;
}

async function measureOnce(browser, url, storageState) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "ar-EG",
    timezoneId: "Africa/Cairo",
    ...(storageState ? { storageState } : {}),
  });
  try {
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", network);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    let bytes = 0;
    cdp.on("Network.loadingFinished", (event) => (bytes += event.encodedDataLength));
    await page.goto(url, { waitUntil: "load", timeout: 90_000 });
    // Wait for a quiet window without long tasks (the page is interactive), at most 30 s.
    const started = Date.now();
    let lastCount = -1;
    let quietSince = Date.now();
    while (Date.now() - started < LONGEST_WAIT_MS) {
      const count = await page.evaluate(() => window.__vitals.longTasks.length);
      if (count !== lastCount) {
        lastCount = count;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= QUIET_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const vitals = await page.evaluate(() => window.__vitals);
    return {
      lcp: vitals.lcp,
      lcpElement: vitals.lcpElement,
      cls: clsOf(vitals.shifts),
      tbt: tbtOf(vitals.fcp, vitals.longTasks),
      fcp: vitals.fcp,
      bytes,
    };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((value) => value !== null && value !== undefined).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

async function signedInState(browser, base) {
  const context = await browser.newContext({ baseURL: base, locale: "ar-EG" });
  const page = await context.newPage();
  // Sign in through the screen, so the SPA stores its session the way it does for a user.
  await page.goto("/login?next=%2Fupcoming-lessons");
  await page.locator('input[type="email"]').fill("student@dars.test");
  await page.locator('input[type="password"]').fill("Dars@2026");
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL((url) => url.pathname === "/upcoming-lessons", { timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

export async function webVitalsBench({
  progress = (text) => process.stderr.write(`[web] ${text}\n`),
  print = console.log,
} = {}) {
  progress("building the SPA (vite build)");
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    { cwd: root, encoding: "utf8" },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
  const prerender = spawnSync(process.execPath, [path.join(root, "scripts/prerender.mjs")], {
    cwd: root,
    encoding: "utf8",
  });
  if (prerender.status !== 0) throw new Error(`prerender failed:\n${prerender.stdout}\n${prerender.stderr}`);
  const sizes = firstLoadSizes(path.join(root, "web/dist"));
  progress(`starting the product on port ${PORT}`);
  const server = await startServer({ port: PORT, state: `.wrangler/bench-web-state-${PORT}` });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const rows = [];
  try {
    const listed = await fetch(`${server.base}/api/v1/user/tutor/list/onboarded?page=1&size=1`).then(
      (response) => response.json(),
    );
    const tutorId = listed.list?.[0]?.id;
    if (!tutorId) throw new Error("no listed tutor to measure /t/{id}");
    const student = await signedInState(browser, server.base);
    const pages = [
      { route: "/", path: "/" },
      { route: "/tutors", path: "/tutors" },
      { route: "/t/{id}", path: `/t/${tutorId}` },
      { route: "/login", path: "/login" },
      { route: "/upcoming-lessons", path: "/upcoming-lessons", storageState: student, note: "signed in" },
    ];
    // BENCH_WEB_ROUTES=/,/login measures only those routes (while working on one page).
    const only = process.env.BENCH_WEB_ROUTES?.split(",").map((route) => route.trim());
    for (const target of only ? pages.filter((page) => only.includes(page.route)) : pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        progress(`${target.path} run ${run + 1}/${RUNS}`);
        runs.push(await measureOnce(browser, server.base + target.path, target.storageState));
      }
      const lcp = median(runs.map((r) => r.lcp));
      rows.push({
        ...target,
        lcpElement: runs.find((r) => r.lcp === lcp)?.lcpElement ?? null,
        lcp,
        cls: median(runs.map((r) => r.cls)),
        tbt: median(runs.map((r) => r.tbt)),
        fcp: median(runs.map((r) => r.fcp)),
        bytes: median(runs.map((r) => r.bytes)),
      });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const checks = [];
  print(
    `\nWeb Vitals: headless Chromium, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU ×4, 360 px, cold cache; median of ${RUNS}.`,
  );
  const verdict = (value, limit) => (value === null ? "n/a" : value <= limit ? "PASS" : "FAIL");
  for (const row of rows) {
    const figures = [
      ["LCP", row.lcp, goals.lcp, (v) => `${(v / 1000).toFixed(2)} s`],
      ["CLS", row.cls, goals.cls, (v) => v.toFixed(3)],
      ["TBT", row.tbt, goals.tbt, (v) => `${v.toFixed(0)} ms`],
    ];
    const parts = figures.map(([name, value, limit, show]) => {
      const pass = verdict(value, limit);
      checks.push({ name: `${row.route} ${name}`, pass: pass === "PASS" });
      return `${name} ${value === null ? "n/a" : show(value)} ${pass}`;
    });
    print(
      `  ${(row.route + (row.note ? ` (${row.note})` : "")).padEnd(30)} ${parts.join("   ")}   (FCP ${row.fcp === null ? "n/a" : (row.fcp / 1000).toFixed(2) + " s"}, ${(row.bytes / 1024).toFixed(0)} KB transferred${row.lcpElement ? `, LCP element ${row.lcpElement}` : ""})`,
    );
  }
  print(`  goals: LCP ≤ ${goals.lcp / 1000} s, CLS ≤ ${goals.cls}, TBT ≤ ${goals.tbt} ms`);
  print("");
  printFirstLoad(sizes, print);
  for (const route of ["/", "/login"])
    checks.push({ name: `${route} first load`, pass: sizes[route].gzipBytes / 1024 <= FIRST_LOAD_LIMIT_KB });
  return checks;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const checks = await webVitalsBench();
  console.log(`\n${checks.filter((check) => check.pass).length}/${checks.length} web targets met.`);
}
