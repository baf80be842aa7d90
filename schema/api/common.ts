import { z } from "zod";

/** Every list endpoint takes page (from 1) and size (1..100, default 10) and answers { list, total }. */
export const pageQuery = z.object({
  page: z.coerce.number({ error: "bad-request" }).int("bad-request").min(1, "bad-request").default(1),
  size: z.coerce
    .number({ error: "bad-request" })
    .int("bad-request")
    .min(1, "bad-request")
    .max(100, "bad-request")
    .default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

export type Paged<T> = { list: T[]; total: number };

/** The answer of a list endpoint: one page of `item` and the total count. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int() });

/** An ISO-8601 instant as answered (always UTC, from toISOString or D1 text). */
export const instant = z.string();

/** A positive integer id in a path. */
export const idParam = z.object({
  id: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request"),
});

/** The body of every failure: a catalogue code, its message, and per-field codes for a bad body. */
export type ApiError = {
  code: string;
  message: string;
  fields?: Record<string, string>;
  /** Figures beside the code, e.g. { amount } with deletion-blocked-by-balance. */
  details?: Record<string, number>;
};
