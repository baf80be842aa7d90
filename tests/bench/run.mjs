// npm run bench: a bounded load benchmark against the local server (loopback only). Each
// endpoint's throughput and p99 latency are printed as a ratio to a bare /api/v1/health measured
// in the same run, so the numbers compare across machines; the targets are checked on
// those ratios (docs/benchmarks.md). The chat load (tests/bench/chat.mjs) reports delivery latency.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { printGrowth, seedAtScale } from "./growth.mjs";
import { chatLoad } from "./chat.mjs";
import { benchState, startFrozenServer } from "./server.mjs";
import { webVitalsBench } from "./vitals.mjs";

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Slice pairs a path when BENCH_SCALE=all compares sizes (docs/benchmarks.md, "Growth"). */
const GROWTH_SECONDS = 15;
const CONNECTIONS = 10;
const PORT = Number(process.env.BENCH_PORT ?? 8791);
/**
 * BENCH_SCALE=1|10|100 multiplies the seeded data (tests/bench/growth.mjs: ×1 is 2,000 tutors,
 * 300 students, 20,000 past lessons, 100,000 chat messages, 10,000 payments, 10,000 audit rows,
 * 50,000 outbox rows); BENCH_SCALE=all runs the HTTP half at 1, 10 and 100 (BENCH_SCALES=1,10
 * picks others) and compares each path's ratio to health and D1 rows read across the sizes; each
 * size's results stay in BENCH_RESULT_DIR (the temporary folder) as dars-bench-growth-x<scale>.json,
 * and `node tests/bench/growth.mjs <files…>` compares saved sizes again.
 */
const SCALE_SETTING = process.env.BENCH_SCALE ?? "1";
if (SCALE_SETTING === "all") {
  const scales = (process.env.BENCH_SCALES ?? "1,10,100").split(",").map(Number);
  const runs = [];
  for (const scale of scales) {
    const out = path.join(process.env.BENCH_RESULT_DIR ?? tmpdir(), `dars-bench-growth-x${scale}.json`);
    process.stderr.write(`[bench] BENCH_SCALE=${scale}\n`);
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
      stdio: "inherit",
      env: {
        ...process.env,
        BENCH_SCALE: String(scale),
        BENCH_ONLY: "http",
        BENCH_RESULT: out,
        // Comparing sizes asks more of each ratio than one run does: 15 slice pairs a path, not 5.
        BENCH_SECONDS: process.env.BENCH_SECONDS ?? String(GROWTH_SECONDS),
      },
    });
    if (child.status !== 0) {
      process.stderr.write(
        `[bench] BENCH_SCALE=${scale} failed (exit ${child.status}); compared without it\n`,
      );
      continue;
    }
    runs.push(JSON.parse(readFileSync(out, "utf8")));
  }
  printGrowth(runs);
  process.exit(runs.length === scales.length ? 0 : 1);
}
const SCALE = Number(SCALE_SETTING);
if (![1, 10, 100].includes(SCALE))
  throw new Error(`BENCH_SCALE must be 1, 10, 100 or all, not ${SCALE_SETTING}`);
const TUTORS = 2000 * SCALE;
/** schema/api/common.ts: a capped list serves no page starting at or past this row. */
const LIST_TOTAL_CAP = 1000;
/** Students 0..BOOKERS-1 book with tutors 0..BOOKERS-1 (one pair each); the next CHAT_ROOMS chat. */
const BOOKERS = 200;
/** BENCH_CHAT_ROOMS=1 puts the whole chat load on one room object (its capacity: docs/capacity.md). */
const CHAT_ROOMS = Number(process.env.BENCH_CHAT_ROOMS ?? 100);
const QUARTER_MS = 15 * 60 * 1000;
const CHAT_RATE = Number(process.env.BENCH_CHAT_RATE ?? 500);
const CHAT_SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 20);
/** Seconds of the same chat load sent first and not measured (the HTTP half warms up too). */
const CHAT_WARMUP_SECONDS = Number(process.env.BENCH_CHAT_WARMUP ?? 2);
/** BENCH_ONLY=http, chat or web runs one part (all by default; web is tests/bench/vitals.mjs). */
const ONLY = process.env.BENCH_ONLY ?? "";
/** BENCH_CASES="stats/series,lesson/list" measures only the cases whose names hold one of these (each still paired with health). */
const ONLY_CASES = (process.env.BENCH_CASES ?? "").split(",").filter(Boolean);
const loadAtStart = loadavg()[0];

