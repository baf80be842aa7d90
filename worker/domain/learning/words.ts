// «كلماتي», the student's words to practise (docs/rules.md, "Learning after the lesson"). The
// words come from the tutors' lesson notes (copied into student_words when a note is saved);
// here the student reads them, marks them learned, and practises the due ones on the spaced
// schedule of schema/learning.ts (nextPractice). Every statement names the student: a word of
// someone else's is simply not found. Each call is one D1 round trip (one statement or one batch).
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { lessons, studentWords, users } from "../../../schema/db";
import type { Paged } from "../../../schema/api/common";
import {
  PRACTICE_ROUND_SIZE,
  type PracticeRound,
  type WordProgress,
  type WordsQuery,
  type WordView,
} from "../../../schema/api/words";
import { foldWord, nextPractice, PRACTICE_INTERVAL_DAYS } from "../../../schema/learning";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";

/** The highest code point: a prefix's range ends just before prefix + this (text compares as UTF-8 bytes). */
const LAST_CHARACTER = String.fromCodePoint(0x10ffff);

/** `column` starts with `prefix`, as a closed range the (student_id, column) index can seek. */
function startsWith(column: SQLWrapper, prefix: string): SQL {
  return sql`(${column} >= ${prefix} AND ${column} < ${prefix + LAST_CHARACTER})`;
}

// Only columns whose names differ: D1's batch answers rows as arrays, and drizzle maps two
// columns of one name (both tables' id) to the same field.
const viewColumns = {
  id: studentWords.id,
  word: studentWords.word,
  meaning: studentWords.meaning,
  example: studentWords.example,
  step: studentWords.step,
  dueAt: studentWords.dueAt,
  learnedAt: studentWords.learnedAt,
  createdAt: studentWords.createdAt,
  lessonId: studentWords.lessonId,
  lessonStart: lessons.start,
  tutorName: users.name,
};
type ViewRow = {
  id: number;
  word: string;
  meaning: string;
  example: string | null;
  step: number;
  dueAt: string;
  learnedAt: string | null;
  createdAt: string;
  lessonId: number | null;
  lessonStart: string | null;
  tutorName: string | null;
};

function toView({ lessonId, lessonStart, tutorName, ...word }: ViewRow): WordView {
  return {
    ...word,
    lesson:
      lessonId !== null && lessonStart !== null ? { id: lessonId, start: lessonStart, tutorName } : null,
  };
}

/** The words with the lesson each came from and that lesson's tutor (both by primary key). */
function selectViews(db: Db, where: SQL | undefined) {
  return db
    .select(viewColumns)
    .from(studentWords)
    .leftJoin(lessons, eq(lessons.id, studentWords.lessonId))
    .leftJoin(users, eq(users.id, lessons.tutorId))
    .where(where);
}

/**
 * GET /words: the student's words, newest first, paged; `state` learning (not learned yet) or
 * learned; `search` a prefix of the folded English word or of the meaning.
 *
 * Why the search is bounded: every condition sits under `student_id = ?`, so SQLite reads one
 * student's rows only, off the student_words indexes that all start with student_id (the word
 * prefix is a closed range on student_words_student_key_uq; the meaning, which no index holds, is
 * compared on that student's rows alone: a few hundred words at most, however large the table
 * grows). No LIKE '%…%' ever runs over the whole table.
 */
