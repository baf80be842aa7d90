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

/**
 * How many rows a growing list's total counts at most, and how deep its pages go
 * (docs/performance.md, Capped totals): the count reads a bounded number of rows however large the
 * table grows, and the answer says «أكتر من ١٬٠٠٠» instead of the exact figure.
 */
export const LIST_TOTAL_CAP = 1_000;

/**
 * The deepest page a capped list serves at `size` (docs/rules.md, Money, time, paging): the last
 * page that ends within the first LIST_TOTAL_CAP rows. A page by OFFSET walks the sorted order up
 * to its start, so, as large catalogues stop at a fixed page, a deeper page is refused and the
 * deepest one served reads at most LIST_TOTAL_CAP rows however large the table grows. Whole pages
 * only, so the pager's «صفحة ٨٣ من أكتر من ٨٣» (pages of 12) never shows a page past its count.
 */
export const lastServedPage = (size: number) => Math.max(1, Math.floor(LIST_TOTAL_CAP / size));

/**
 * A capped list's query (the public tutor list, /admin/audit, /tx/list): a page past
 * lastServedPage(size) answers `page-too-deep`, for every caller of the contract alike.
 */
export const servedPagesOnly = <Q extends z.ZodObject<typeof pageQuery.shape>>(query: Q): Q =>
  query.refine((value) => value.page <= lastServedPage(value.size), {
    message: "page-too-deep",
    path: ["page"],
  });

/** A page whose total may be capped: `totalIsLowerBound` says more rows exist than `total`. */
export type CappedPaged<T> = Paged<T> & { totalIsLowerBound: boolean };

/**
 * The answer of a list endpoint whose total is capped (worker/core/capped-count.ts): `total` is
 * exact when `totalIsLowerBound` is false; when true, more than `total` rows exist (at least one
 * more page, served up to lastServedPage).
 */
export const cappedPaged = <T extends z.ZodType>(item: T) =>
  paged(item).extend({ totalIsLowerBound: z.boolean() });

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

/**
 * With D1 read replication on, a signed-in answer carries its D1 session's bookmark in this header
 * and the SPA sends the latest one back with its next request (docs/capacity.md, step 3).
 */
export const BOOKMARK_HEADER = "x-d1-bookmark";
