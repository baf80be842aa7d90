// The body of POST /dev/bench/seed (local only; emulators/bench.ts seeds it, npm run bench calls it).
import { z } from "zod";

export const benchSeedBody = z.object({
  /** Makes the accounts' emails unique per call (`bench-<tag>-t1@bench.test`). */
  tag: z.string().regex(/^[a-z0-9]{1,16}$/, "bad-request"),
  tutors: z.number().int().min(1, "bad-request").max(5000, "bad-request"),
  students: z.number().int().min(0, "bad-request").max(2000, "bad-request"),
  /** How many of the tutors (the first ones) get a bearer token in the answer. */
  tutorTokens: z.number().int().min(0, "bad-request").max(2000, "bad-request").default(0),
});
export type BenchSeedInput = z.output<typeof benchSeedBody>;
