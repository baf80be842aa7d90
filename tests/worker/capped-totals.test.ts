// Capped totals (worker/core/capped-count.ts, docs/performance.md): the public tutor list, the
// audit log filtered by action and the admin's /tx/list count their rows only up to LIST_TOTAL_CAP
// and serve no page starting past it (lastServedPage, schema/api/common.ts), so the D1 rows a
// request reads (x-d1-rows-read, worker/core/db.ts) stay flat as the tables grow, on the first
// page and on the deepest one alike. Each list is seeded past the cap in bulk (emulators/bench.ts,
// rows made inside SQLite), asked through the Worker, then grown to three times its size and asked
// again.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { LIST_TOTAL_CAP, lastServedPage } from "../../schema/api/common";
import { devContracts } from "../../schema/api/dev";
import type { BenchTable } from "../../schema/api/bench";
import { Role } from "../../schema/enums";
import { ROWS_READ_HEADER, ROWS_READ_REQUEST } from "../../worker/core/db";
import { call, callContract, createUserWithRole } from "./helpers";

/** One size of each list: past the cap, so the count stops at it. */
const BASE = LIST_TOTAL_CAP + 200;
/** The audit rows cycle through three actions (emulators/bench.ts): a third are user.role. */
const AUDIT_ROWS = 3 * BASE;
/** Reading the same list at three times the rows reads at most this many times the rows. */
const FLAT = 1.25;

const TAG = "capped";
const STUDENTS = 3;
let admin: string;

