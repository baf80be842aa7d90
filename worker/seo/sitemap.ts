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
 *   An n past the highest tutor id, or not written as a plain number, is not found.
 *
 * The index names no lastmod (it would have to read every tutor); each tutor's URL keeps its own,
 * the later of its user and tutor rows' updated_at.
 */

/**
 * Tutor ids per page. Each page reads at most this many tutor rows and as many user rows, about
 * what the single sitemap read for 2,000 tutors (docs/benchmarks.md, Growth), whatever the count.
 */
export const SITEMAP_TUTOR_IDS = 2_500;

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

export type SitemapTutor = { id: number; updatedAt: string };

/**
 * The listed tutors of one page's id range, in id order, and when each profile last changed; null
 * when the page is past the highest tutor id. One round trip (the highest id and the range).
 */
export async function listSitemapTutors(db: Db, page: number): Promise<SitemapTutor[] | null> {
  const from = page * SITEMAP_TUTOR_IDS;
  const to = from + SITEMAP_TUTOR_IDS;
  const [top, tutors] = await d1(db).batch([
    statement(db, topTutorSql),
    // CROSS JOIN keeps tutors outside: their id range on the primary key, then each one's user by id.
    statement(
      db,
      sql`SELECT u.id AS id, max(u.updated_at, tr.updated_at) AS updatedAt FROM tutors tr CROSS JOIN users u ON u.id = tr.id
        WHERE tr.id >= ${from} AND tr.id < ${to} AND ${onboardedSql} ORDER BY tr.id`,
    ),
  ]);
  if (page >= pagesOf((top?.results[0] as { id: number | null } | undefined)?.id)) return null;
  return (tutors?.results ?? []) as SitemapTutor[];
}
