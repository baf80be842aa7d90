import { sql } from "drizzle-orm";
import { rateLimits } from "../../../schema/db";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";

export type Limit = { limit: number; windowMs: number };

/**
 * Counts one attempt for `key` in a fixed window and refuses past the limit (429
 * `too-many-requests`). One upsert statement, so concurrent attempts are all counted.
 */
export async function takeAttempt(
  db: Db,
  key: string,
  { limit, windowMs }: Limit,
  now = Date.now(),
): Promise<void> {
  const expired = now - windowMs;
  // In ON CONFLICT ... SET every expression reads the row as it was before the update.
  const row = await db.get<{ count: number }>(sql`
    INSERT INTO ${rateLimits} (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN window_start <= ${expired} THEN 1 ELSE count + 1 END,
      window_start = CASE WHEN window_start <= ${expired} THEN ${now} ELSE window_start END
    RETURNING count`);
  if (row && row.count > limit) fail("too-many-requests");
}
