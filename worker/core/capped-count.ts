import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { LIST_TOTAL_CAP } from "../../schema/api/common";

/**
 * Capped totals (docs/performance.md): a growing list counts its rows only up to LIST_TOTAL_CAP,
 * so the count reads a bounded number of rows however large the table grows, and the answer says
 * "more than" beyond it (as GitHub or Gmail show «1–20 of many»). No page starts at or past the
 * cap (lastServedPage and servedPagesOnly in schema/api/common.ts refuse it with page-too-deep),
 * so counting one row past the cap from the list's start tells every served page whether the
 * next one exists, and the same total holds on every page. The deepest page served reads about
 * LIST_TOTAL_CAP + size rows for its OFFSET walk, and the count LIST_TOTAL_CAP + 1 more.
 */
export const COUNT_LIMIT = LIST_TOTAL_CAP + 1;

/**
 * The capped count of a list: `from` is the list's `FROM … WHERE …` (no ORDER BY), `limit`
 * COUNT_LIMIT or a placeholder bound to it. One statement, for the page's batch.
 */
export const cappedCountSql = (from: SQL, limit: number | Placeholder): SQL =>
  sql`SELECT count(*) AS total FROM (SELECT 1 ${from} LIMIT ${limit}) counted`;

/** The counted rows (at most COUNT_LIMIT) as the answer's total and whether more exist. */
export function cappedTotal(counted: number | undefined): { total: number; totalIsLowerBound: boolean } {
  const rows = counted ?? 0;
  return rows > LIST_TOTAL_CAP
    ? { total: LIST_TOTAL_CAP, totalIsLowerBound: true }
    : { total: rows, totalIsLowerBound: false };
}
