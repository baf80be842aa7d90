// A booking's cost stays flat as Dars grows (docs/capacity.md): the D1 rows POST /lesson/ reads
// (`x-d1-rows-read`, worker/core/db.ts countRowsRead) are the same for a tutor and a student with
// ten times more past lessons, since every check of the batch is an index probe around the new
// lesson's time (worker/domain/lessons/booking.ts; lessons.student_id, migrations/0022), and the
// lesson list reads its page's rows, not every lesson of the member with their members.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { BenchSeed } from "../../emulators/bench";
import { devContracts } from "../../schema/api/dev";
import { lessonContracts } from "../../schema/api/lesson";
import { ROWS_READ_HEADER, ROWS_READ_REQUEST } from "../../worker/core/db";
import { callContract } from "./helpers";

const ask = { [ROWS_READ_REQUEST.name]: ROWS_READ_REQUEST.value };
const QUARTER_MS = 15 * 60_000;

/** `tutors` tutors and as many students, with `perPerson` past lessons each (tutor i with student i). */
async function history(tag: string, people: number, perPerson: number): Promise<BenchSeed> {
  const seeded = await callContract(devContracts.benchSeed, {
    body: { tag, tutors: people, students: people, tutorTokens: 0 },
  });
  expect(seeded.status).toBe(200);
  const total = people * perPerson;
  for (let from = 0; from < total; from += 20_000) {
    const filled = await callContract(devContracts.benchFill, {
      body: {
        tag,
        table: "lessons",
        tutors: people,
        students: people,
        from,
        count: Math.min(20_000, total - from),
      },
    });
    expect(filled.status).toBe(200);
  }
  return seeded.body as BenchSeed;
}

async function lessonsOf(studentId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM lessons WHERE student_id = ?")
    .bind(studentId)
    .first<{ n: number }>();
  return row!.n;
}

/** Books pair `index` of the seed `k` quarter hours into its slot; answers the rows read. */
async function bookingRows(seed: BenchSeed, index: number, k: number): Promise<number> {
  const answer = await callContract(lessonContracts.book, {
    token: seed.students[index]!.token,
    headers: ask,
    body: {
      tutorId: seed.tutorIds[index]!,
      start: new Date(Date.parse(seed.slotStart) + k * QUARTER_MS).toISOString(),
      duration: 15,
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return Number(answer.headers.get(ROWS_READ_HEADER));
}

let few: BenchSeed;
let many: BenchSeed;

beforeAll(async () => {
  few = await history("flatfew", 4, 20);
  many = await history("flatmany", 4, 200);
}, 120_000);

describe("D1 rows read by a booking", () => {
  it("the tutor and the student have ten times more past lessons: the booking reads the same rows", async () => {
    // The students really hold that history (lessons.student_id is filled for the seeded lessons too).
    expect(await lessonsOf(few.students[0]!.id)).toBe(20);
    expect(await lessonsOf(many.students[0]!.id)).toBe(200);
    // A first booking warms the isolate's caches (platform settings), so both measured ones find them warm.
    await bookingRows(few, 3, 0);
    const small = [await bookingRows(few, 0, 1), await bookingRows(few, 1, 2)];
    const large = [await bookingRows(many, 0, 1), await bookingRows(many, 1, 2)];
    for (const rows of [...small, ...large]) expect(rows).toBeGreaterThan(0);
    // Bounded: an index probe per rule and the writes' own rows, not a walk of anyone's lessons.
    for (const rows of [...small, ...large]) expect(rows).toBeLessThan(200);
    // Flat: within a row or two (a stats hour or a chat room found or created), whatever the history.
    for (let i = 0; i < small.length; i++) expect(Math.abs(large[i]! - small[i]!)).toBeLessThanOrEqual(2);
  });

  it("a second booking of the same student in the same week reads no more than the first", async () => {
    const first = await bookingRows(many, 2, 4);
    const second = await bookingRows(many, 2, 6);
    expect(second).toBeLessThanOrEqual(first + 2);
  });

  it("refuses a booking over the student's own lesson (the probe still finds it) without reading their history", async () => {
    // Student 3 of `many` books tutor 3, then the same start with tutor 2: conflicting-lessons.
    const start = new Date(Date.parse(many.slotStart) + 8 * QUARTER_MS).toISOString();
    const student = many.students[3]!;
    const booked = await callContract(lessonContracts.book, {
      token: student.token,
      body: { tutorId: many.tutorIds[3]!, start, duration: 30 },
    });
    expect(booked.status).toBe(201);
    const refused = await callContract(lessonContracts.book, {
      token: student.token,
      headers: ask,
      body: {
        tutorId: many.tutorIds[2]!,
        start: new Date(Date.parse(start) + QUARTER_MS).toISOString(),
        duration: 15,
      },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("conflicting-lessons");
    expect(Number(refused.headers.get(ROWS_READ_HEADER))).toBeLessThan(200);
  });
});

describe("D1 rows read by the lesson list", () => {
  it("reads the page's lessons with their members, not every lesson with its members", async () => {
    const answer = await callContract(lessonContracts.list, {
      token: many.students[0]!.token,
      headers: ask,
      query: {},
    });
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBeGreaterThanOrEqual(200);
    expect(answer.body.list).toHaveLength(10);
    // The total counts the student's index entries (about one row a lesson); the page's ten
    // lessons, members, names and levels are a few rows each. Joined before the count, every
    // lesson's members were read: over ten rows a lesson.
    expect(Number(answer.headers.get(ROWS_READ_HEADER))).toBeLessThan(3 * answer.body.total);
  });
});
