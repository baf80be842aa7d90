// Hot paths make at most two D1 round trips (docs/architecture.md, Data flow). A round trip is one request from
// the Worker to D1: a statement run on its own, or a whole db.batch. They are counted at the D1
// binding's session, where every prepare().first/all/run/raw and every batch leaves the isolate.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import type { BenchSeed } from "../../emulators/bench";
import { createDb } from "../../worker/core/db";
import { deliverAll, enqueue } from "../../worker/notifications/outbox";
import { readConfig, type Env } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { createServices, type Services } from "../../worker/integrations";
import { call, callContract, createUserWithRole } from "./helpers";
import { roundTrips, type Trip } from "./d1-trips";
import { devContracts } from "../../schema/api/dev";
import { userContracts } from "../../schema/api/user";
import { lessonContracts } from "../../schema/api/lesson";
import { lessonNoteContracts } from "../../schema/api/lesson-note";
import { progressContracts } from "../../schema/api/progress";
import { levelContracts } from "../../schema/api/level";
import { wordContracts } from "../../schema/api/words";

let seed: BenchSeed;
let student: { id: number; token: string };
let tutorId: number;

beforeAll(async () => {
  const response = await callContract(devContracts.benchSeed, {
    body: { tag: "trips", tutors: 3, students: 2, tutorTokens: 1 },
  });
  expect(response.status).toBe(200);
  seed = response.body as BenchSeed;
  student = seed.students[0]!;
  tutorId = seed.tutorIds[0]!;
});

