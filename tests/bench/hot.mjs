// One endpoint of the bench under load, alone, for profiling (tests/bench/profile.mjs):
//   BENCH_INSPECTOR_PORT=9230 npx node tests/bench/hot.mjs list|book|current|health [seconds]
// serves the frozen bundle, seeds as the bench does (BENCH_SCALE too), and loads the endpoint with 10 connections
// (HOT_CONNECTIONS sets another number); prints its throughput and latency. Loopback only.
import autocannon from "autocannon";
import { seedAtScale } from "./growth.mjs";
import { startFrozenServer } from "./server.mjs";

const [which = "list", seconds = "15"] = process.argv.slice(2);
if (!["list", "current", "health", "book"].includes(which))
  throw new Error(`usage: hot.mjs list|current|health|book [seconds]`);
const PORT = Number(process.env.BENCH_PORT ?? 8792);
const server = await startFrozenServer({ port: PORT });
try {
  const post = (path, body) =>
    fetch(server.base + path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  post.base = server.base;
  // The bench's data at BENCH_SCALE (1 by default; tests/bench/growth.mjs).
  const { seed } = await seedAtScale({
    post,
    scale: Number(process.env.BENCH_SCALE ?? 1),
    tokens: 300,
    progress: (text) => process.stderr.write(`[hot] ${text}\n`),
  });
  let n = 0;
  const request = {
    list: () => ({
      method: "GET",
      path: "/api/v1/lesson/list/",
      headers: { authorization: `Bearer ${seed.students[n++ % 200].token}` },
    }),
    current: () => ({
      method: "GET",
      path: "/api/v1/user/current",
      headers: { authorization: `Bearer ${seed.students[n++ % 200].token}` },
    }),
    health: () => ({ method: "GET", path: "/api/v1/health" }),
    book: () => {
      const i = n++;
      const pair = i % 200;
      return {
        method: "POST",
        path: "/api/v1/lesson/",
        headers: { "content-type": "application/json", authorization: `Bearer ${seed.students[pair].token}` },
        body: JSON.stringify({
          tutorId: seed.tutorIds[pair],
          start: new Date(Date.parse(seed.slotStart) + Math.floor(i / 200) * 15 * 60 * 1000).toISOString(),
          duration: 15,
        }),
      };
    },
  }[which];
  process.stderr.write("[hot] loading\n");
  const result = await autocannon({
    url: server.base,
    connections: Number(process.env.HOT_CONNECTIONS ?? 10),
    duration: Number(seconds),
    requests: [{ setupRequest: (r) => ({ ...r, ...request() }) }],
  });
  console.log(
    `${which}: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${result["2xx"]} 2xx, ${result.non2xx} non-2xx`,
  );
} finally {
  await server.stop();
}
