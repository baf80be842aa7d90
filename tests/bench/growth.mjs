// The bench's data at a size (BENCH_SCALE, tests/bench/run.mjs) and the comparison across sizes.
// Seeding goes through two local-only routes in bounded calls (emulators/bench.ts): the accounts
// (POST /dev/bench/seed, at most 20,000 tutors and 5,000 students a call) and each table's history
// (POST /dev/bench/fill, at most 20,000 rows a call, made inside SQLite by a recursive CTE that
// binds a handful of values), so every statement stays inside D1's limits at every size.
// `node tests/bench/growth.mjs <dars-bench-growth-x1.json …>` prints the comparison of saved runs.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** ×1; every count is multiplied by the scale. */
export const BASE = {
  tutors: 2000,
  students: 300,
  lessons: 20_000,
  messages: 100_000,
  transactions: 10_000,
  audit: 10_000,
  outbox: 50_000,
};
/** The chat history goes to this many rooms whatever the scale (each room's messages grow instead). */
const HISTORY_ROOMS = 100;
const CHUNK = 20_000;

/**
 * Seeds the accounts and the history at `scale`, and answers the seed (ids and tokens; `tokens`
 * tutors and students get one) with `historyRoom`, a room of student 1 whose history is seeded,
 * and the seconds each table took.
 */
export async function seedAtScale({ post, scale, tokens, progress }) {
  const call = async (path, body) => {
    const response = await post(path, body);
    if (response.status !== 200)
      throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const tutors = BASE.tutors * scale;
  const students = BASE.students * scale;
  const seedTimes = [];
  const timed = async (table, work) => {
    const started = Date.now();
    const rows = await work();
    const seconds = (Date.now() - started) / 1000;
    seedTimes.push({ table, rows, seconds });
    progress(`  ${table}: ${rows.toLocaleString("en")} in ${seconds.toFixed(1)}s`);
  };

  let seed = null;
  await timed("accounts", async () => {
    for (let tutorOffset = 0, studentOffset = 0; tutorOffset < tutors || studentOffset < students;) {
      const tutorCount = Math.min(CHUNK, tutors - tutorOffset);
      const studentCount = Math.min(5000, students - studentOffset);
      const first = seed === null;
      const answer = await call("/api/v1/dev/bench/seed", {
        tag: "bench",
        tutors: tutorCount,
        students: studentCount,
        tutorOffset,
        studentOffset,
        tutorTokens: first ? tokens : 0,
        studentTokens: first ? tokens : 0,
      });
      if (first) seed = answer;
      else seed.tutorIds = answer.tutorIds;
      tutorOffset += tutorCount;
      studentOffset += studentCount;
    }
    return tutors + students;
  });

  const fill = async (table, total, extra = {}) => {
    let rows = 0;
    for (let from = 0; from < total; from += CHUNK) {
      const answer = await call("/api/v1/dev/bench/fill", {
        tag: "bench",
        table,
        tutors,
        students,
        from,
        count: Math.min(CHUNK, total - from),
        ...extra,
      });
      rows += answer.rows + answer.members;
    }
    return rows;
  };
  await timed("lessons (+ 2 members each)", () => fill("lessons", BASE.lessons * scale));
  await timed("transactions", () => fill("transactions", BASE.transactions * scale));
  await timed("audit_log", () => fill("audit", BASE.audit * scale));
  await timed("notifications_outbox", () => fill("outbox", BASE.outbox * scale));
  await timed(`chat messages (${HISTORY_ROOMS} rooms, Durable Objects)`, async () => {
    const perRoom = (BASE.messages * scale) / HISTORY_ROOMS;
    let messages = 0;
    // Ten rooms a call, at most 20,000 messages a room a call; a later pass appends to the same rooms.
    for (let done = 0; done < perRoom; done += CHUNK)
      for (let from = 0; from < HISTORY_ROOMS; from += 10) {
        const answer = await call("/api/v1/dev/bench/fill", {
          tag: "bench",
          table: "chat",
          tutors,
          students,
          from,
          count: Math.min(10, HISTORY_ROOMS - from),
          messages: Math.min(CHUNK, perRoom - done),
        });
        messages += answer.rows;
      }
    return messages;
  });

  // Room 1 pairs student 1 with the last tutor (emulators/bench.ts, fillBench).
  const student = seed.students[0];
  const room = await fetch(
    `${postBase(post)}/api/v1/chat/room/by/members?members=${student.id},${seed.tutorIds[tutors - 1]}`,
    { headers: { authorization: `Bearer ${student.token}` } },
  ).then((response) => response.json());
  if (!room.room) throw new Error(`the seeded history room was not found: ${JSON.stringify(room)}`);
  return { seed: { ...seed, historyRoom: room.room }, seedTimes };
}

/** run.mjs's `post` is bound to its server; it names the base it posts to. */
function postBase(post) {
  if (!post.base) throw new Error("post.base is needed");
  return post.base;
}

/**
 * The growth table (markdown, to paste into docs/benchmarks.md): each path's throughput ratio to
 * health and D1 rows read at each size, how both moved from the smallest size to the largest, and
 * a flag on any path whose rows read grew more than 3× (more than a logarithmic factor over ×100).
 */
export function printGrowth(runs) {
  if (runs.length === 0) return console.log("\nNo size finished.");
  runs.sort((a, b) => a.scale - b.scale);
  const first = runs[0];
  const last = runs[runs.length - 1];
  const label = (run) => `×${run.scale}`;
  console.log(
    `\nGrowth: ${runs.map(label).join(", ")} (ratios: req/s ÷ health's, the median over one-second slice pairs)`,
  );
  for (const run of runs)
    console.log(
      `  ${label(run)} seeded in ${run.seedSeconds.toFixed(0)}s (${run.seedTimes.map((t) => `${t.table} ${t.seconds.toFixed(1)}s`).join(", ")}); load average ${run.load.map((l) => l.toFixed(1)).join(" → ")}`,
    );
  const header = [
    "path",
    ...runs.map((run) => `×health ${label(run)}`),
    `ratio ${label(last)}/${label(first)}`,
    ...runs.map((run) => `rows ${label(run)}`),
    `rows ${label(last)}/${label(first)}`,
    "",
  ];
  console.log(`\n| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of first.results) {
    const at = runs.map((run) => run.results.find((other) => other.name === row.name));
    const ratio = (r) => (r ? (r.ratio ?? r.rps / r.healthRps) : null);
    const ratios = at.map(ratio);
    const rows = at.map((r) => r?.rowsRead ?? null);
    const lastRows = rows[rows.length - 1];
    const rowsGrowth = lastRows === null || rows[0] === null ? null : lastRows / Math.max(rows[0], 1);
    const flag = rowsGrowth !== null && rowsGrowth > 3 && lastRows > 3 ? "**grows**" : "";
    console.log(
      `| ${[
        row.name,
        ...ratios.map((value) => (value === null ? "–" : value.toFixed(2))),
        ratios[0] && ratios[ratios.length - 1] ? (ratios[ratios.length - 1] / ratios[0]).toFixed(2) : "–",
        ...rows.map((value) => (value === null ? "–" : value.toLocaleString("en"))),
        rowsGrowth === null
          ? "–"
          : lastRows === 0 && rows[0] === 0
            ? "none read"
            : `${rowsGrowth.toFixed(1)}×`,
        flag,
      ].join(" | ")} |`,
    );
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  printGrowth(process.argv.slice(2).map((file) => JSON.parse(readFileSync(file, "utf8"))));
