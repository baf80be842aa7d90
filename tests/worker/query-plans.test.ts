// No full scans on hot paths (docs/performance.md, No full scans). Each path below is driven through
// the Worker as in tests/worker/round-trips.test.ts; every statement it sends to D1 is asked for
// its plan (EXPLAIN QUERY PLAN, with the values it was sent with) on the migrated schema. A SCAN
// of a table that grows with use fails, and so does a SEARCH on one open-ended range alone
// (start<?), unless the allow-list below names the path and the table and says why it is bounded.
// A SEARCH on an equality, the primary key or a closed range is what we want. The table of
// path → statements → verdict is printed after the run.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import type { BenchSeed } from "../../emulators/bench";
import { call, callContract, createUserWithRole } from "./helpers";
import { roundTrips, type SentStatement } from "./d1-trips";
import { devContracts } from "../../schema/api/dev";
import { userContracts } from "../../schema/api/user";
import { lessonContracts } from "../../schema/api/lesson";
import { lessonNoteContracts } from "../../schema/api/lesson-note";
import { progressContracts } from "../../schema/api/progress";
import { levelContracts } from "../../schema/api/level";
import { wordContracts } from "../../schema/api/words";
import { createDb, hasBareParameter } from "../../worker/core/db";
import { readConfig, type Env } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { createServices, type Services } from "../../worker/integrations";
import { deliverAll, enqueue } from "../../worker/notifications/outbox";
import { backgroundScope } from "../../worker/core/scope";
import { deleteOldNotifications } from "../../worker/domain/privacy/retention";

/**
 * Tables that grow with use: a scan of one costs more every week. (Chat messages are not in D1:
 * each room keeps its own in its Durable Object, durable-objects/chat-room.ts.)
 */
const growing = new Set([
  "users",
  "tutors",
  "lessons",
  "lesson_members",
  "chat_rooms",
  "chat_room_members",
  "transactions",
  "refunds",
  "invoices",
  "notifications_outbox",
  "audit_log",
  "auth_sessions",
  "ratings",
  "availability_slots",
  "subscriptions",
  "subscription_weeks",
  "session_attendance",
  "user_topics",
  "payment_alarms",
  "reports",
  "contact_requests",
  "student_levels",
  "lesson_notes",
  "student_words",
  "favourite_tutors",
  "chat_first_replies",
  "stats_hours",
  "stats_tutor_periods",
  "stats_active_tutors",
]);

/**
 * The scans that stay, each bounded and said why. `path` is a test's path name below, `table` the
 * scanned table, `plan` (optional) narrows it to the plan lines it matches.
 */
