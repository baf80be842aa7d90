// «كلماتي» (worker/routes/words.ts, docs/rules.md "Learning after the lesson"): only the student
// reads and changes their words; practice follows the 1, 3, 7, 14 days schedule of
// schema/learning.ts; search by prefix and paging; bad ids and bodies answer catalogue codes.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../schema/enums";
import { devContracts } from "../../schema/api/dev";
import { privacyDeletionContracts } from "../../schema/api/privacy-deletion";
import { PRACTICE_ROUND_SIZE, wordContracts } from "../../schema/api/words";
import { PRACTICE_INTERVAL_DAYS } from "../../schema/learning";
import { DAY_MS } from "../../schema/time";
import { call, callContract, createUserWithRole, register } from "./helpers";
import {
  createStudent,
  createTutor,
  createUser,
  storedSessionToken,
  type Session,
} from "./factories-lessons";

type Word = { word: string; meaning: string; example?: string; dueAt?: string };

async function addWords(student: Session, words: Word[], lessonId?: number): Promise<number[]> {
  const added = await callContract(devContracts.words, { token: student.token, body: { words, lessonId } });
  expect(added.status).toBe(200);
  return added.body.ids;
}

/** A finished lesson of `tutor` (only what the word list reads: its start and tutor). */
async function lessonOf(tutor: Session, student: Session, start: string): Promise<number> {
  const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
  const row = await env.DB.prepare(
    `INSERT INTO lessons (tutor_id, start, "end", duration, price, created_by, created_at, updated_at)
     VALUES (?, ?, ?, 30, 0, ?, ?, ?) RETURNING id`,
  )
    .bind(tutor.id, start, end, student.id, start, start)
    .first<{ id: number }>();
  return row!.id;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("who may touch a student's words", () => {
  it("the student reads and changes their own; another student finds none of them (word-not-found)", async () => {
    const owner = await createStudent();
    const other = await createStudent();
    const [id] = await addWords(owner, [{ word: "journey", meaning: "رحلة" }]);
    const mine = await callContract(wordContracts.list, { token: owner.token });
    expect(mine.body.list.map((word) => word.id)).toEqual([id]);
    expect((await callContract(wordContracts.list, { token: other.token })).body).toEqual({
      list: [],
      total: 0,
    });
    expect((await callContract(wordContracts.practice, { token: other.token })).body.list).toEqual([]);
    for (const attempt of [
      () => callContract(wordContracts.markLearned, { params: { id: id! }, token: other.token }),
      () => callContract(wordContracts.unmarkLearned, { params: { id: id! }, token: other.token }),
      () =>
        callContract(wordContracts.answer, { params: { id: id! }, token: other.token, body: { knew: true } }),
    ]) {
      const answer = await attempt();
      expect([answer.status, answer.body.code]).toEqual([404, "word-not-found"]);
    }
    const stored = await env.DB.prepare(
      "SELECT step, learned_at AS learnedAt, last_practised_at AS practised FROM student_words WHERE id = ?",
    )
      .bind(id)
      .first();
    expect(stored).toEqual({ step: 0, learnedAt: null, practised: null });
  });

  it("tutors and staff are refused (forbidden), signed-out callers unauthenticated", async () => {
    const owner = await createStudent();
    const [id] = await addWords(owner, [{ word: "tutor-proof", meaning: "مش للمدرّس" }]);
    const callers = [
      await createTutor(),
      await createUser(Role.TutorManager),
      await createUser(Role.SuperAdmin),
      await createUser(Role.RegularAdmin),
      await createUser(Role.Studio),
    ];
    for (const caller of callers) {
      for (const answer of [
        await callContract(wordContracts.list, { token: caller.token }),
        await callContract(wordContracts.practice, { token: caller.token }),
        await callContract(wordContracts.markLearned, { params: { id: id! }, token: caller.token }),
        await callContract(wordContracts.answer, {
          params: { id: id! },
          token: caller.token,
          body: { knew: true },
        }),
      ])
        expect([answer.status, answer.body.code]).toEqual([403, "forbidden"]);
    }
    const anonymous = await callContract(wordContracts.list);
    expect([anonymous.status, anonymous.body.code]).toEqual([401, "unauthenticated"]);
  });
});

describe("the spaced schedule, day by day", () => {
  it("knew it: due again in 1, 3, 7 and 14 days, then learned; didn't: back to tomorrow from the start", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    let today = Date.parse("2031-05-03T08:00:00.000Z");
    vi.setSystemTime(today);
    const student = await createStudent();
    // Tokens last 30 days: the student signs in again halfway through the simulated month.
    let token = await storedSessionToken(student.id, undefined, today);
    const me = { ...student, token };
    const [id] = await addWords(me, [
      { word: "Persevere", meaning: "يثابر", example: "Persevere and you will pass." },
    ]);
    const days = (from: number, n: number) => new Date(from + n * DAY_MS).toISOString();
    const practise = (knew: boolean) =>
      callContract(wordContracts.answer, { params: { id: id! }, token, body: { knew } });
    const dueNow = async () => (await callContract(wordContracts.practice, { token })).body;

    expect((await dueNow()).list.map((word) => word.id)).toEqual([id]);
    // Each "knew it" moves it one interval on, counted from the day it was practised.
    for (const [index, interval] of PRACTICE_INTERVAL_DAYS.entries()) {
      const answer = await practise(true);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ id, step: index + 1, dueAt: days(today, interval), learnedAt: null });
      const round = await dueNow();
      expect(round).toMatchObject({ list: [], due: 0, nextDueAt: days(today, interval) });
      // Not due yet: a second answer (a double tap, a replay) changes nothing.
      const early = await practise(true);
      expect([early.status, early.body.code]).toEqual([409, "word-not-due"]);
      today += interval * DAY_MS;
      vi.setSystemTime(today);
      expect((await dueNow()).list.map((word) => word.id)).toEqual([id]);
    }
    // Known again after the last interval (14 days): learned, and out of practice.
    const last = await practise(true);
    expect(last.body).toMatchObject({ id, learnedAt: new Date(today).toISOString() });
    expect(await dueNow()).toEqual({ list: [], due: 0, nextDueAt: null });
    const learned = await callContract(wordContracts.list, { query: { state: "learned" }, token });
    expect(learned.body.list.map((word) => word.id)).toEqual([id]);
    const again = await practise(true);
    expect([again.status, again.body.code]).toEqual([409, "word-not-due"]);

    token = await storedSessionToken(student.id, undefined, today);
    // Unmarked: back to learning, due now, from the start; then "didn't" starts it again tomorrow.
    const unmarked = await callContract(wordContracts.unmarkLearned, { params: { id: id! }, token });
    expect(unmarked.body).toEqual({ id, step: 0, dueAt: new Date(today).toISOString(), learnedAt: null });
    expect((await practise(true)).body).toMatchObject({ step: 1, dueAt: days(today, 1) });
    today += DAY_MS;
    vi.setSystemTime(today);
    expect((await practise(true)).body).toMatchObject({ step: 2, dueAt: days(today, 3) });
    today += 3 * DAY_MS;
    vi.setSystemTime(today);
    const forgot = await practise(false);
    expect(forgot.body).toEqual({ id, step: 0, dueAt: days(today, 1), learnedAt: null });
    today += DAY_MS;
    vi.setSystemTime(today);
    expect((await practise(true)).body).toMatchObject({ step: 1, dueAt: days(today, 1) });
    const stored = await env.DB.prepare(
      "SELECT last_practised_at AS practised FROM student_words WHERE id = ?",
    )
      .bind(id)
      .first<{ practised: string }>();
    expect(stored!.practised).toBe(new Date(today).toISOString());
  });

  it("a round is the due words only, oldest due first, at most 20; the count says how many are due in all", async () => {
    const student = await createStudent();
    const now = Date.now();
    const words: Word[] = Array.from({ length: PRACTICE_ROUND_SIZE + 3 }, (_, n) => ({
      word: `due-${n}`,
      meaning: `معنى ${n}`,
      dueAt: new Date(now - (n + 1) * 60_000).toISOString(),
    }));
    const later = new Date(now + 2 * DAY_MS).toISOString();
    await addWords(student, [...words, { word: "later", meaning: "بعدين", dueAt: later }]);
    const [learnedId] = await addWords(student, [
      { word: "known", meaning: "معروفة", dueAt: words[0]!.dueAt },
    ]);
    expect(
      (await callContract(wordContracts.markLearned, { params: { id: learnedId! }, token: student.token }))
        .status,
    ).toBe(200);
    const round = await callContract(wordContracts.practice, { token: student.token });
    expect(round.body.due).toBe(words.length);
    expect(round.body.nextDueAt).toBe(later);
    expect(round.body.list.map((word) => word.word)).toEqual(
      words
        .map((word) => word.word)
        .reverse()
        .slice(0, PRACTICE_ROUND_SIZE),
    );
  });

  it("marking learned takes a word out of practice and keeps its time; unmarking puts it back due now", async () => {
    const student = await createStudent();
    const [id] = await addWords(student, [{ word: "mark-me", meaning: "علّم عليّا" }]);
    const marked = await callContract(wordContracts.markLearned, {
      params: { id: id! },
      token: student.token,
    });
    expect(marked.body.learnedAt).not.toBeNull();
    const twice = await callContract(wordContracts.markLearned, {
      params: { id: id! },
      token: student.token,
    });
    expect(twice.body.learnedAt).toBe(marked.body.learnedAt);
    expect((await callContract(wordContracts.practice, { token: student.token })).body.due).toBe(0);
    const back = await callContract(wordContracts.unmarkLearned, {
      params: { id: id! },
      token: student.token,
    });
    expect(back.body).toMatchObject({ id, step: 0, learnedAt: null });
    expect((await callContract(wordContracts.practice, { token: student.token })).body.due).toBe(1);
  });
});

