// The sitemap as an index of bounded pages (worker/seo/sitemap.ts): /sitemap.xml lists
// /sitemap-pages.xml and one /sitemap-tutors-<n>.xml per range of SITEMAP_TUTOR_IDS tutor ids;
// each page holds exactly the listed tutors of its range, and the index and a full page read the
// same D1 rows when there are five times as many tutors.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Gender, MessagingApp, Role } from "../../schema/enums";
import { ROWS_READ_HEADER, ROWS_READ_REQUEST } from "../../worker/core/db";
import { SITEMAP_TUTOR_IDS } from "../../worker/seo/sitemap";
import { withRoutePreloads } from "../../worker/seo/route-preloads";
import { call, ORIGIN } from "./helpers";
import { roundTrips } from "./d1-trips";

const B = SITEMAP_TUTOR_IDS;
// First more ids than one page holds, then five times as many.
const FIRST = Math.floor(B * 1.5);
const GROWN = FIRST * 5;

/** Every id is one of these, by its remainder mod 7: a student, an unlisted or suspended tutor, else listed. */
const kind = (id: number) =>
  id % 7 === 3 ? "student" : id % 7 === 5 ? "unlisted" : id % 7 === 6 ? "suspended" : "listed";
const listedIn = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => from + i).filter((id) => id >= 1 && kind(id) === "listed");

/** Users with ids from..to and their student or tutor rows, made inside SQLite (as emulators/bench.ts does). */
async function seed(from: number, to: number) {
  const at = new Date().toISOString();
  const numbers = "WITH RECURSIVE n(i) AS (SELECT ? UNION ALL SELECT i + 1 FROM n WHERE i < ?)";
  await env.DB.batch([
    env.DB.prepare(
      `${numbers} INSERT INTO users (id, email, name, role, image, birth_year, gender, phone, city, notification_method,
        verified_email, verified_phone, suspended_at, created_at, updated_at)
      SELECT i, 'sitemap-' || i || '@example.test', 'مدرس ' || i, CASE i % 7 WHEN 3 THEN ${Role.Student} ELSE ${Role.Tutor} END,
        'uploads/sitemap/' || i || '.jpg', 1990, '${Gender.Female}', '011' || printf('%08d', i), 1, ${MessagingApp.Whatsapp},
        1, 1, CASE i % 7 WHEN 6 THEN ? END, ?, ? FROM n`,
    ).bind(from, to, at, at, at),
    env.DB.prepare(
      `INSERT INTO students (id, created_at, updated_at) SELECT id, ?, ? FROM users WHERE id BETWEEN ? AND ? AND id % 7 = 3`,
    ).bind(at, at, from, to),
    env.DB.prepare(
      `INSERT INTO tutors (id, bio, about, video, thumbnail, activated, created_at, updated_at)
      SELECT id, 'نبذة', 'عني', 'uploads/sitemap/v.mp4', 'uploads/sitemap/t.jpg', CASE id % 7 WHEN 5 THEN 0 ELSE 1 END, ?, ?
      FROM users WHERE id BETWEEN ? AND ? AND id % 7 <> 3`,
    ).bind(at, at, from, to),
  ]);
}

type Element = { name: string; attributes: Record<string, string>; children: Element[]; text: string };

/**
 * The document's root element, or a failure when the XML is not well-formed: one prolog, tags that
 * nest and close, quoted attributes, text with no bare `<` or `&` but the five named entities.
 */