type Allowed = { path: string | RegExp; table: string; plan?: RegExp; why: string };
const allowed: Allowed[] = [
  {
    path: /^GET \/user\/tutor\/list\/onboarded/,
    table: "tutors",
    plan: /USING (COVERING )?INDEX tutors_list_order_idx \(list_free_at>\?\)$/,
    why: "the listed tutors only (the partial index holds no one else): the page walks it in list order and stops after the page (LIMIT); the total counts them up to the cap, and no page starts past it (worker/core/capped-count.ts)",
  },
  {
    path: /^GET \/user\/tutor\/list\/onboarded/,
    table: "tutors",
    plan: /USING INDEX tutors_list_stale_idx \(list_stale_at<\?\)$/,
    why: "the stale-order probe: only tutors whose order columns are due (normally none), off tutors_list_stale_idx",
  },
  {
    path: "GET /user/list",
    table: "users",
    why: "admin-only, paged, unfiltered: the total counts every account (count(*)); a search term reads only its matches through users_fts (migrations/0017)",
  },
  {
    path: /^GET \/lesson\/list\/\?scope=all/,
    table: "lessons",
    why: "admin-only, paged: everyone's lessons carry their total on every row (count(*) OVER ()), so every lesson is read once whatever the index (the members are joined to the page's rows only); the member-name search (LIKE '%…%') rides on that same single pass, so an index for it would not remove the scan",
  },
  {
    path: /^GET \/lesson\/list\/\?scope=all&q=/,
    table: "lesson_members",
    why: "admin-only, paged: the member-name search (LIKE '%…%') reads every member once, in the same single pass as the total above; an index cannot serve a LIKE '%…%'",
  },
  {
    path: "GET /admin/audit",
    table: "audit_log",
    why: "admin-only, paged, unfiltered: the page walks audit_log_created_idx newest first and stops after it (LIMIT); the total counts rows up to the cap, and no page starts past it (worker/core/capped-count.ts)",
  },
  {
    path: "GET /tx/list?page=2&size=20",
    table: "transactions",
    plan: /USING (COVERING )?INDEX transactions_created_idx$/,
    why: "admin-only, paged, unfiltered: the page walks transactions_created_idx newest first and stops after it (LIMIT); the total counts rows up to the cap, and no page starts past it (worker/core/capped-count.ts)",
  },
  {
    path: "GET /invoice",
    table: "invoices",
    why: "admin-only, paged, unfiltered: the total counts every invoice (one per withdrawal request), and the page is sorted from them; a status or tutor filter searches an index",
  },
  {
    path: /^GET \/report\/list/,
    table: "reports",
    why: "admin-only, paged: the total counts every report, and reports grow with what people send to staff, not with lessons or accounts; the search is LIKE '%…%' over title, text and reporter in that same pass",
  },
  {
    path: /^GET \/contact-request\/list/,
    table: "contact_requests",
    why: "admin-only, paged: the total counts every request, and requests grow with the contact form's use, not with lessons or accounts; the search is LIKE '%…%' over five columns in that same pass",
  },
];

type PlanRow = { id: number; parent: number; detail: string };
type Scan = { table: string; detail: string; sql: string };
type Verdict = {
  path: string;
  statements: number;
  searches: number;
  scans: Scan[];
  allowedScans: Scan[];
  /**
   * Parameters the plan cannot rely on: a bare `?` (compiled again on every run) or a partial
   * index's column compared with a bound value (boundPartialColumns).
   */
  parameterFaults: string[];
};

const verdicts: Verdict[] = [];
const used = new Set<Allowed>();

/** The tables each name in a statement stands for: a table by its own name, or an alias (FROM users u). */
function namesOf(sql: string): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>();
  const add = (name: string, table: string) => names.set(name, (names.get(name) ?? new Set()).add(table));
  const keyword =
    /^(where|on|join|left|right|inner|outer|cross|natural|order|group|limit|set|using|values|select|union|window|having|as|default|returning|indexed|not|and|or)$/i;
  for (const match of sql.matchAll(/\b(?:from|join|update|into)\s+"?(\w+)"?(?:\s+(?:as\s+)?"?(\w+)"?)?/gi)) {
    const table = match[1]!.toLowerCase();
    add(table, table);
    if (match[2] && !keyword.test(match[2])) add(match[2].toLowerCase(), table);
  }
  // A table-valued function over a bound value (FROM json_each(?) w) reads that value, no table.
  for (const match of sql.matchAll(
    /\b(?:from|join)\s+(json_each|json_tree)\s*\(\s*\+?\?\d*\s*\)\s+(?:as\s+)?"?(\w+)"?/gi,
  ))
    add(match[2]!.toLowerCase(), match[1]!.toLowerCase());
  return names;
}

/**
 * Per table, each column a partial index's WHERE compares with a constant, with how (`=` or `IN`):
 * interviews' `status = 1`, subscriptions' `status = 'active'`. A statement whose WHERE compares
 * that column the same way with a bound value (`status = +?`) cannot use the index: SQLite does not
 * look into a `+?` value (stablePlanSql, worker/core/db.ts), so only a constant in the text proves
 * the index usable. Such constants are written into the text (constantSql; docs/capacity.md).
 */
const partialIndexed = new Map<string, Set<string>>();