export async function listWords(db: Db, studentId: number, query: WordsQuery): Promise<Paged<WordView>> {
  const search = query.search ?? "";
  const where = and(
    eq(studentWords.studentId, studentId),
    query.state === "learned"
      ? isNotNull(studentWords.learnedAt)
      : query.state === "learning"
        ? isNull(studentWords.learnedAt)
        : undefined,
    search
      ? or(startsWith(studentWords.wordKey, foldWord(search)), startsWith(studentWords.meaning, search))
      : undefined,
  );
  const [rows, [counted]] = await db.batch([
    selectViews(db, where)
      .orderBy(desc(studentWords.createdAt), desc(studentWords.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(studentWords).where(where),
  ]);
  return { list: rows.map(toView), total: counted?.total ?? 0 };
}

/**
 * GET /words/practice: the words due now and not learned, oldest due first, at most
 * PRACTICE_ROUND_SIZE; how many are due in all; and when the next one not yet due comes.
 */
export async function practiceRound(db: Db, studentId: number, now: Date): Promise<PracticeRound> {
  const at = now.toISOString();
  const mine = eq(studentWords.studentId, studentId);
  const unlearned = isNull(studentWords.learnedAt);
  const due = and(mine, unlearned, lte(studentWords.dueAt, at));
  const [rows, [counted], [next]] = await db.batch([
    selectViews(db, due).orderBy(asc(studentWords.dueAt), asc(studentWords.id)).limit(PRACTICE_ROUND_SIZE),
    db.select({ total: count() }).from(studentWords).where(due),
    db
      .select({ dueAt: studentWords.dueAt })
      .from(studentWords)
      .where(and(mine, unlearned, gt(studentWords.dueAt, at)))
      .orderBy(asc(studentWords.dueAt))
      .limit(1),
  ]);
  return { list: rows.map(toView), due: counted?.total ?? 0, nextDueAt: next?.dueAt ?? null };
}

const progressColumns = {
  id: studentWords.id,
  step: studentWords.step,
  dueAt: studentWords.dueAt,
  learnedAt: studentWords.learnedAt,
};

/** POST /words/{id}/learned: learned now (a word already learned keeps its time). */
export async function markLearned(db: Db, studentId: number, id: number, now: Date): Promise<WordProgress> {
  const at = now.toISOString();
  const [row] = await db
    .update(studentWords)
    .set({ learnedAt: sql`COALESCE(${studentWords.learnedAt}, ${at})`, updatedAt: at })
    .where(and(eq(studentWords.id, id), eq(studentWords.studentId, studentId)))
    .returning(progressColumns);
  return row ?? fail("word-not-found");
}

/**
 * DELETE /words/{id}/learned: back to learning, from the start of the schedule and due now (the
 * student said they do not know it that well yet).
 */
export async function unmarkLearned(db: Db, studentId: number, id: number, now: Date): Promise<WordProgress> {
  const at = now.toISOString();
  const [row] = await db
    .update(studentWords)
    .set({
      learnedAt: null,
      step: sql`CASE WHEN ${studentWords.learnedAt} IS NULL THEN ${studentWords.step} ELSE 0 END`,
      dueAt: sql`CASE WHEN ${studentWords.learnedAt} IS NULL THEN ${studentWords.dueAt} ELSE ${at} END`,
      updatedAt: at,
    })
    .where(and(eq(studentWords.id, id), eq(studentWords.studentId, studentId)))
    .returning(progressColumns);
  return row ?? fail("word-not-found");
}

/** `CASE step WHEN 0 THEN … END` with one value per step of the schedule (the last for anything past it). */
function byStep(values: (step: number) => string | number | null): SQL {
  const steps = Array.from({ length: PRACTICE_INTERVAL_DAYS.length }, (_, step) => step);
  const whens = steps.map((step) => sql`WHEN ${step} THEN ${values(step)}`);
  return sql`CASE ${studentWords.step} ${sql.join(whens, sql` `)} ELSE ${values(PRACTICE_INTERVAL_DAYS.length)} END`;
}

/**
 * POST /words/{id}/practice: one answer on a due word, not learned. nextPractice() is worked out
 * for every step the word may be at, and the UPDATE picks the one of its stored step (CASE), so
 * the answer is applied in one statement however two taps race: the second finds the word no
 * longer due. Its read in the same batch tells a word not due (or learned) from one not found.
 */
export async function answerPractice(
  db: Db,
  studentId: number,
  id: number,
  knew: boolean,
  now: Date,
): Promise<WordProgress> {
  const at = now.toISOString();
  const next = (step: number) => nextPractice(step, knew, now);
  const mine = and(eq(studentWords.id, id), eq(studentWords.studentId, studentId));
  const [[updated], [existing]] = await db.batch([
    db
      .update(studentWords)
      .set({
        step: byStep((step) => next(step).step),
        dueAt: byStep((step) => next(step).dueAt),
        learnedAt: byStep((step) => (next(step).learned ? at : null)),
        lastPractisedAt: at,
        updatedAt: at,
      })
      .where(and(mine, isNull(studentWords.learnedAt), lte(studentWords.dueAt, at)))
      .returning(progressColumns),
    db.select({ id: studentWords.id }).from(studentWords).where(mine),
  ]);
  if (updated) return updated;
  return existing ? fail("word-not-due") : fail("word-not-found");
}

/** A word to add to a student's list (the dev seed; a lesson note copies its words the same way). */
export type NewWord = { word: string; meaning: string; example?: string | null; dueAt?: string };

/**
 * Adds words to a student's list in one statement; a word already there (the same folded word)
 * keeps its place and schedule. Answers the ids of the words added.
 */
export async function addWords(
  db: Db,
  studentId: number,
  lessonId: number | null,
  words: readonly NewWord[],
  now: Date,
): Promise<number[]> {
  if (!words.length) return [];
  const at = now.toISOString();
  const rows = words.map((word) => ({
    studentId,
    lessonId,
    word: word.word.trim(),
    wordKey: foldWord(word.word),
    meaning: word.meaning.trim(),
    example: word.example?.trim() || null,
    step: 0,
    dueAt: word.dueAt ?? at,
    createdAt: at,
    updatedAt: at,
  }));
  // D1 binds at most 100 values to a statement: 10 columns a row, so 9 rows an insert, all in one batch.
  const inserts = [];
  for (let i = 0; i < rows.length; i += 9)
    inserts.push(
      db
        .insert(studentWords)
        .values(rows.slice(i, i + 9))
        .onConflictDoNothing({ target: [studentWords.studentId, studentWords.wordKey] })
        .returning({ id: studentWords.id }),
    );
  const [first, ...rest] = inserts;
  const added = await db.batch([first!, ...rest]);
  return added.flat().map((row) => row.id);
}
