// npm run bench: a bounded load benchmark against the local server (loopback only). Each
// endpoint's throughput and p99 latency are printed as a ratio to a bare /api/v1/health measured
// in the same run, so the numbers compare across machines.
import autocannon from "autocannon";
import { startServer } from "../support/server.mjs";

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 8791), state: `.wrangler/bench-state-${process.env.BENCH_PORT ?? 8791}` });
try {
  const signIn = await fetch(`${server.base}/api/v1/auth/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "student@dars.test", password: "Dars@2026" }),
  }).then((response) => response.json());
  const auth = { authorization: `Bearer ${signIn.token}` };

  // The student account signed in above already; the rest are fresh for the limiter.
  const signInAccounts = [
    "admin@dars.test", "regular-admin@dars.test", "tutor@dars.test", "manager@dars.test", "studio@dars.test",
    ...Array.from({ length: 12 }, (_, index) => `tutor${index + 1}@dars.test`),
  ];
  const cases = [
    { name: "GET /api/v1/health (baseline)", path: "/api/v1/health" },
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
      // Each connection walks the accounts in turn (autocannon's request sequence).
      requests: signInAccounts.map((email) => ({ body: JSON.stringify({ email, password: "Dars@2026" }) })),
    },
  ];

  const results = [];
  for (const bench of cases) {
    const result = await autocannon({
      url: server.base + bench.path,
      method: bench.method ?? "GET",
      headers: bench.headers,
      body: bench.body,
      requests: bench.requests,
      connections: CONNECTIONS,
      ...(bench.amount ? { amount: bench.amount } : { duration: DURATION_SECONDS }),
    });
    results.push({ name: bench.name, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx });
  }

  const [baseline] = results;
  console.log(`\nBenchmark: ${CONNECTIONS} connections × ${DURATION_SECONDS}s each, against ${server.base}\n`);
  console.log("endpoint".padEnd(36), "req/s".padStart(9), "×health".padStart(9), "p99 ms".padStart(9), "×health".padStart(9), "non-2xx".padStart(9));
  for (const row of results) {
    console.log(
      row.name.padEnd(36),
      row.rps.toFixed(0).padStart(9),
      (row.rps / baseline.rps).toFixed(2).padStart(9),
      String(row.p99).padStart(9),
      (row.p99 / Math.max(baseline.p99, 1)).toFixed(2).padStart(9),
      String(row.errors).padStart(9),
    );
  }
} finally {
  await server.stop();
}