describe("the list: search by prefix, states, paging, the lesson each word came from", () => {
  it("finds a word by the start of the English word (any case) or of its meaning, never by the middle", async () => {
    const student = await createStudent();
    const tutor = await createTutor();
    const start = "2031-01-10T16:00:00.000Z";
    const lessonId = await lessonOf(tutor, student, start);
    await addWords(
      student,
      [
        { word: "Travel", meaning: "يسافر", example: "I travel every summer." },
        { word: "traveller", meaning: "مسافر" },
        { word: "unravel", meaning: "يفك" },
        { word: "100% sure", meaning: "متأكد تمامًا" },
      ],
      lessonId,
    );
    const search = async (text: string) =>
      (await callContract(wordContracts.list, { query: { search: text }, token: student.token })).body;
    expect((await search("TRAV")).list.map((word) => word.word).sort()).toEqual(["Travel", "traveller"]);
    expect((await search("rav")).total).toBe(0);
    expect((await search("مساف")).list.map((word) => word.word)).toEqual(["traveller"]);
    expect((await search("سافر")).total).toBe(0);
    expect((await search("100%")).list.map((word) => word.word)).toEqual(["100% sure"]);
    expect((await search("10_")).total).toBe(0);
    const travel = (await search("travel ")).list.find((word) => word.word === "Travel");
    expect(travel).toMatchObject({
      meaning: "يسافر",
      example: "I travel every summer.",
      step: 0,
      learnedAt: null,
      lesson: { id: lessonId, start, tutorName: "مدرس تجريبي" },
    });
  });

  it("pages newest first, filters learning and learned, and keeps a word once (the same word folded)", async () => {
    const student = await createStudent();
    const ids: number[] = [];
    for (let n = 0; n < 12; n++)
      ids.push(...(await addWords(student, [{ word: `page-${n}`, meaning: `صفحة ${n}` }])));
    expect(await addWords(student, [{ word: "  PAGE-0 ", meaning: "تاني" }])).toEqual([]);
    const first = await callContract(wordContracts.list, { query: { size: 5 }, token: student.token });
    expect(first.body.total).toBe(12);
    const third = await callContract(wordContracts.list, {
      query: { size: 5, page: 3 },
      token: student.token,
    });
    expect(third.body.list).toHaveLength(2);
    const all = [
      ...first.body.list,
      ...(await callContract(wordContracts.list, { query: { size: 5, page: 2 }, token: student.token })).body
        .list,
      ...third.body.list,
    ];
    expect(all.map((word) => word.id)).toEqual([...ids].sort((a, b) => b - a));
    await callContract(wordContracts.markLearned, { params: { id: ids[3]! }, token: student.token });
    await callContract(wordContracts.markLearned, { params: { id: ids[7]! }, token: student.token });
    const learned = await callContract(wordContracts.list, {
      query: { state: "learned" },
      token: student.token,
    });
    expect(learned.body.list.map((word) => word.id)).toEqual([ids[7], ids[3]]);
    const learning = await callContract(wordContracts.list, {
      query: { state: "learning", size: 100 },
      token: student.token,
    });
    expect(learning.body.total).toBe(10);
    expect(learning.body.list.every((word) => word.learnedAt === null)).toBe(true);
  });
});

