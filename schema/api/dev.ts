import { z } from "zod";
import { Role } from "../enums";
import { benchFillBody, benchSeedBody } from "./bench";
import { paged, pageQuery } from "./common";
import { outboxMessage } from "./confirmation-code";
import { contract } from "./contract";

/** GET /dev/outbox — the local mailbox, optionally one recipient's. */
export const devOutboxQuery = pageQuery.extend({
  to: z.string().trim().toLowerCase().max(100, "bad-request").optional(),
});

/** POST /dev/seed — the demo accounts (all with one password) and how many were created now. */
export const demoSeed = z.object({
  accounts: z.array(z.object({ email: z.string(), role: z.enum(Role) })),
  password: z.string(),
  created: z.number(),
});
export type DemoSeed = z.output<typeof demoSeed>;

const benchAccount = z.object({ id: z.number(), token: z.string() });
/** POST /dev/bench/seed — the seeded accounts and the window of the tutors' free slot. */
export const benchSeed = z.object({
  tutorIds: z.array(z.number()),
  tutors: z.array(benchAccount),
  students: z.array(benchAccount),
  slotStart: z.string(),
  slotEnd: z.string(),
});
export type BenchSeed = z.output<typeof benchSeed>;
/** POST /dev/bench/fill — how many rows (or messages) one bounded call added. */
export const benchFilled = z.object({ rows: z.number(), members: z.number() });
export type BenchFilled = z.output<typeof benchFilled>;

/**
 * POST /dev/words — words added to the signed-in student's «كلماتي» list as a lesson note would
 * add them (the browser tests' setup); `dueAt` an ISO instant, now when left out.
 */
export const devWordsBody = z.object({
  lessonId: z.number().int().positive().optional(),
  words: z
    .array(
      z.object({
        word: z.string().trim().min(1).max(100),
        meaning: z.string().trim().min(1).max(300),
        example: z.string().trim().max(300).optional(),
        dueAt: z.iso.datetime().optional(),
      }),
    )
    .min(1)
    .max(30),
});
export const devWordsAdded = z.object({ ids: z.array(z.number().int()) });

/** The local environment's endpoints (worker/routes/dev.ts); not mounted anywhere else. */
export const devContracts = {
  outbox: contract({
    method: "get",
    path: "/dev/outbox",
    query: devOutboxQuery,
    response: paged(outboxMessage),
  }),
  seed: contract({ method: "post", path: "/dev/seed", response: demoSeed }),
  benchSeed: contract({ method: "post", path: "/dev/bench/seed", body: benchSeedBody, response: benchSeed }),
  benchFill: contract({
    method: "post",
    path: "/dev/bench/fill",
    body: benchFillBody,
    response: benchFilled,
  }),
  words: contract({ method: "post", path: "/dev/words", body: devWordsBody, response: devWordsAdded }),
};
