import { z } from "zod";
import { Role } from "../enums";
import { benchSeedBody } from "./bench";
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
};