describe("bad input answers a catalogue code and changes nothing", () => {
  it("bad ids, queries and bodies", async () => {
    const student = await createStudent();
    const [id] = await addWords(student, [{ word: "steady", meaning: "ثابت" }]);
    const token = student.token;
    for (const bad of ["abc", "0", "-3", "1.5"]) {
      const answer = await call("POST", `/api/v1/words/${bad}/learned`, { token });
      expect([answer.status, answer.body.code]).toEqual([400, "bad-request"]);
    }
    const missing = await callContract(wordContracts.markLearned, { params: { id: 2_000_000_000 }, token });
    expect([missing.status, missing.body.code]).toEqual([404, "word-not-found"]);
    for (const query of ["state=done", "page=0", "size=500", `search=${"a".repeat(101)}`]) {
      const answer = await call("GET", `/api/v1/words?${query}`, { token });
      expect([query, answer.status, answer.body.code]).toEqual([query, 400, "bad-request"]);
    }
    const empty = await call("POST", `/api/v1/words/${id}/practice`, { token });
    expect([empty.status, empty.body.code]).toEqual([400, "empty-request"]);
    for (const body of [{}, { knew: "yes" }, { knew: 1 }, []]) {
      const answer = await call("POST", `/api/v1/words/${id}/practice`, { token, body });
      expect([JSON.stringify(body), answer.status, answer.body.code]).toEqual([
        JSON.stringify(body),
        400,
        "bad-request",
      ]);
    }
    const broken = await call("POST", `/api/v1/words/${id}/practice`, {
      token,
      raw: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect([broken.status, broken.body.code]).toEqual([400, "bad-request"]);
    const stored = await env.DB.prepare(
      "SELECT step, last_practised_at AS practised FROM student_words WHERE id = ?",
    )
      .bind(id)
      .first();
    expect(stored).toEqual({ step: 0, practised: null });
  });
});

describe("account erasure (docs/rules.md, Your data: deletion)", () => {
  it("erasing a student's account deletes their words, and no one else's", async () => {
    const boss = await createUserWithRole(Role.SuperAdmin);
    const target = await register(Role.Student);
    const other = await createStudent();
    await addWords({ id: target.user.id, token: target.token, email: target.user.email }, [
      { word: "erase-me", meaning: "امسحني" },
      { word: "erase-me-too", meaning: "وأنا كمان" },
    ]);
    await addWords(other, [{ word: "keep-me", meaning: "سيبني" }]);
    const done = await callContract(privacyDeletionContracts.staffErase, {
      token: boss.token,
      params: { id: target.user.id },
      body: { reason: "طلب مكتوب لحذف الكلمات" },
    });
    expect([done.status, done.body.state]).toEqual([200, "erased"]);
    const left = await env.DB.prepare(
      "SELECT student_id AS studentId, count(*) AS n FROM student_words WHERE student_id IN (?, ?) GROUP BY student_id",
    )
      .bind(target.user.id, other.id)
      .all();
    expect(left.results).toEqual([{ studentId: other.id, n: 1 }]);
  });
});
