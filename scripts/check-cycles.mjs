// Import-cycle check (npm run lint): the runtime modules of worker/, durable-objects/, schema/,
// emulators/ and web/src must form no cycle; durable-objects/ may import only worker/core/,
// worker/observability/, schema/ and its own files (their clients, durable-objects/clients.ts,
// included); and worker/notifications/ (templates, channel choice, the outbox and delivery) may not
// import durable-objects/: realtime publishing goes through durable-objects/clients.ts from
// worker/realtime/, so the two folders never import each other.
//
// What counts as an edge: `import … from "./x"`, `export … from "./x"`, `import "./x"` and
// `import("./x")` of a relative path (or the SPA's @schema/ alias), resolved to .ts/.tsx or
// index.ts. Type-only imports (`import type`, `export type`) are NOT edges: they vanish at run
// time, so a cycle made only of them cannot leave a module half-initialised; sharing a type both
// ways is acceptable. An import whose names are all inline `type` (`import { type A } from`) IS
// an edge: with verbatimModuleSyntax the bundler keeps it as `import {} from`, which runs the module.
// The entries that re-export the Durable Objects (worker/index.ts, emulators/local.ts) stand aside:
// they import everything and nothing imports them.
//
// Strongly connected components by Tarjan's algorithm; each is printed with one cycle through it.
// The boundary rules count every import, type-only ones too. Exits 1 on any finding.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { rel, root, sources } from "./source-files.mjs";

const SCOPE = ["worker", "durable-objects", "schema", "emulators", "web/src"];
const ENTRIES = new Set(["worker/index.ts", "emulators/local.ts"]);
/** durable-objects/ may import these (and itself). */
const OBJECT_ALLOWED = ["durable-objects/", "worker/core/", "worker/observability/", "schema/"];
/** worker/notifications/ may not import these. */
const NOTIFICATIONS_FORBIDDEN = ["durable-objects/"];

function resolve(from, spec) {
  let base;
  if (spec.startsWith("@schema/")) base = path.join(root, "schema", spec.slice("@schema/".length));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

// Comments out first, so a commented-out import is no edge (string contents are left alone).
const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
const STATIC = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/gm;
const BARE = /^\s*import\s+["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** [{ spec, typeOnly }] of one file. */
function importsOf(text) {
  const code = stripComments(text);
  const found = [];
  for (const [, , typeKeyword, , spec] of code.matchAll(STATIC)) {
    // `export const x = …` lines cannot match (no `from` before the next `;` of a statement).
    found.push({ spec, typeOnly: Boolean(typeKeyword) });
  }
  for (const [, spec] of code.matchAll(BARE)) found.push({ spec, typeOnly: false });
  for (const [, spec] of code.matchAll(DYNAMIC)) found.push({ spec, typeOnly: false });
  return found;
}

const files = SCOPE.flatMap((dir) => sources(path.join(root, dir)));
const graph = new Map();
const problems = [];
for (const file of files) {
  const name = rel(file);
  const edges = new Set();
  for (const { spec, typeOnly } of importsOf(readFileSync(file, "utf8"))) {
    const target = resolve(file, spec);
    if (!target) continue;
    const to = rel(target);
    if (name.startsWith("durable-objects/") && !OBJECT_ALLOWED.some((prefix) => to.startsWith(prefix)))
      problems.push(`${name} imports ${to}: durable-objects/ may import only ${OBJECT_ALLOWED.join(", ")}`);
    if (
      name.startsWith("worker/notifications/") &&
      NOTIFICATIONS_FORBIDDEN.some((prefix) => to.startsWith(prefix))
    )
      problems.push(
        `${name} imports ${to}: worker/notifications/ may not import ${NOTIFICATIONS_FORBIDDEN.join(", ")}`,
      );
    if (!typeOnly && !ENTRIES.has(name) && !ENTRIES.has(to)) edges.add(to);
  }
  if (!ENTRIES.has(name)) graph.set(name, edges);
}

// Tarjan, iterative (the graph has hundreds of nodes; recursion depth is not the worry, clarity is).
let counter = 0;
const index = new Map();
const low = new Map();
const onStack = new Set();
const stack = [];
const components = [];
function strongConnect(start) {
  const work = [[start, [...(graph.get(start) ?? [])], 0]];
  index.set(start, counter);
  low.set(start, counter++);
  stack.push(start);
  onStack.add(start);
  while (work.length) {
    const frame = work[work.length - 1];
    const [node, next] = frame;
    if (frame[2] < next.length) {
      const to = next[frame[2]++];
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        index.set(to, counter);
        low.set(to, counter++);
        stack.push(to);
        onStack.add(to);
        work.push([to, [...graph.get(to)], 0]);
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
      continue;
    }
    work.pop();
    if (work.length) {
      const parent = work[work.length - 1][0];
      low.set(parent, Math.min(low.get(parent), low.get(node)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node).has(node)) components.push(component.sort());
    }
  }
}
for (const node of [...graph.keys()].sort()) if (!index.has(node)) strongConnect(node);

/** One cycle through the component, from its first member (breadth-first, so a short one). */
function cycleIn(component) {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const to of graph.get(node)) {
      if (!members.has(to)) continue;
      if (to === start) {
        const pathBack = [start];
        for (let at = node; at !== null; at = previous.get(at)) pathBack.push(at);
        return pathBack.reverse();
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

for (const component of components)
  problems.push(
    `import cycle of ${component.length} module(s): ${cycleIn(component).join(" -> ")}${component.length > 2 ? `\n    all of: ${component.join(", ")}` : ""}`,
  );

if (problems.length) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
console.log(
  `✓ no import cycle among ${graph.size} modules; durable-objects/ imports only ${OBJECT_ALLOWED.slice(1).join(", ")}; worker/notifications/ imports no ${NOTIFICATIONS_FORBIDDEN.join(", ")}`,
);
