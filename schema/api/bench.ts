// The bodies of POST /dev/bench/seed and /dev/bench/fill (local only; emulators/bench.ts seeds
// them, npm run bench calls them). Each call is bounded, so every statement stays well inside D1's
// limits (100 bound parameters, 100 KB of SQL, 30 s per query): the rows are made inside SQLite
// by recursive CTEs and a call binds a handful of values however many rows it makes.
import { z } from "zod";

const offset = z.number().int().min(0, "bad-request").max(10_000_000, "bad-request").default(0);

export const benchSeedBody = z.object({
  /** Makes the accounts' emails unique per call (`bench-<tag>-t1@bench.test`). */
  tag: z.string().regex(/^[a-z0-9]{1,16}$/, "bad-request"),
  tutors: z.number().int().min(0, "bad-request").max(20_000, "bad-request"),
  students: z.number().int().min(0, "bad-request").max(5_000, "bad-request"),
  /** The tutors are numbered from tutorOffset + 1, the students from studentOffset + 1 (a later chunk). */
  tutorOffset: offset,
  studentOffset: offset,
  /** How many of the tutors (the first ones of the tag) get a bearer token in the answer. */
  tutorTokens: z.number().int().min(0, "bad-request").max(2000, "bad-request").default(0),
  /** How many of this call's students get a bearer token (all of them when left out). */
  studentTokens: z.number().int().min(0, "bad-request").max(2000, "bad-request").optional(),
});
export type BenchSeedInput = z.output<typeof benchSeedBody>;

/** The tables POST /dev/bench/fill adds history to ("chat": rooms and their messages, in the rooms' Durable Objects). */
export const benchTables = ["lessons", "transactions", "audit", "outbox", "chat"] as const;
export type BenchTable = (typeof benchTables)[number];

export const benchFillBody = z.object({
  /** The tag the accounts were seeded under; rows go to its tutors and students in turn. */
  tag: z.string().regex(/^[a-z0-9]{1,16}$/, "bad-request"),
  table: z.enum(benchTables, { error: "bad-request" }),
  /** How many tutors and students the tag has (numbered from 1): row i goes to tutor i mod tutors, student i mod students. */
  tutors: z.number().int().min(1, "bad-request").max(10_000_000, "bad-request"),
  students: z.number().int().min(1, "bad-request").max(10_000_000, "bad-request"),
  /** Rows from + 1 … from + count (for "chat": rooms, each with `messages` messages). */
  from: offset,
  count: z.number().int().min(1, "bad-request").max(20_000, "bad-request"),
  messages: z.number().int().min(0, "bad-request").max(20_000, "bad-request").default(0),
});
export type BenchFillInput = z.output<typeof benchFillBody>;