async function readPartialIndexes(): Promise<void> {
  const { results } = await env.DB.prepare(
    "SELECT tbl_name AS tbl, sql FROM sqlite_master WHERE type = 'index' AND sql LIKE '% WHERE %'",
  ).all<{ tbl: string; sql: string }>();
  for (const { tbl, sql } of results) {
    const where = sql.slice(sql.search(/\bWHERE\b/i) + 5);
    for (const match of where.matchAll(/"?(\w+)"?\s*(=|IN\s*\()\s*(?:-?\d|')/gi)) {
      const how = match[2]!.startsWith("=") ? "=" : "IN";
      const table = tbl.toLowerCase();
      partialIndexed.set(
        table,
        (partialIndexed.get(table) ?? new Set()).add(`${match[1]!.toLowerCase()} ${how}`),
      );
    }
  }
}

/** Where a statement compares a partial index's column with a bound value (see partialIndexed). */
function boundPartialColumns(sql: string, names: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const everyTable = [...new Set([...names.values()].flatMap((tables) => [...tables]))];
  for (const match of sql.matchAll(/(?:"?(\w+)"?\.)?"?(\w+)"?\s*(=|IN\s*\()\s*\+?\?/gi)) {
    const how = match[3]!.startsWith("=") ? "=" : "IN";
    const tables = match[1] ? [...(names.get(match[1].toLowerCase()) ?? [])] : everyTable;
    for (const table of tables)
      if (partialIndexed.get(table)?.has(`${match[2]!.toLowerCase()} ${how}`))
        found.push(
          `${table}.${match[2]} ${how} a bound value («${match[0]}»): write the constant into the text (constantSql)`,
        );
  }
  return found;
}

/** The plan of one statement as SQLite would run it, with the values it was sent with. */
async function planOf(statement: SentStatement): Promise<PlanRow[]> {
  const result = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
    .bind(...statement.params)
    .all<PlanRow>();
  return result.results;
}

/** Drives `run`, explains every statement it sent, and fails on a scan of a growing table not allowed. */
async function expectNoFullScans(
  path: string,
  run: () => Promise<unknown>,
  options: { all?: boolean } = {},
): Promise<void> {
  const trips = await roundTrips(run, options);
  const statements = trips.flatMap((trip) => trip.statements);
  expect(statements.length, `${path} sent no statement`).toBeGreaterThan(0);
  const verdict: Verdict = {
    path,
    statements: statements.length,
    searches: 0,
    scans: [],
    allowedScans: [],
    parameterFaults: [],
  };
  for (const statement of statements) {
    // The recorder kept the values: a statement with placeholders is explained with them.
    if (statement.sql.includes("?")) expect(statement.params.length, statement.sql).toBeGreaterThan(0);
    const names = namesOf(statement.sql);
    verdict.parameterFaults.push(...boundPartialColumns(statement.sql, names));
    // Every parameter went through stablePlanSql (worker/core/db.ts): a bare `?` is compiled again on each run.
    if (hasBareParameter(statement.sql))
      verdict.parameterFaults.push(
        `a bare ? (stablePlanSql writes +?): ${statement.sql.replace(/\s+/g, " ").slice(0, 160)}`,
      );
    const plan = await planOf(statement);
    // A subquery in FROM shows as "MATERIALIZE s" or "CO-ROUTINE s" and is then read as "SCAN s",
    // exactly as a table aliased s would be: that many plain scans of s are the subquery's.
    const subqueries = new Map<string, number>();
    for (const row of plan) {
      const name = /^(?:MATERIALIZE|CO-ROUTINE) (\w+)/.exec(row.detail)?.[1]?.toLowerCase();
      if (name) subqueries.set(name, (subqueries.get(name) ?? 0) + 1);
    }
    for (const row of plan) {
      // A SEARCH with an equality (col=?) or both ends of a range reads a slice; one open-ended
      // range alone (col<?) reads everything before or after a point, a scan in all but name.
      const search = /^SEARCH (\w+) .*\((.*)\)$/.exec(row.detail);
      const sliced = (constraint: string) =>
        /(^|\s|\()\w+=/.test(constraint) || (/\w+>/.test(constraint) && /\w+</.test(constraint));
      if (row.detail.startsWith("SEARCH ") && (!search || sliced(search[2]!))) verdict.searches++;
      const scan =
        search && !sliced(search[2]!) ? search : /^SCAN (?!CONSTANT ROW)(\w+)( USING)?/.exec(row.detail);
      if (!scan) continue;
      const name = scan[1]!.toLowerCase();
      const left = subqueries.get(name) ?? 0;
      if (!search && !scan[2] && left > 0) {
        subqueries.set(name, left - 1);
        continue;
      }
      // A name the statement's FROM and JOIN clauses do not explain fails too: better a reader
      // teaches namesOf a new form than a scan slips through unread.
      const tables = names.has(name)
        ? [...names.get(name)!].filter((table) => growing.has(table))
        : [`? (no table or alias "${name}" found)`];
      for (const table of tables) {
        const found = { table, detail: row.detail, sql: statement.sql };
        const entry = allowed.find(
          (allow) =>
            allow.table === table &&
            (typeof allow.path === "string" ? allow.path === path : allow.path.test(path)) &&
            (!allow.plan || allow.plan.test(row.detail)),
        );
        if (entry) {
          used.add(entry);
          verdict.allowedScans.push(found);
        } else verdict.scans.push(found);
      }
    }
  }
  verdicts.push(verdict);
  expect(
    verdict.scans.map((scan) => `${scan.table}: ${scan.detail}\n    in ${scan.sql.replace(/\s+/g, " ")}`),
    `${path}: full scans of growing tables (add an index, or an allow-list entry saying why it is bounded)`,
  ).toEqual([]);
  expect(verdict.parameterFaults, `${path}: parameters the plan cannot rely on`).toEqual([]);
}

let seed: BenchSeed;
let student: { id: number; token: string };
let tutorId: number;
let admin: { token: string; user: { id: number } };

beforeAll(async () => {
  const response = await callContract(devContracts.benchSeed, {
    body: { tag: "plans", tutors: 3, students: 2, tutorTokens: 1 },
  });
  expect(response.status).toBe(200);
  seed = response.body as BenchSeed;
  await readPartialIndexes();
  expect(partialIndexed.get("subscriptions")).toContain("status =");
  student = seed.students[0]!;
  tutorId = seed.tutorIds[0]!;
  admin = await createUserWithRole(Role.SuperAdmin);
});

afterAll(() => {
  const lines = verdicts.map((v) => {
    const verdict = v.scans.length
      ? `FULL SCAN: ${[...new Set(v.scans.map((scan) => scan.table))].join(", ")}`
      : v.allowedScans.length
        ? `ok (allowed scan: ${[...new Set(v.allowedScans.map((scan) => scan.table))].join(", ")})`
        : "ok";
    return `${v.path.padEnd(58)} ${String(v.statements).padStart(3)} stmts  ${String(v.searches).padStart(3)} searches  ${verdict}`;
  });
  console.log(`Query plans of the hot paths (tests/worker/query-plans.test.ts)\n${lines.join("\n")}`);
});

const ok = (status: number) => expect(status).toBeLessThan(300);

describe("hot paths", () => {
  it("GET /user/current", () =>
    expectNoFullScans("GET /user/current", async () => {
      ok((await callContract(userContracts.current, { token: student.token })).status);
    }));

  it("GET /user/tutor/list/onboarded (cache miss)", () =>
    expectNoFullScans("GET /user/tutor/list/onboarded", async () => {
      ok((await call("GET", "/api/v1/user/tutor/list/onboarded?size=13")).status);
    }));

  // The sitemap index reads the highest tutor id, a page one range of ids (worker/seo/sitemap.ts).
  for (const path of ["/sitemap.xml", "/sitemap-tutors-0.xml"])
    it(`GET ${path}`, () =>
      expectNoFullScans(`GET ${path}`, async () => {
        ok((await call("GET", path)).status);
      }));

  it("GET /user/tutor/list/onboarded filtered (name, gender, topic, day)", () =>
    expectNoFullScans("GET /user/tutor/list/onboarded?filters", async () => {
      const day = seed.slotStart.slice(0, 10);
      ok(
        (
          await call(
            "GET",
            `/api/v1/user/tutor/list/onboarded?size=13&name=a&gender=female&topicId=1&day=${day}`,
          )
        ).status,
      );
    }));

  it("GET /lesson/list/ (own, page past the end)", () =>
    expectNoFullScans("GET /lesson/list/", async () => {
      ok((await callContract(lessonContracts.list, { token: student.token })).status);
      ok((await callContract(lessonContracts.list, { query: { page: "999" }, token: student.token })).status);
      ok(
        (await callContract(lessonContracts.list, { query: { when: "future" }, token: student.token }))
          .status,
      );
    }));

  it("POST /lesson/ (booked, and refused)", () =>
    expectNoFullScans("POST /lesson/", async () => {
      const start = new Date(Date.parse(seed.slotStart) + 60 * 60 * 1000).toISOString();
      const body = { tutorId: seed.tutorIds[1]!, start, duration: 15 as const };
      expect(
        (await callContract(lessonContracts.book, { token: seed.students[1]!.token, body })).status,
      ).toBe(201);
      expect((await callContract(lessonContracts.book, { token: student.token, body })).status).toBe(409);
    }));

  it("PATCH /lesson, GET and DELETE /lesson/{id}", async () => {
    const token = seed.students[1]!.token;
    const start = new Date(Date.parse(seed.slotStart) + 24 * 60 * 60 * 1000).toISOString();
    const booked = await callContract(lessonContracts.book, {
      token,
      body: { tutorId: seed.tutorIds[2]!, start, duration: 15 },
    });
    expect(booked.status).toBe(201);
    const moved = new Date(Date.parse(start) + 30 * 60 * 1000).toISOString();
    await expectNoFullScans("PATCH /lesson", async () => {
      ok(
        (
          await callContract(lessonContracts.reschedule, {
            token,
            body: { id: booked.body.id, start: moved },
          })
        ).status,
      );
    });
    await expectNoFullScans("GET /lesson/{id}", async () => {
      ok((await callContract(lessonContracts.get, { params: { id: booked.body.id }, token })).status);
    });
    await expectNoFullScans("DELETE /lesson/{id}", async () => {
      ok((await callContract(lessonContracts.cancel, { params: { id: booked.body.id }, token })).status);
    });
  });
});

describe("notification delivery (the queue consumer, after the response)", () => {
  it("records each message's outcome by id", () => {
    const db = createDb(env as Env);
    return expectNoFullScans(
      "deliver (outbox outcome)",
      async () => {
        const rows = await Promise.all(
          ["one", "two"].map((name) =>
            enqueue(db, {
              userId: null,
              channel: "email",
              recipient: `${name}-plans@example.com`,
              subject: "s",
              body: "b",
            }),
          ),
        );
        const services: Services = {
          ...createServices(readConfig(env as Env)),
          google: null,
          send: async (_channel, message) => {
            if (message.id === rows[1]!.id) throw new Error("provider down");
          },
        };
        await deliverAll(
          db,
          services,
          rows.map((row) => row!),
          createLogger("test"),
        );
      },
      { all: true },
    );
  });
});

describe("the daily retention job (worker/domain/privacy/retention.ts)", () => {
  it("deletes old notification rows reading only the rows it deletes", () => {
    const config = readConfig(env as Env);
    const scope = backgroundScope(env as Env, {
      config,
      logger: createLogger("test"),
      now: new Date(),
      services: createServices(config),
      waitUntil: () => undefined,
    });
    return expectNoFullScans("retention: old notification rows", () => deleteOldNotifications(scope, 500));
  });
});

describe("a student's other reads: the booking screen, the plan, payments, chat, ratings", () => {
  const asStudent = (path: () => string) => async () => {
    const answer = await call("GET", `/api/v1${path()}`, { token: student.token });
    expect(answer.status, `${path()}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  };
  const week = () => {
    const from = new Date(Date.parse(seed.slotStart) - 24 * 60 * 60 * 1000).toISOString();
    const to = new Date(Date.parse(seed.slotStart) + 6 * 24 * 60 * 60 * 1000).toISOString();
    return `from=${from}&to=${to}`;
  };
  it("GET /user/tutor/info/{id}", () =>
    expectNoFullScans(
      "GET /user/tutor/info/{id}",
      asStudent(() => `/user/tutor/info/${tutorId}`),
    ));
  it("GET /lesson/free-times", () =>
    expectNoFullScans(
      "GET /lesson/free-times",
      asStudent(() => `/lesson/free-times?tutorId=${tutorId}&${week()}&duration=30`),
    ));
  it("GET /availability-slot/ (a tutor's week)", () =>
    expectNoFullScans(
      "GET /availability-slot/",
      asStudent(
        () =>
          `/availability-slot/?userId=${tutorId}&${week().replace("from", "after").replace("to", "before")}`,
      ),
    ));
  for (const [name, path] of [
    ["GET /sub/user", () => "/sub/user"],
    ["GET /tx/list", () => "/tx/list"],
    ["GET /tx/last", () => "/tx/last"],
    ["GET /chat/list/rooms/{id}/", () => `/chat/list/rooms/${student.id}/`],
    ["GET /rating/list/tutor/{id}", () => `/rating/list/tutor/${tutorId}`],
    ["GET /user/tutor/stats/{id}", () => `/user/tutor/stats/${tutorId}`],
    ["GET /favourites/ids", () => "/favourites/ids"],
    ["GET /favourites", () => "/favourites?page=1&size=12"],
  ] as const)
    it(name, () => expectNoFullScans(name, asStudent(path)));
  it("GET /progress", () =>
    expectNoFullScans("GET /progress", async () => {
      ok((await callContract(progressContracts.get, { token: student.token })).status);
    }));
  it("GET /user/student/{id}/levels", () =>
    expectNoFullScans("GET /user/student/{id}/levels", async () => {
      ok(
        (await callContract(levelContracts.history, { params: { id: student.id }, token: student.token }))
          .status,
      );
    }));
  it("GET /lesson/attended/stats", () =>
    expectNoFullScans(
      "GET /lesson/attended/stats",
      asStudent(() => "/lesson/attended/stats"),
    ));
});

describe("admin tables and the tutor list", () => {
  const get = (path: string) => async () => {
    const answer = await call("GET", `/api/v1${path}`, { token: admin.token });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  };
  const paths = [
    "/lesson/list/?scope=all",
    "/lesson/list/?scope=all&q=plans&sort=-price",
    "/lesson/list/?user={tutor}",
    "/user/list",
    "/user/list?search=plans",
    "/user/list?search=%D8%B2%D9%8A%D9%86%20plans-%40example",
    "/stats/series",
    "/stats/series?to=2027-10-29&days=92&weeks=52&months=24",
    `/user/list?role=${Role.Tutor}&activated=true&sort=name`,
    "/admin/audit",
    "/admin/audit?action=user.update",
    "/admin/audit?action=user.role&page=2&size=20",
    "/admin/audit?actorId=1",
    "/admin/audit?targetType=user&targetId=1",
    "/admin/audit?from=2026-01-01T00:00:00.000Z&to=2027-01-01T00:00:00.000Z",
    "/tx/list?page=2&size=20",
    "/tx/list?status=1&size=20",
    "/fawry/alarms",
    "/fawry/alarms?resolved=false",
    "/fawry/stale-orders",
    "/admin/outbox/dead",
    "/invoice",
    "/invoice?q=plans&status=0",
    "/report/list",
    "/report/list?q=plans",
    "/contact-request/list",
    "/contact-request/list?q=plans",
    "/coupon/list?q=plans",
    "/user/tutor/full-tutors?name=plans",
    "/user/tutor/full-tutors?onboarded=true",
  ];
  for (const path of paths)
    it(`GET ${path}`, () => expectNoFullScans(`GET ${path}`, get(path.replace("{tutor}", String(tutorId)))));

  it("GET /user/student/stats/{id}", () =>
    expectNoFullScans("GET /user/student/stats/{id}", get(`/user/student/stats/${student.id}`)));
});

describe("«كلماتي»: the student's words", () => {
  it("GET /words (searched and filtered), GET /words/practice, a practice answer and marking learned", async () => {
    const { token } = seed.students[0]!;
    const added = await callContract(devContracts.words, {
      token,
      body: {
        words: [
          { word: "plans-one", meaning: "خطة" },
          { word: "plans-two", meaning: "خطتين" },
        ],
      },
    });
    expect(added.status).toBe(200);
    const [first, second] = added.body.ids;
    await expectNoFullScans("GET /words", async () => {
      ok((await callContract(wordContracts.list, { token })).status);
      ok(
        (await callContract(wordContracts.list, { query: { search: "plans", state: "learning" }, token }))
          .status,
      );
      ok(
        (
          await callContract(wordContracts.list, {
            query: { search: "خط", state: "learned", page: 2 },
            token,
          })
        ).status,
      );
    });
    await expectNoFullScans("GET /words/practice", async () => {
      ok((await callContract(wordContracts.practice, { token })).status);
    });
    await expectNoFullScans("POST /words/{id}/practice", async () => {
      ok(
        (await callContract(wordContracts.answer, { params: { id: first! }, token, body: { knew: false } }))
          .status,
      );
    });
    await expectNoFullScans("POST and DELETE /words/{id}/learned", async () => {
      ok((await callContract(wordContracts.markLearned, { params: { id: second! }, token })).status);
      ok((await callContract(wordContracts.unmarkLearned, { params: { id: second! }, token })).status);
    });
  });
});

describe("lesson notes (docs/rules.md, Learning after the lesson)", () => {
  it("PUT and GET /lesson/{id}/note, GET /lesson/{id}/previous-note, GET /lesson/past/", async () => {
    const tutor = await createUserWithRole(Role.Tutor);
    const learner = await createUserWithRole(Role.Student);
    const add = async (startInMinutes: number) =>
      (
        await callContract(lessonNoteContracts.devLesson, {
          token: learner.token,
          body: { tutorId: tutor.user.id, startInMinutes, duration: 30 },
        })
      ).body.id;
    const ended = await add(-120);
    const next = await add(60);
    await expectNoFullScans("PUT /lesson/{id}/note", async () => {
      const body = { summary: "الأفعال", words: [{ word: "walk", meaning: "يمشي" }], homework: "اكتب" };
      ok(
        (await callContract(lessonNoteContracts.put, { token: tutor.token, params: { id: ended }, body }))
          .status,
      );
    });
    await expectNoFullScans("GET /lesson/{id}/note", async () => {
      ok(
        (await callContract(lessonNoteContracts.get, { token: learner.token, params: { id: ended } })).status,
      );
    });
    await expectNoFullScans("GET /lesson/{id}/previous-note", async () => {
      ok(
        (await callContract(lessonNoteContracts.previous, { token: tutor.token, params: { id: next } }))
          .status,
      );
    });
    await expectNoFullScans("GET /lesson/past/", async () => {
      ok((await callContract(lessonNoteContracts.past, { token: learner.token })).status);
    });
  });
});

it("every allow-list entry is still needed", () => {
  expect(
    allowed.filter((entry) => !used.has(entry)).map((entry) => `${String(entry.path)} ${entry.table}`),
  ).toEqual([]);
});
