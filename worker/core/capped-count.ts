import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { LIST_TOTAL_CAP } from "../../schema/api/common";

/**
 * Capped totals (docs/performance.md): a growing list counts its rows only up to LIST_TOTAL_CAP
 * past the page's start, so the count reads a bounded number of rows however large the table
 * grows, and the answer says "more than" beyond it (as GitHub or Gmail show «1–20 of many»).
 * Counting from the list's start rather than from the page keeps every page number right: at
 * page p the total is exact or at least p's offset plus the cap, so the next page is known to
 * exist while it does. The page itself already reads the rows before it (OFFSET), so the count
 * adds no more than the cap to what a page costs.
 */
export const countLimit = (offset: number) => offset + LIST_TOTAL_CAP + 1;

/**
 * The capped count of a list: `from` is the list's `FROM … WHERE …` (no ORDER BY), `limit`
 * countLimit(offset) or a placeholder bound to it. One statement, for the page's batch.
 */
export const cappedCountSql = (from: SQL, limit: number | Placeholder): SQL =>
  sql`SELECT count(*) AS total FROM (SELECT 1 ${from} LIMIT ${limit}) counted`;

/** The counted rows (at most countLimit(offset)) as the answer's total and whether more exist. */
export function cappedTotal(
  counted: number | undefined,
  offset: number,
): { total: number; totalIsLowerBound: boolean } {
  const cap = offset + LIST_TOTAL_CAP;
  const rows = counted ?? 0;
  return rows > cap ? { total: cap, totalIsLowerBound: true } : { total: rows, totalIsLowerBound: false };
}
