// A CPU profile of the bench's Worker (the isolate that runs the API and the Durable Objects),
// through the V8 inspector that `BENCH_INSPECTOR_PORT` opens. Start the bench with that port, then
//   npx node tests/bench/profile.mjs <port> <delay seconds> <seconds> [out.cpuprofile]
// waits, records, and prints the functions with the most self time (and where they are called
// from), so a load's hot spots are measured rather than guessed. Loopback only.
import { writeFileSync } from "node:fs";

const [port = "9230", delay = "0", seconds = "10", out] = process.argv.slice(2);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function target() {
  for (let tries = 0; tries < 120; tries++) {
    const list = await fetch(`http://127.0.0.1:${port}/json/list`).then(
      (response) => response.json(),
      () => null,
    );
    const found = list?.find(
      (entry) => entry.webSocketDebuggerUrl && !/ProxyWorker|InspectorProxy/i.test(entry.title ?? ""),
    );
    if (found) return found;
    await sleep(500);
  }
  throw new Error(`no inspector target on port ${port}`);
}

await sleep(Number(delay) * 1000);
const { webSocketDebuggerUrl, title } = await target();
// The inspector proxy wants an Origin header from a client that sends a User-Agent.
const socket = new WebSocket(webSocketDebuggerUrl, { headers: { origin: "http://localhost" } });
await new Promise((resolve, reject) => {
  socket.addEventListener("open", resolve);
  socket.addEventListener("error", reject);
});
let nextId = 1;
const waiting = new Map();
socket.addEventListener("message", (event) => {
  const frame = JSON.parse(String(event.data));
  if (frame.id && waiting.has(frame.id)) {
    waiting.get(frame.id)(frame);
    waiting.delete(frame.id);
  }
});
const call = (method, params = {}) =>
  new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    socket.send(JSON.stringify({ id, method, params }));
  });

await call("Profiler.enable");
await call("Profiler.setSamplingInterval", { interval: 200 });
await call("Profiler.start");
process.stderr.write(`[profile] recording ${title} for ${seconds}s\n`);
await sleep(Number(seconds) * 1000);
const { result } = await call("Profiler.stop");
socket.close();
const profile = result.profile;
if (out) writeFileSync(out, JSON.stringify(profile));

// Self time per function, and each hot function's callers.
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const hits = new Map();
for (const sample of profile.samples) hits.set(sample, (hits.get(sample) ?? 0) + 1);
const total = profile.samples.length;
const name = (node) => {
  const frame = node.callFrame;
  const file = frame.url ? frame.url.split("/").slice(-1)[0] : "";
  return `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
};
const self = new Map();
const inclusive = new Map();
for (const [id, count] of hits) {
  const key = name(byId.get(id));
  self.set(key, (self.get(key) ?? 0) + count);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const k = name(byId.get(at));
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + count);
  }
}
const idle = [...self].filter(([key]) => /^\((idle|program|garbage collector)\)/.test(key));
console.log(
  `${total} samples; ${idle.map(([key, count]) => `${key.split(" ")[0]} ${((100 * count) / total).toFixed(1)} %`).join(", ")}`,
);
console.log("\nself time:");
for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
  console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`);
console.log("\ninclusive time:");
for (const [key, count] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 60))
  console.log(`${((100 * count) / total).toFixed(1).padStart(5)} %  ${key}`);