const started = Date.now();
const progress = (text) =>
  process.stderr.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${text}\n`);
// BENCH_ONLY=web: the Web Vitals and first-load step alone (it builds and serves the product itself).
if (ONLY === "web") {
  const webChecks = await webVitalsBench({ progress });
  console.log(`\n${webChecks.filter((check) => check.pass).length}/${webChecks.length} web targets met.`);
  process.exit(0);
}
// A run that stalls (an overloaded machine) stops instead of hanging: 10 minutes for the server and
// the measurements, plus 10 minutes per ×1 of seeding (set again once the seed is in).
let server = null;
const stopAfter = (minutes) =>
  setTimeout(
    () => {
      progress(`stopped: the run took over ${minutes} minutes`);
      void Promise.resolve(server?.stop()).finally(() => process.exit(1));
    },
    minutes * 60 * 1000,
  ).unref();
let watchdog = stopAfter(10 + 10 * SCALE);
progress("starting the server");
server = await startFrozenServer({ port: PORT, state: benchState(PORT) });
try {
  const post = (path, body, token) =>
    fetch(server.base + path, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  post.base = server.base;

  const signIn = await post("/api/v1/auth/password", {
    email: "student@dars.test",
    password: "Dars@2026",
  }).then((response) => response.json());
  const auth = { authorization: `Bearer ${signIn.token}` };
  // The admin signs in here once (so the sign-in case below leaves that account out).
  const adminSignIn = await post("/api/v1/auth/password", {
    email: "admin@dars.test",
    password: "Dars@2026",
  }).then((response) => response.json());
  const admin = { authorization: `Bearer ${adminSignIn.token}` };

  // The benchmark's own data at BENCH_SCALE, in bounded D1 batches (tests/bench/growth.mjs,
  // emulators/bench.ts, local only).
  progress(`seeding at ×${SCALE}`);
  const seedStarted = Date.now();
  const { seed, seedTimes } = await seedAtScale({
    post,
    scale: SCALE,
    tokens: BOOKERS + CHAT_ROOMS,
    progress,
  });
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  clearTimeout(watchdog);
  watchdog = stopAfter(10);
  // The seeded tutors are listed: the list serves no page past its LIST_TOTAL_CAP-th row
  // (lastServedPage, schema/api/common.ts), so the deepest page served is asked for, full and with
  // more past it, and the last seeded tutor's public profile, answered only for a listed tutor.
  const deepest = await fetch(
    `${server.base}/api/v1/user/tutor/list/onboarded?size=100&page=${LIST_TOTAL_CAP / 100}`,
  ).then((response) => response.json());
  const lastTutor = await fetch(`${server.base}/api/v1/user/tutor/info/${seed.tutorIds[TUTORS - 1]}`);
  if (deepest.list?.length !== 100 || deepest.totalIsLowerBound !== true || lastTutor.status !== 200)
    throw new Error(`not all ${TUTORS} seeded tutors are listed`);

  // Cache-miss keys: every full (size, page) the product serves among the tutors, shuffled; each
  // request takes the next one, so no key repeats (while the keys last) and every answer is
  // computed from D1. The product serves min(all pages, the whole pages within the first
  // LIST_TOTAL_CAP rows): a deeper page answers page-too-deep (schema/api/common.ts), as large catalogues stop at
  // a fixed page. Picking among all the tutors measured pages no user can reach, whose OFFSET walk
  // grew with the table (4,003 rows read at ×1, 122,396 at ×100), at every scale.
  const missKeys = [];
  for (let size = 5; size <= 30; size++)
    for (let page = 1; page * size <= Math.min(TUTORS, LIST_TOTAL_CAP); page++)
      missKeys.push(`size=${size}&page=${page}`);
  let seedValue = 7;
  for (let index = missKeys.length - 1; index > 0; index--) {
    seedValue = (seedValue * 48271) % 2147483647;
    const other = seedValue % (index + 1);
    [missKeys[index], missKeys[other]] = [missKeys[other], missKeys[index]];
  }
  let nextMiss = 0;

  // Booking: request n books pair n % BOOKERS at the pair's (n / BOOKERS)th quarter hour of the
  // seeded week-long slot, so every request is a distinct free time and a real insert.
  let nextBooking = 0;
  const bookingFailures = new Map();
  let nextLister = 0;

  // The student account signed in above already; the rest are fresh for the limiter.
  const signInAccounts = [
    "regular-admin@dars.test",
    "tutor@dars.test",
    "manager@dars.test",
    "studio@dars.test",
    ...Array.from({ length: 12 }, (_, index) => `tutor${index + 1}@dars.test`),
  ];
  const listPath = "/api/v1/user/tutor/list/onboarded";
  const cases = [
    { name: "GET /api/v1/health (vs itself)", path: "/api/v1/health" },
    { name: "GET /api/v1/config", path: "/api/v1/config" },
    { name: "GET /api/v1/user/current", path: "/api/v1/user/current", headers: auth },
    {
      name: "POST /api/v1/auth/password",
      path: "/api/v1/auth/password",
      method: "POST",
      headers: { "content-type": "application/json" },
      // The sign-in limiter allows 10 tries per address and email in 15 minutes, so this case
      // sends exactly 10 sign-ins for each seeded account instead of running for a duration.
      amount: signInAccounts.length * 10,
      // Its rows-read probe signs in the account signed in above, not one of these (the limiter).
      probe: { body: JSON.stringify({ email: "student@dars.test", password: "Dars@2026" }) },
      // Each connection walks the accounts in turn (autocannon's request sequence).
      requests: signInAccounts.map((email) => ({ body: JSON.stringify({ email, password: "Dars@2026" }) })),
    },
    { name: "GET tutor list (cache hit)", path: listPath, target: { rps: 0.5 }, warm: true },
    {
      name: "GET tutor list (cache miss)",
      path: listPath,
      // Each miss reads its page off the kept order (tutors.list_*) and computes only that page's
      // cards, so it runs with the same connections as health (it used to order all 2,000 tutors
      // and ran with two, to keep the run from queueing more D1 work than it could finish).
      target: { rps: 0.3 },
      requests: [
        {
          method: "GET",
          setupRequest: (request) => ({
            ...request,
            path: `${listPath}?${missKeys[nextMiss++ % missKeys.length]}`,
          }),
        },
      ],
    },
    {
      name: "POST /api/v1/lesson/",
      path: "/api/v1/lesson/",
      method: "POST",
      target: { rps: 0.3 },
      requests: [
        {
          method: "POST",
          setupRequest(request) {
            const n = nextBooking++;
            const pair = n % BOOKERS;
            const start = new Date(
              Date.parse(seed.slotStart) + Math.floor(n / BOOKERS) * QUARTER_MS,
            ).toISOString();
            return {
              ...request,
              headers: {
                "content-type": "application/json",
                authorization: `Bearer ${seed.students[pair].token}`,
              },
              body: JSON.stringify({ tutorId: seed.tutorIds[pair], start, duration: 15 }),
            };
          },
          onResponse(status, body) {
            if (status === 201) return;
            let code = String(status);
            try {
              code = `${status} ${JSON.parse(body).code}`;
            } catch {
              // not JSON
            }
            bookingFailures.set(code, (bookingFailures.get(code) ?? 0) + 1);
          },
        },
      ],
    },
    {
      name: "GET /api/v1/lesson/list/",
      path: "/api/v1/lesson/list/",
      target: { rps: 0.5 },
      requests: [
        {
          method: "GET",
          setupRequest: (request) => ({
            ...request,
            headers: { authorization: `Bearer ${seed.students[nextLister++ % BOOKERS].token}` },
          }),
        },
      ],
    },
    // The paths whose data grows with Dars (tests/bench/growth.mjs seeds their history).
    // The search term matches the demo accounts only, so its answer is the same size at every scale.
    {
      name: "GET admin users (search)",
      path: "/api/v1/user/list?search=student&page=1&size=20",
      headers: admin,
    },
    {
      name: "GET /admin/audit (filtered)",
      path: "/api/v1/admin/audit?action=user.role&page=1&size=20",
      headers: admin,
    },
    { name: "GET /stats/series", path: "/api/v1/stats/series", headers: admin },
    { name: "GET admin payments (/tx/list)", path: "/api/v1/tx/list?page=1&size=20", headers: admin },
    { name: "GET /sitemap.xml", path: "/sitemap.xml" },
    // The sitemap index's first tutors' page: one range of tutor ids (worker/seo/sitemap.ts).
    { name: "GET /sitemap-tutors-0.xml", path: "/sitemap-tutors-0.xml" },
    {
      name: "GET chat history page",
      path: `/api/v1/chat/list/${seed.historyRoom.id}/messages?page=1&size=30`,
      headers: { authorization: `Bearer ${seed.students[0].token}` },
    },
    {
      name: "GET /progress",
      path: "/api/v1/progress",
      headers: { authorization: `Bearer ${seed.students[0].token}` },
    },
    {
      name: "GET tutor earnings",
      path: `/api/v1/invoice/stats/${seed.tutors[0].id}`,
      headers: { authorization: `Bearer ${seed.tutors[0].token}` },
    },
  ];

  // Warm the isolate (first requests compile the Worker's code paths).
  await autocannon({ url: `${server.base}/api/v1/health`, connections: CONNECTIONS, duration: 2 });

  const fire = (bench, seconds) =>
    autocannon({
      url: server.base + bench.path,
      method: bench.method ?? "GET",
      headers: bench.headers,
      body: bench.body,
      requests: bench.requests,
      connections: bench.connections ?? CONNECTIONS,
      timeout: 30,
      ...(bench.amount ? { amount: bench.amount } : { duration: seconds }),
    });
  const health = { path: "/api/v1/health" };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  // Each case alternates one-second slices of /api/v1/health and of the endpoint, so both see the
  // same machine (on a shared machine the load changes from second to second): the ratio is the
  // median over the slice pairs of the endpoint's requests a second over health's in the same pair
  // (one pair spoiled by a burst elsewhere on the machine moves a median less than a sum), p99
  // the median of the slices' p99.
  const results = [];
  const chosen = ONLY_CASES.length
    ? cases.filter((bench) => ONLY_CASES.some((part) => bench.name.includes(part)))
    : cases;
  for (const bench of ONLY === "chat" ? [] : chosen) {
    progress(bench.name);
    if (bench.warm) await fetch(server.base + bench.path);
    const rowsRead = await readRows(server.base, bench);
    const own = { requests: 0, seconds: 0, p99: [], ok: 0, errors: 0 };
    const base = { requests: 0, seconds: 0, p99: [] };
    const pairRatios = [];
    const slices = bench.amount ? 1 : DURATION_SECONDS;
    for (let slice = 0; slice < slices; slice++) {
      const h = await fire(health, 1);
      base.requests += h.requests.total;
      base.seconds += h.duration;
      base.p99.push(h.latency.p99);
      const r = await fire(bench, 1);
      own.requests += r.requests.total;
      own.seconds += r.duration;
      own.p99.push(r.latency.p99);
      own.ok += r["2xx"];
      own.errors += r.errors + r.timeouts + r.non2xx;
      if (h.requests.total > 0 && h.duration > 0 && r.duration > 0)
        pairRatios.push(r.requests.total / r.duration / (h.requests.total / h.duration));
    }
    const row = {
      name: bench.name,
      rowsRead,
      rps: own.requests / own.seconds,
      p99: median(own.p99),
      healthRps: base.requests / base.seconds,
      // The ratio to health: the median of the slice pairs' (one pair for a fixed amount).
      ratio: pairRatios.length
        ? median(pairRatios)
        : own.requests / own.seconds / (base.requests / base.seconds),
      healthP99: median(base.p99),
      ok: own.ok,
      errors: own.errors,
      target: bench.target,
    };
    results.push(row);
    progress(
      `  ${row.rps.toFixed(0)} req/s (health ${row.healthRps.toFixed(0)}), ${row.rowsRead ?? "?"} D1 rows read, p99 ${row.p99} ms (health ${row.healthP99}), ${row.ok} 2xx, ${row.errors} non-2xx`,
    );
  }

  if (ONLY !== "http") progress("chat load");
  const chat =
    ONLY === "http"
      ? null
      : await chatLoad({
          base: server.base,
          seed,
          from: BOOKERS,
          rooms: CHAT_ROOMS,
          perSecond: CHAT_RATE,
          seconds: CHAT_SECONDS,
          warmUpSeconds: CHAT_WARMUP_SECONDS,
          progress,
        });

  const checks = [];
  console.log(
    `\nBenchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} one-second slices per case alternating with /api/v1/health, against ${server.base}`,
  );
  console.log(`(a frozen bundle; storage in ${benchState(PORT)}).`);
  console.log(
    `Machine: ${availableParallelism()} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end` +
      " (a busy machine lowers every number; the paired ratios absorb part of it, not all).",
  );
  console.log(
    `Seeded at ×${SCALE} in ${seedSeconds.toFixed(1)}s: ${seedTimes.map((t) => `${t.table} ${t.rows.toLocaleString("en")} in ${t.seconds.toFixed(1)}s`).join(", ")}.\n`,
  );
  console.log(
    "endpoint".padEnd(34),
    "req/s".padStart(7),
    "health".padStart(7),
    "×health".padStart(8),
    "p99 ms".padStart(7),
    "health".padStart(7),
    "×health".padStart(8),
    "2xx".padStart(6),
    "non-2xx".padStart(8),
    "rows read".padStart(10),
    "  target",
  );
  for (const row of results) {
    const ratio = row.ratio ?? row.rps / row.healthRps;
    let verdict = "";
    if (row.target) {
      const pass = ratio >= row.target.rps && row.errors <= Math.max(1, row.ok * 0.001);
      verdict = `  ≥ ${(row.target.rps * 100).toFixed(0)} % of health, ~0 non-2xx: ${pass ? "PASS" : "FAIL"}`;
      checks.push({ name: row.name, pass });
    }
    console.log(
      row.name.padEnd(34),
      row.rps.toFixed(0).padStart(7),
      row.healthRps.toFixed(0).padStart(7),
      ratio.toFixed(2).padStart(8),
      String(row.p99).padStart(7),
      String(row.healthP99).padStart(7),
      (row.p99 / Math.max(row.healthP99, 1)).toFixed(2).padStart(8),
      String(row.ok).padStart(6),
      String(row.errors).padStart(8),
      String(row.rowsRead ?? "?").padStart(10),
      verdict,
    );
  }
  if (bookingFailures.size)
    console.log(
      `\nBooking refusals: ${[...bookingFailures].map(([code, count]) => `${code} × ${count}`).join(", ")}`,
    );

  if (chat) reportChat(chat, checks);
  // BENCH_SCALE=all's child runs hand their rows to the parent (tests/bench/growth.mjs compares them).
  if (process.env.BENCH_RESULT)
    writeFileSync(
      process.env.BENCH_RESULT,
      JSON.stringify({ scale: SCALE, seedSeconds, seedTimes, load: [loadAtStart, loadavg()[0]], results }),
    );

  console.log(
    `\n${checks.filter((check) => check.pass).length}/${checks.length} targets met; whole run ${((Date.now() - started) / 1000).toFixed(0)}s.`,
  );
} finally {
  clearTimeout(watchdog);
  await server.stop();
}
// The web step after the HTTP and chat parts (its own server and port, no watchdog: it bounds each page load).
if (ONLY === "") {
  const webChecks = await webVitalsBench({ progress });
  console.log(`\n${webChecks.filter((check) => check.pass).length}/${webChecks.length} web targets met.`);
}

function reportChat(chat, checks) {
  const chatPass =
    chat.closedDuringRun === 0 &&
    chat.sent === chat.planned &&
    chat.room.p99 <= 25 &&
    chat.refused === 0 &&
    chat.room.lost === 0 &&
    chat.room.duplicated === 0 &&
    chat.channel.lost === 0 &&
    chat.channel.duplicated === 0;
  checks.push({ name: "chat", pass: chatPass });
  console.log(
    `\nChat: ${chat.rooms} rooms × 2 members, ${chat.perSecond} messages/s for ${chat.seconds}s after ${chat.warmUpSeconds}s of warm-up (at most ${chat.maxInFlight} unacknowledged), ` +
      `${chat.sent} of ${chat.planned} sent in ${chat.sendSeconds.toFixed(1)}s (${chat.sentPerSecond.toFixed(0)}/s), ${chat.acked - chat.refused} acknowledged ok, ${chat.refused} refused`,
  );
  for (const [label, side] of [
    ["other member's room socket", chat.room],
    ["other member's user channel", chat.channel],
  ]) {
    console.log(
      `  → ${label.padEnd(28)} p50 ${side.p50.toFixed(1).padStart(6)} ms  p99 ${side.p99.toFixed(1).padStart(6)} ms  max ${side.max.toFixed(1).padStart(6)} ms  ` +
        `received ${side.received}  lost ${side.lost}  duplicated ${side.duplicated}`,
    );
  }
  if (chat.closedDuringRun)
    console.log(
      `  ${chat.closedDuringRun} sockets closed during the run (a Worker reload when a source file changes closes them all)`,
    );
  console.log(
    `  ack round trip                 p50 ${chat.ack.p50.toFixed(1).padStart(6)} ms  p99 ${chat.ack.p99.toFixed(1).padStart(6)} ms`,
  );
  console.log(
    `  load generator's event-loop delay (it delays every timestamp): p99 ${chat.clientDelay.p99.toFixed(1)} ms, max ${chat.clientDelay.max.toFixed(1)} ms`,
  );
  console.log(`  target: p99 ≤ 25 ms (room socket), no loss, no duplicates: ${chatPass ? "PASS" : "FAIL"}`);
}

/**
 * The D1 rows one request of the case reads (`x-d1-rows-read`, answered by a local Worker to
 * `x-dars-bench: rows`: worker/core/db.ts), from the third of three requests, so a cache the
 * first one fills is warm as under load. A case whose requests vary makes them as the load does.
 */
async function readRows(base, bench) {
  let last = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    let request = {
      method: bench.method ?? "GET",
      path: bench.path,
      headers: bench.headers ?? {},
      body: bench.body,
    };
    if (bench.probe) request = { ...request, ...bench.probe };
    else if (bench.requests?.[0]?.setupRequest)
      request = { ...request, ...bench.requests[0].setupRequest(request) };
    const response = await fetch(base + request.path, {
      method: request.method,
      headers: { ...request.headers, "x-dars-bench": "rows" },
      body: request.body,
    });
    await response.arrayBuffer();
    last = response.headers.get("x-d1-rows-read");
  }
  return last === null ? null : Number(last);
}