/** What each round trip is, by its SQL (sorted: parallel statements finish in any order). */
const labels: Array<[RegExp, string]> = [
  [
    /^select "id", "email", "name"[^;]* from "users" where[^;]*;\nselect json_object\('id', "lessons"\."id"[^;]* as "list_total"[^;]*$/i,
    "token's user + lesson page with its total (batch)",
  ],
  [/^select json_object\('id', "lessons"\."id"[^;]* as "list_total"[^;]*$/i, "lesson page with its total"],
  [
    /^select "id", "email", "name"[^;]* from "users" where[^;]*;\nselect ("lessons"\.)?"id"[^;]* from "lessons"[^;]*$/i,
    "token's user + lesson read (batch)",
  ],
  [/^select "id", "email", "name"[^]* from "users" where/i, "token's user"],
  [/from "users" inner join "tutors"[^]*from "subscriptions"/i, "tutor + subscription (batch)"],
  [
    /^\s*INSERT INTO lessons[^]*INSERT INTO lesson_members[^]*INSERT INTO chat_rooms[^]*INSERT INTO notifications_outbox/i,
    "lesson + members + room + outbox (batch)",
  ],
  [/^SELECT c\.tutorId, c\.tutorName[^]*AS "any"/, "the refusal's facts"],
  [/^select "lessons"\."id"[^]*;\nselect count\(\*\) from "lessons"/i, "lesson page + total (batch)"],
  [/^select "lessons"\."id"[^]* from "lessons"[^;]*$/i, "lesson read"],
  [/^select "id", "tutor_id"[^]* from "lessons"[^;]*$/i, "lesson read"],
  [/^\s*UPDATE lessons SET start[^]*INSERT INTO notifications_outbox/i, "move + outbox (batch)"],
  [/^UPDATE lessons SET canceled_at[^]*INSERT INTO notifications_outbox/i, "cancel + outbox (batch)"],
  [
    /^UPDATE tutors SET \(list_free_at[^]*SELECT u\.id AS id[^]*SELECT count\(\*\) AS total/i,
    "stale order + tutor page + total (batch)",
  ],
];
const label = (trip: Trip) =>
  labels.find(([pattern]) => pattern.test(trip.sql))?.[1] ?? trip.sql.slice(0, 60);
const described = (trips: Trip[]) => trips.map(label).sort();

describe("D1 round trips of the hot paths (target: at most 2)", () => {
  it("GET /user/current: one, the token's user", async () => {
    let status = 0;
    const trips = await roundTrips(async () => {
      status = (await callContract(userContracts.current, { token: student.token })).status;
    });
    expect(status).toBe(200);
    expect(described(trips)).toEqual(["token's user"]);
    expect(trips.length).toBeLessThanOrEqual(2);
  });

  it("GET /user/tutor/list/onboarded: one on a cache miss (stale order columns, page and total in one batch), none on a hit", async () => {
    const path = "/api/v1/user/tutor/list/onboarded?size=13";
    let body:
      | {
          total: number;
          list: Array<{ image: string | null; video: string | null; thumbnail: string | null }>;
        }
      | undefined;
    const miss = await roundTrips(async () => {
      body = (await call("GET", path)).body;
    });
    expect(body!.total).toBeGreaterThanOrEqual(3);
    expect(body!.list.every((card) => card.image && card.video && card.thumbnail)).toBe(true);
    expect(described(miss)).toEqual(["stale order + tutor page + total (batch)"]);
    const hit = await roundTrips(async () => {
      body = (await call("GET", path)).body;
    });
    expect(body!.total).toBeGreaterThanOrEqual(3);
    expect(hit).toEqual([]);
  });

  it("GET /lesson/list/: one, the token's user with the page (its total on every row) in one batch", async () => {
    let answer: { status: number; body: any } = { status: 0, body: null };
    const trips = await roundTrips(async () => {
      answer = await callContract(lessonContracts.list, { token: student.token });
    });
    expect(answer.status).toBe(200);
    expect(described(trips)).toEqual(["token's user + lesson page with its total (batch)"]);
    // The same answer as asking for the user explicitly and as a page read on its own.
    const explicit = await callContract(lessonContracts.list, {
      query: { user: student.id },
      token: student.token,
    });
    expect(explicit.body).toEqual(answer.body);
    expect(answer.body.total).toBeGreaterThanOrEqual(0);
  });

  it("GET /lesson/list/?scope=all for an admin (everyone's lessons, the admin area's list): no prefetch, so two", async () => {
    const admin = await createUserWithRole(Role.SuperAdmin);
    let answer: { status: number; body: any } = { status: 0, body: null };
    const trips = await roundTrips(async () => {
      answer = await callContract(lessonContracts.list, { query: { scope: "all" }, token: admin.token });
    });
    expect(answer.status).toBe(200);
    expect(described(trips)).toEqual(["lesson page with its total", "token's user"]);
    // Everyone's lessons: the seeded student's are among them.
    const own = await callContract(lessonContracts.list, { query: { size: "100" }, token: student.token });
    expect(answer.body.total).toBeGreaterThanOrEqual(own.body.total);
  });

  it("GET /lesson/list/ past the last page: an empty page with the right total, counted on its own (two)", async () => {
    const start = new Date(Date.parse(seed.slotStart) + 3 * 60 * 60 * 1000).toISOString();
    expect(
      (
        await callContract(lessonContracts.book, {
          token: student.token,
          body: { tutorId, start, duration: 15 },
        })
      ).status,
    ).toBe(201);
    const first = await callContract(lessonContracts.list, { token: student.token });
    let answer: { status: number; body: any } = { status: 0, body: null };
    const trips = await roundTrips(async () => {
      answer = await callContract(lessonContracts.list, { query: { page: "999" }, token: student.token });
    });
    expect(answer.body).toEqual({ list: [], total: first.body.total });
    expect(first.body.total).toBeGreaterThan(0);
    expect(trips).toHaveLength(2);
  });

  it("GET /progress: one, the token's user with the figures, the weeks and the levels in one batch", async () => {
    let status = 0;
    const trips = await roundTrips(async () => {
      status = (await callContract(progressContracts.get, { token: student.token })).status;
    });
    expect(status).toBe(200);
    expect(trips).toHaveLength(1);
    expect(trips[0]!.statements).toHaveLength(4);
  });

  it("GET /user/student/{id}/levels: one, the token's user with the access facts and the page", async () => {
    let status = 0;
    const trips = await roundTrips(async () => {
      status = (
        await callContract(levelContracts.history, { params: { id: student.id }, token: student.token })
      ).status;
    });
    expect(status).toBe(200);
    expect(trips).toHaveLength(1);
    expect(trips[0]!.statements).toHaveLength(3);
  });

  it("GET /lesson/list/ with a deleted user's valid token: 401, and nothing prefetched is answered", async () => {
    const gone = await createUserWithRole(Role.Student);
    await env.DB.prepare("UPDATE users SET deleted_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), gone.user.id)
      .run();
    const answer = await callContract(lessonContracts.list, { token: gone.token });
    expect([answer.status, answer.body.code]).toEqual([401, "unauthenticated"]);
  });

  it("GET /lesson/list/ with another user's id: forbidden for a student, whatever was prefetched", async () => {
    const answer = await callContract(lessonContracts.list, {
      query: { user: tutorId },
      token: student.token,
    });
    expect([answer.status, answer.body.code]).toEqual([403, "forbidden"]);
  });

  it("POST /lesson/: two, the token's user and one batch (the conditional insert with the tutor and subscription read inside it, members, room, outbox, the refusal's facts)", async () => {
    const start = new Date(Date.parse(seed.slotStart) + 60 * 60 * 1000).toISOString();
    let status = 0;
    const trips = await roundTrips(async () => {
      status = (
        await callContract(lessonContracts.book, {
          token: seed.students[1]!.token,
          body: { tutorId: seed.tutorIds[1]!, start, duration: 15 },
        })
      ).status;
    });
    expect(status).toBe(201);
    expect(described(trips)).toEqual(["lesson + members + room + outbox (batch)", "token's user"]);
    expect(trips.length).toBeLessThanOrEqual(2);
  });

  // Moving and cancelling read the lesson first (its time and members decide the rules and the
  // notifications' text), then write in one batch: three, over the target by the lesson read.
  it("PATCH /lesson, GET and DELETE /lesson/{id}: the token's user with the lesson in one batch, then (for the changes) one batch with the write and its outbox rows", async () => {
    const token = seed.students[1]!.token;
    const start = new Date(Date.parse(seed.slotStart) + 24 * 60 * 60 * 1000).toISOString();
    const booked = await callContract(lessonContracts.book, {
      token,
      body: { tutorId: seed.tutorIds[2]!, start, duration: 15 },
    });
    expect(booked.status).toBe(201);
    const moved = new Date(Date.parse(start) + 30 * 60 * 1000).toISOString();
    let status = 0;
    const patch = await roundTrips(async () => {
      status = (
        await callContract(lessonContracts.reschedule, { token, body: { id: booked.body.id, start: moved } })
      ).status;
    });
    expect(status).toBe(200);
    expect(described(patch)).toEqual(["move + outbox (batch)", "token's user + lesson read (batch)"]);
    const read = await roundTrips(async () => {
      const answer = await callContract(lessonContracts.get, { params: { id: booked.body.id }, token });
      status = answer.status;
      expect(answer.body).toMatchObject({ id: booked.body.id, start: moved });
    });
    expect(status).toBe(200);
    expect(described(read)).toEqual(["token's user + lesson read (batch)"]);
    const cancel = await roundTrips(async () => {
      status = (await callContract(lessonContracts.cancel, { params: { id: booked.body.id }, token })).status;
    });
    expect(status).toBe(200);
    expect(described(cancel)).toEqual(["cancel + outbox (batch)", "token's user + lesson read (batch)"]);
  });

  it("POST /lesson/ refused: a third, the facts that say which rule refused it (read only then)", async () => {
    const start = new Date(Date.parse(seed.slotStart) + 60 * 60 * 1000).toISOString();
    let answer = { status: 0, code: "" };
    const trips = await roundTrips(async () => {
      const response = await callContract(lessonContracts.book, {
        token: seed.students[0]!.token,
        body: { tutorId: seed.tutorIds[1]!, start, duration: 15 },
      });
      answer = { status: response.status, code: response.body.code! };
    });
    expect(answer).toEqual({ status: 409, code: "busy-tutor" });
    expect(described(trips)).toEqual([
      "lesson + members + room + outbox (batch)",
      "the refusal's facts",
      "token's user",
    ]);
  });
});

describe("notification delivery after the response", () => {
  it("records every message's outcome in one round trip, sent and refused alike", async () => {
    const db = createDb(env as Env);
    const rows = await Promise.all(
      ["one", "two", "three"].map((name) =>
        enqueue(db, {
          userId: null,
          channel: "email",
          recipient: `${name}-trips@example.com`,
          subject: "s",
          body: "b",
        }),
      ),
    );
    const refused = rows[1]!.id;
    const services: Services = {
      // Every other service as the configuration builds it (each on first use, none used here).
      ...createServices(readConfig(env as Env)),
      google: null,
      send: async (_channel, message) => {
        if (message.id === refused) throw new Error("provider down");
      },
    };
    const trips = await roundTrips(
      () =>
        deliverAll(
          db,
          services,
          rows.map((row) => row!),
          createLogger("test"),
        ),
      { all: true },
    );
    expect(trips).toHaveLength(1);
    const stored = await env.DB.prepare(
      `SELECT id, status, attempts, last_error AS error FROM notifications_outbox WHERE id IN (${rows.map((row) => row!.id).join(",")}) ORDER BY id`,
    ).all();
    expect(stored.results).toEqual([
      { id: rows[0]!.id, status: "sent", attempts: 1, error: null },
      { id: refused, status: "pending", attempts: 1, error: "provider down" },
      { id: rows[2]!.id, status: "sent", attempts: 1, error: null },
    ]);
  });
});

describe("the benchmark's seed (local only)", () => {
  it("creates listed tutors with media and topics, and students who can book at once", async () => {
    const row = await env.DB.prepare(
      `SELECT count(*) AS tutors, sum(u.image IS NOT NULL AND t.video IS NOT NULL AND t.thumbnail IS NOT NULL) AS withMedia,
        (SELECT count(*) FROM user_topics ut WHERE ut.user_id IN (${seed.tutorIds.join(",")})) AS topics,
        (SELECT count(*) FROM availability_slots s WHERE s.user_id IN (${seed.tutorIds.join(",")}) AND s.start = ?) AS slots
      FROM users u JOIN tutors t ON t.id = u.id WHERE u.id IN (${seed.tutorIds.join(",")})`,
    )
      .bind(seed.slotStart)
      .first<{ tutors: number; withMedia: number; topics: number; slots: number }>();
    expect(row).toMatchObject({ tutors: 3, withMedia: 3, slots: 3 });
    expect(row!.topics).toBeGreaterThanOrEqual(3);
    const subs = await env.DB.prepare(
      `SELECT count(*) AS n FROM subscriptions WHERE status = 'active' AND user_id IN (${seed.students.map((s) => s.id).join(",")})`,
    ).first<{ n: number }>();
    expect(subs!.n).toBe(2);
    expect(seed.tutors.map((tutor) => tutor.id)).toEqual([tutorId]);
    expect((await callContract(userContracts.current, { token: seed.tutors[0]!.token })).body.role).toBe(
      Role.Tutor,
    );
  });

  it("refuses a body without a count", async () => {
    const response = await call("POST", "/api/v1/dev/bench/seed", { body: { tag: "nothing" } });
    expect([response.status, response.body.code]).toEqual([400, "bad-request"]);
  });
});

describe("«كلماتي»: each word route is the token's user and one statement or batch", () => {
  it("GET /words (searched), GET /words/practice, POST practice, POST and DELETE learned: two each", async () => {
    const { token } = seed.students[0]!;
    const added = await callContract(devContracts.words, {
      token,
      body: {
        words: [
          { word: "trips-one", meaning: "رحلة" },
          { word: "trips-two", meaning: "رحلتين" },
        ],
      },
    });
    expect(added.status).toBe(200);
    const [first, second] = added.body.ids;
    const steps: Array<[string, () => Promise<{ status: number }>]> = [
      [
        "GET /words",
        () => callContract(wordContracts.list, { query: { search: "trips", state: "learning" }, token }),
      ],
      ["GET /words/practice", () => callContract(wordContracts.practice, { token })],
      [
        "POST /words/{id}/practice",
        () => callContract(wordContracts.answer, { params: { id: first! }, token, body: { knew: true } }),
      ],
      [
        "POST /words/{id}/learned",
        () => callContract(wordContracts.markLearned, { params: { id: second! }, token }),
      ],
      [
        "DELETE /words/{id}/learned",
        () => callContract(wordContracts.unmarkLearned, { params: { id: second! }, token }),
      ],
    ];
    for (const [name, run] of steps) {
      let status = 0;
      const trips = await roundTrips(async () => {
        status = (await run()).status;
      });
      expect([name, status]).toEqual([name, 200]);
      expect([name, described(trips).includes("token's user")]).toEqual([name, true]);
      expect([name, trips.length]).toEqual([name, 2]);
    }
  });
});

describe("D1 round trips of the lesson notes (docs/rules.md, Learning after the lesson)", () => {
  it("PUT and GET /lesson/{id}/note, the room's previous note and the past lessons: at most two each", async () => {
    const tutor = await createUserWithRole(Role.Tutor);
    const student = await createUserWithRole(Role.Student);
    const add = async (startInMinutes: number) =>
      (
        await callContract(lessonNoteContracts.devLesson, {
          token: student.token,
          body: { tutorId: tutor.user.id, startInMinutes, duration: 30 },
        })
      ).body.id;
    const ended = await add(-120);
    const next = await add(60);
    const body = {
      summary: "الأفعال المنتظمة",
      words: [{ word: "walk", meaning: "يمشي" }],
      homework: "اكتب ٣ جمل",
    };
    const steps: Array<[string, () => Promise<{ status: number }>]> = [
      [
        "PUT /lesson/{id}/note",
        () => callContract(lessonNoteContracts.put, { token: tutor.token, params: { id: ended }, body }),
      ],
      [
        "GET /lesson/{id}/note",
        () => callContract(lessonNoteContracts.get, { token: student.token, params: { id: ended } }),
      ],
      [
        "GET /lesson/{id}/previous-note",
        () => callContract(lessonNoteContracts.previous, { token: tutor.token, params: { id: next } }),
      ],
      ["GET /lesson/past/", () => callContract(lessonNoteContracts.past, { token: student.token })],
    ];
    for (const [name, run] of steps) {
      let status = 0;
      const trips = await roundTrips(async () => {
        status = (await run()).status;
      });
      expect([name, status]).toEqual([name, 200]);
      expect([name, trips.length <= 2]).toEqual([name, true]);
    }
  });
});