/** The rows a GET read, with its answer. */
async function measured(path: string, token?: string) {
  const answer = await call("GET", `/api/v1${path}`, {
    token,
    headers: { [ROWS_READ_REQUEST.name]: ROWS_READ_REQUEST.value },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const rowsRead = Number(answer.headers.get(ROWS_READ_HEADER));
  expect(rowsRead).toBeGreaterThan(0);
  return {
    rowsRead,
    body: answer.body as { list: unknown[]; total: number; totalIsLowerBound: boolean },
  };
}

async function seedTutors(count: number, offset: number) {
  const seeded = await callContract(devContracts.benchSeed, {
    body: { tag: TAG, tutors: count, tutorOffset: offset, students: 0, tutorTokens: 0 },
  });
  expect(seeded.status).toBe(200);
}

async function fill(table: BenchTable, from: number, count: number) {
  const filled = await callContract(devContracts.benchFill, {
    body: { tag: TAG, table, tutors: 1, students: STUDENTS, from, count },
  });
  expect(filled.status).toBe(200);
  expect(filled.body.rows).toBe(count);
}

const tableRows = async (table: string, where: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).first<{ n: number }>())!.n;

/** The tutor list's answers come from D1 (not the isolate's cache): each call asks for a new size. */
let nextSize = 20;
const tutorsPage = (page = 1) => `/user/tutor/list/onboarded?page=${page}&size=${nextSize++}`;
/** The tutor list's deepest page served, at a size not asked for before. */
const deepestTutorsPage = () => {
  const size = nextSize++;
  return `/user/tutor/list/onboarded?page=${lastServedPage(size)}&size=${size}`;
};

/** The page and size a list path asks for. */
const pageOf = (path: string) => {
  const params = new URL(path, "http://dars.test").searchParams;
  return { page: Number(params.get("page")), size: Number(params.get("size")) };
};

beforeAll(async () => {
  admin = (await createUserWithRole(Role.SuperAdmin)).token;
  // The students (with the bench's plan) the transactions and audit rows belong to.
  const seeded = await callContract(devContracts.benchSeed, {
    body: { tag: TAG, tutors: 1, students: STUDENTS, tutorTokens: 0 },
  });
  expect(seeded.status).toBe(200);
  await seedTutors(BASE, 1);
  await fill("transactions", 0, BASE);
  await fill("audit", 0, AUDIT_ROWS);
  // The first miss recomputes every new tutor's order columns (a one-off write, not the list's read).
  expect((await call("GET", `/api/v1${tutorsPage()}`)).status).toBe(200);
});

describe("past the cap, a list says «more than» and reads the same rows at three times the data", () => {
  const lists = [
    {
      name: "the public tutor list (cache miss)",
      path: () => tutorsPage(),
      deepest: deepestTutorsPage,
      token: () => undefined,
      table: ["tutors", "list_free_at IS NOT NULL"] as const,
      grow: async () => {
        await seedTutors(2 * BASE, 1 + BASE);
        // The recomputation of the new tutors' order, outside the measured request.
        expect((await call("GET", `/api/v1${tutorsPage()}`)).status).toBe(200);
      },
    },
    {
      name: "/admin/audit filtered by action",
      path: () => "/admin/audit?action=user.role&page=1&size=20",
      deepest: () => `/admin/audit?action=user.role&page=${lastServedPage(20)}&size=20`,
      token: () => admin,
      table: ["audit_log", "action = 'user.role'"] as const,
      grow: () => fill("audit", AUDIT_ROWS, 2 * AUDIT_ROWS),
    },
    {
      name: "the admin's /tx/list, unfiltered",
      path: () => "/tx/list?page=1&size=20",
      deepest: () => `/tx/list?page=${lastServedPage(20)}&size=20`,
      token: () => admin,
      table: ["transactions", "1 = 1"] as const,
      grow: () => fill("transactions", BASE, 2 * BASE),
    },
  ];

  for (const list of lists)
    it(list.name, async () => {
      const before = await tableRows(list.table[0], list.table[1]);
      expect(before).toBeGreaterThan(LIST_TOTAL_CAP);
      const path = list.path();
      const small = await measured(path, list.token());
      expect(small.body.list).toHaveLength(
        Number(new URL(path, "http://dars.test").searchParams.get("size")),
      );
      expect(small.body.total).toBe(LIST_TOTAL_CAP);
      expect(small.body.totalIsLowerBound).toBe(true);
      const deepPath = list.deepest();
      const deepSmall = await measured(deepPath, list.token());
      // The deepest page served is the last one ending within the cap, and is full: the rows
      // exist past it; the next one would end past the cap.
      const { page, size } = pageOf(deepPath);
      expect(page * size).toBeLessThanOrEqual(LIST_TOTAL_CAP);
      expect((page + 1) * size).toBeGreaterThan(LIST_TOTAL_CAP);
      expect(deepSmall.body.list).toHaveLength(size);
      expect(deepSmall.body).toMatchObject({ total: LIST_TOTAL_CAP, totalIsLowerBound: true });

      await list.grow();
      const after = await tableRows(list.table[0], list.table[1]);
      expect(after).toBeGreaterThan(2.5 * before);
      const large = await measured(list.path(), list.token());
      expect(large.body.total).toBe(LIST_TOTAL_CAP);
      expect(large.body.totalIsLowerBound).toBe(true);
      // The rows read follow the cap and the page, not the table: a whole count would have read
      // `after` rows on its own.
      expect(large.rowsRead).toBeLessThanOrEqual(small.rowsRead * FLAT);
      expect(large.rowsRead).toBeLessThan(after);
      // The deepest page walks its OFFSET up to the cap, not into the table: about the cap and a
      // page for the walk, and the cap for the count, at any size.
      const deepLarge = await measured(list.deepest(), list.token());
      expect(deepLarge.body).toMatchObject({ total: LIST_TOTAL_CAP, totalIsLowerBound: true });
      expect(deepLarge.rowsRead).toBeLessThanOrEqual(deepSmall.rowsRead * FLAT);
      expect(deepLarge.rowsRead).toBeLessThan(after);
    });
});

describe("page numbers stay right", () => {
  it("every page served answers the same capped total, so the next page is known up to the deepest", async () => {
    const size = 20;
    for (const page of [3, lastServedPage(size)]) {
      const answer = await call("GET", `/api/v1/tx/list?page=${page}&size=${size}`, { token: admin });
      expect(answer.status).toBe(200);
      expect(answer.body.total).toBe(LIST_TOTAL_CAP);
      expect(answer.body.totalIsLowerBound).toBe(true);
    }
  });

  it.each([
    { list: "the public tutor list", path: "/user/tutor/list/onboarded", admin: false },
    { list: "/admin/audit", path: "/admin/audit?action=user.role", admin: true },
    { list: "/tx/list", path: "/tx/list", admin: true },
  ])("$list refuses a page past the deepest served, at any size", async ({ path, admin: asAdmin }) => {
    for (const size of [1, 12, 20, 100]) {
      const join = path.includes("?") ? "&" : "?";
      const deeper = await call("GET", `/api/v1${path}${join}page=${lastServedPage(size) + 1}&size=${size}`, {
        token: asAdmin ? admin : undefined,
      });
      expect(deeper.status).toBe(422);
      expect(deeper.body.code).toBe("page-too-deep");
      expect(deeper.body.fields).toEqual({ page: "page-too-deep" });
    }
    // A malformed page is still a bad request, not a deep one.
    const malformed = await call("GET", `/api/v1${path}${path.includes("?") ? "&" : "?"}page=0`, {
      token: asAdmin ? admin : undefined,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe("bad-request");
  });

  it("a list under the cap answers its exact total", async () => {
    // One day of user.role entries (the seeded rows spread over the past year, about ten a day).
    const newest = (await env.DB.prepare(
      "SELECT max(created_at) AS at FROM audit_log WHERE action = 'user.role'",
    ).first<{ at: string }>())!.at;
    const to = new Date(Date.parse(newest) + 1).toISOString();
    const from = new Date(Date.parse(newest) - 24 * 60 * 60 * 1000).toISOString();
    const entries = await tableRows(
      "audit_log",
      `action = 'user.role' AND created_at >= '${from}' AND created_at < '${to}'`,
    );
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(LIST_TOTAL_CAP);
    const answer = await call("GET", `/api/v1/admin/audit?action=user.role&from=${from}&to=${to}&size=5`, {
      token: admin,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(entries);
    expect(answer.body.totalIsLowerBound).toBe(false);
  });

  it("an empty list answers zero, not «more than»", async () => {
    const filtered = await call("GET", "/api/v1/user/tutor/list/onboarded?page=1&size=7&name=zzz-nobody");
    expect(filtered.status).toBe(200);
    expect(filtered.body).toEqual({ list: [], total: 0, totalIsLowerBound: false });
  });
});
