import { sql } from "drizzle-orm";
import type { Db } from "../core/context";
import { d1, statement } from "../core/db";
import { onboardedSql } from "../domain/tutors/tutor-list";

/**
 * The sitemap as a sitemap index (sitemaps.org: at most 50,000 URLs or 50 MB per file), so that no
 * request reads more D1 rows as Dars grows:
 *
 * - `/sitemap.xml`: the index. It lists `/sitemap-pages.xml` and one `/sitemap-tutors-<n>.xml` per
 *   range of tutor ids up to the highest one, read off the tutors' primary key (one row).
 * - `/sitemap-pages.xml`: the public marketing pages (no D1 read).
 * - `/sitemap-tutors-<n>.xml`: the listed tutors whose id is in [n·B, (n+1)·B), B =
 *   {@link SITEMAP_TUTOR_IDS}, read off the primary key's range (at most B tutor rows and their
 *   users). Ids are shared with students and staff, so a page may hold fewer than B tutors, or none.
 *   What a page reads depends on its range alone, not on how many tutors Dars has.
 *   An n past the highest tutor id, or not written as a plain number, is not found.
 *
 * The index names no lastmod (it would have to read every tutor); each tutor's URL keeps its own,
 * the later of its user and tutor rows' updated_at.
 */

/**
 * Tutor ids per page. A page reads each tutor row of its range and, for the tutors that may be
 * listed, their user row (the listing test spans both: worker/domain/tutors/tutor-list.ts,
 * onboardedSql), so about two rows per tutor: at most 2,001 rows a page (with the highest id),
 * whatever the count. Every page but the last covers a whole range, so a page costs the same at
 * every size once Dars has more ids than one page (the bench's ×1 has 2,000 tutors:
 * docs/benchmarks.md). Search engines take up to 50,000 URLs a page and 50,000 pages an index:
 * ids up to 50 million.
 */
export const SITEMAP_TUTOR_IDS = 1_000;

export const SITEMAP_INDEX_PATH = "/sitemap.xml";
export const SITEMAP_PAGES_PATH = "/sitemap-pages.xml";
export const sitemapTutorsPath = (page: number) => `/sitemap-tutors-${page}.xml`;

/**
 * The page number of a `/sitemap-tutors-<n>.xml` path: a number without leading zeros (one URL per
 * page), else null; undefined when the path is not a tutors' sitemap at all.
 */
export function sitemapTutorsPage(pathname: string): number | null | undefined {
  const match = /^\/sitemap-tutors-([^/]*)\.xml$/.exec(pathname);
  if (!match) return undefined;
  return /^(0|[1-9]\d{0,8})$/.test(match[1]!) ? Number(match[1]) : null;
}

const topTutorSql = sql`SELECT max(id) AS id FROM tutors`;
const pagesOf = (top: number | null | undefined) =>
  top == null ? 0 : Math.floor(top / SITEMAP_TUTOR_IDS) + 1;

/** How many tutors' pages the index lists: every range up to the highest tutor id, none without tutors. */
export async function sitemapTutorPages(db: Db): Promise<number> {
  const [row] = await db.all<{ id: number | null }>(topTutorSql);
  return pagesOf(row?.id);
}

/** A listed tutor of a page and the day (YYYY-MM-DD, UTC) their profile last changed, if known. */
export type SitemapTutor = { id: number; lastmod: string | null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The listed tutors of one page's id range, in id order, with the day their profile last changed
 * (the later of the user and tutor rows' updated_at); null when the page is past the highest tutor
 * id. One round trip (the highest id and the range). The range comes back as one row holding a
 * JSON array of [id, day] (json_group_array): D1 hands the Worker each result row as an object of
 * its own, which costs more than reading the rows (a full page of 2,500 tutors took about 6 ms as
 * rows against 3.7 ms as one value, measured in a worker test on the shared machine). The array
 * keeps no order by itself, so it is sorted here (in practice it comes in the primary key's order,
 * which the sort leaves as it is).
 */
export async function listSitemapTutors(db: Db, page: number): Promise<SitemapTutor[] | null> {
  const from = page * SITEMAP_TUTOR_IDS;
  const to = from + SITEMAP_TUTOR_IDS;
  const [top, tutors] = await d1(db).batch([
    statement(db, topTutorSql),
    // CROSS JOIN keeps tutors outside: their id range on the primary key, then each one's user by id.
    statement(
      db,
      sql`SELECT json_group_array(json_array(tr.id, substr(max(u.updated_at, tr.updated_at), 1, 10))) AS tutors
        FROM tutors tr CROSS JOIN users u ON u.id = tr.id
        WHERE tr.id >= ${from} AND tr.id < ${to} AND ${onboardedSql}`,
    ),
  ]);
  if (page >= pagesOf((top?.results[0] as { id: number | null } | undefined)?.id)) return null;
  const json = (tutors?.results[0] as { tutors: string } | undefined)?.tutors ?? "[]";
  return (JSON.parse(json) as [number, string | null][])
    .map(([id, day]) => ({ id, lastmod: day !== null && DAY.test(day) ? day : null }))
    .sort((a, b) => a.id - b.id);
}