function parseXml(xml: string): Element {
  const prolog = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (!prolog) throw new Error("no XML declaration");
  const stack: Element[] = [];
  let root: Element | null = null;
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)/y;
  token.lastIndex = prolog[0].length;
  while (token.lastIndex < xml.length) {
    const start = token.lastIndex;
    const match = token.exec(xml);
    if (!match) throw new Error(`not well-formed at ${start}: ${xml.slice(start, start + 40)}`);
    const [, closing, name, attributes, selfClosing, text] = match;
    if (text !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bare & in ${text}`);
      if (!stack.length) {
        if (text.trim()) throw new Error(`text outside the root: ${text}`);
      } else stack.at(-1)!.text += text;
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open?.name !== name) throw new Error(`</${name}> closes <${open?.name}>`);
      continue;
    }
    if (root && !stack.length) throw new Error("a second root element");
    const element: Element = {
      name: name!,
      attributes: Object.fromEntries(
        [...attributes!.matchAll(/([\w:.-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]),
      ),
      children: [],
      text: "",
    };
    if (stack.length) stack.at(-1)!.children.push(element);
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length || !root) throw new Error("unclosed elements");
  return root;
}

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const ask = { [ROWS_READ_REQUEST.name]: ROWS_READ_REQUEST.value };

/** The sitemap at path, parsed, with the D1 rows its request read. */
async function sitemap(path: string) {
  const answer = await call("GET", path, { headers: ask });
  expect(answer.status, path).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(answer.headers.get("cache-control")).toBe("public, max-age=3600");
  const root = parseXml(answer.body as string);
  expect(root.attributes.xmlns).toBe(NS);
  return { root, rowsRead: Number(answer.headers.get(ROWS_READ_HEADER)) };
}

/** The index's sitemap addresses, checked for shape. */
async function indexLocs() {
  const { root, rowsRead } = await sitemap("/sitemap.xml");
  expect(root.name).toBe("sitemapindex");
  const locs = root.children.map((child) => {
    expect(child.name).toBe("sitemap");
    expect(child.children.map((c) => c.name)).toEqual(["loc"]);
    return child.children[0]!.text;
  });
  return { locs, rowsRead };
}

/** The tutors' ids a page lists, each with a lastmod date. */
async function pageIds(page: number) {
  const { root, rowsRead } = await sitemap(`/sitemap-tutors-${page}.xml`);
  expect(root.name).toBe("urlset");
  const ids = root.children.map((url) => {
    expect(url.name).toBe("url");
    expect(url.children.map((c) => c.name)).toEqual(["loc", "lastmod"]);
    expect(url.children[1]!.text).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const loc = /^(.*)\/t\/(\d+)$/.exec(url.children[0]!.text);
    expect(loc?.[1]).toBe(ORIGIN);
    return Number(loc![2]);
  });
  return { ids, rowsRead };
}

const expectedLocs = (pages: number) => [
  `${ORIGIN}/sitemap-pages.xml`,
  ...Array.from({ length: pages }, (_, n) => `${ORIGIN}/sitemap-tutors-${n}.xml`),
];

let small: { index: number; page: number };

beforeAll(async () => {
  // This file's storage starts with no accounts, so every id below is ours.
  const existing = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
  expect(existing?.n).toBe(0);
  await seed(1, FIRST);
});

describe("the sitemap index", () => {
  it("lists the public pages' sitemap and one page per id range up to the highest tutor", async () => {
    expect(FIRST).toBeGreaterThan(B);
    const { locs, rowsRead } = await indexLocs();
    expect(locs).toEqual(expectedLocs(Math.floor(FIRST / B) + 1));
    const page0 = await pageIds(0);
    small = { index: rowsRead, page: page0.rowsRead };
    expect(small.index).toBeGreaterThan(0);
    expect(small.page).toBeGreaterThan(0);
  });

  it("keeps the public pages in their own sitemap", async () => {
    const { root } = await sitemap("/sitemap-pages.xml");
    expect(root.name).toBe("urlset");
    expect(root.children.map((url) => url.children[0]!.text)).toEqual(
      ["/", "/pricing", "/faq", "/tutor", "/method", "/about", "/terms", "/privacy", "/tutors"].map(
        (path) => ORIGIN + path,
      ),
    );
  });

  it("holds in each page exactly the listed tutors of its range, not the unlisted, suspended or students", async () => {
    const pages = Math.floor(FIRST / B) + 1;
    for (let n = 0; n < pages; n++) {
      const { ids } = await pageIds(n);
      expect(ids, `page ${n}`).toEqual(listedIn(n * B, Math.min((n + 1) * B, FIRST + 1)));
      expect(ids.length).toBeLessThanOrEqual(B);
    }
    // The range really holds the other kinds, which the page leaves out.
    const kinds = new Set(Array.from({ length: B }, (_, id) => (id ? kind(id) : "listed")));
    expect([...kinds].sort()).toEqual(["listed", "student", "suspended", "unlisted"]);
  });

  it("leaves out a lastmod that is not a day rather than writing it into the XML", async () => {
    const id = listedIn(1, B)[0]!;
    const kept = await env.DB.prepare("SELECT updated_at AS at FROM users WHERE id = ?")
      .bind(id)
      .first<{ at: string }>();
    // Not how Dars writes updated_at (ISO times): a value that is no day, with characters XML escapes.
    await env.DB.prepare("UPDATE users SET updated_at = ? WHERE id = ?").bind("z <&> x", id).run();
    try {
      const { root } = await sitemap("/sitemap-tutors-0.xml");
      const urls = root.children.map((url) => url.children.map((c) => c.name));
      const at = root.children.findIndex((url) => url.children[0]!.text === `${ORIGIN}/t/${id}`);
      expect(urls[at]).toEqual(["loc"]);
      expect(urls.filter((names) => names.length === 2)).toHaveLength(urls.length - 1);
    } finally {
      await env.DB.prepare("UPDATE users SET updated_at = ? WHERE id = ?").bind(kept!.at, id).run();
    }
  });

  it("answers 404 for a page past the last or not written as a plain number", async () => {
    const last = Math.floor(FIRST / B);
    for (const n of [String(last + 1), "-1", "01", "1.5", "abc", "", "1e3", "9999999999", `${last}/`])
      expect((await call("GET", `/sitemap-tutors-${n}.xml`)).status, `sitemap-tutors-${n}.xml`).toBe(404);
  });

  it("is not the SPA's not-found page for the build's route table, which knows no sitemap", async () => {
    // The table marks a path the SPA has no screen for (its catch-all) 404: HTML pages only.
    const table = { files: [], table: [["/", []] as [string, number[]], ["*", []] as [string, number[]]] };
    for (const path of ["/sitemap.xml", "/sitemap-pages.xml", "/sitemap-tutors-0.xml"]) {
      const request = new Request(ORIGIN + path);
      const served = await withRoutePreloads(
        await exports.default.fetch(request),
        request,
        path,
        async () => table,
      );
      expect(served.status, path).toBe(200);
      expect(parseXml(await served.text()).attributes.xmlns).toBe(NS);
    }
  });

  it("sends one round trip for the index and one for a page", async () => {
    for (const path of ["/sitemap.xml", "/sitemap-tutors-0.xml"]) {
      const trips = await roundTrips(async () => {
        expect((await call("GET", path)).status).toBe(200);
      });
      expect(trips, path).toHaveLength(1);
    }
  });

  it("reads the same D1 rows for the index and a full page with five times as many tutors", async () => {
    await seed(FIRST + 1, GROWN);
    const { locs, rowsRead: index } = await indexLocs();
    expect(locs).toEqual(expectedLocs(Math.floor(GROWN / B) + 1));
    const page0 = await pageIds(0);
    expect(page0.ids).toEqual(listedIn(0, B));
    // The new tutors' pages hold them, and the one past the last is still not found.
    const last = Math.floor(GROWN / B);
    expect((await pageIds(last)).ids).toEqual(listedIn(last * B, GROWN + 1));
    expect((await call("GET", `/sitemap-tutors-${last + 1}.xml`)).status).toBe(404);
    expect(index).toBe(small.index);
    // A full page (its whole range of ids taken) reads the same rows at both sizes: its range's
    // tutor rows and the users of those who may be listed, and the highest id; never more than
    // two rows an id.
    expect(page0.rowsRead).toBe(small.page);
    const tutorRows = Array.from({ length: B - 1 }, (_, i) => i + 1).filter((id) => kind(id) !== "student");
    expect(page0.rowsRead).toBeGreaterThanOrEqual(tutorRows.length + page0.ids.length + 1);
    expect(page0.rowsRead).toBeLessThanOrEqual(2 * tutorRows.length + 1);
  });
});
