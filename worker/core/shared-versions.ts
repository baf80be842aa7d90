// Caches that every isolate keeps agree through one small table, cache_versions (name → version).
// A change that must reach every isolate at once (the tutor list's flush, a business-settings save)
// bumps its row in the same batch as the change. A signed-in request reads the versions with its user
// (no extra round trip), so it sees a change at once. A request that reads nothing else (an anonymous
// cache hit) trusts the versions this isolate read within the last second, else reads them (one
// primary-key read of a few rows): a change reaches such requests within a second, and a busy
// isolate's anonymous hits cost at most one small read a second.
import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { cacheVersions } from "../../schema/db";
import { statement } from "./db";
import type { Db } from "./context";

/** The caches whose changes must reach every isolate. */
export type SharedCache = "tutor-list" | "business";

/** The versions read in one request: a missing name is version 0 (never bumped). */
export type SharedVersions = Readonly<Partial<Record<SharedCache, number>>>;

/** A scalar subquery with every version as a JSON object, to add to a statement the request runs anyway. */
export const sharedVersionsSql: SQL<string | null> = sql<
  string | null
>`(SELECT json_group_object(name, version) FROM cache_versions)`;

/** The versions from the subquery's JSON (an unreadable value reads as nothing bumped). */
export function parseSharedVersions(text: string | null | undefined): SharedVersions {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as SharedVersions) : {};
  } catch {
    return {};
  }
}

/** The version of one cache in a request's read. */
export const versionOf = (versions: SharedVersions, name: SharedCache): number => versions[name] ?? 0;

/** How long an isolate trusts the versions it last read, for requests that read nothing else. */
export const SHARED_VERSIONS_LEASE_MS = 1000;

let lease: { versions: SharedVersions; readAt: number } | null = null;

/** Remembers versions a request read (with its user, or in a cache miss's batch). */
export function observeSharedVersions(versions: SharedVersions, now: number): SharedVersions {
  lease = { versions, readAt: now };
  return versions;
}

/** The versions read within the lease, else read now on their own (a request with no read to carry them). */
export async function recentSharedVersions(db: Db, now: number): Promise<SharedVersions> {
  if (lease && now - lease.readAt >= 0 && now - lease.readAt < SHARED_VERSIONS_LEASE_MS)
    return lease.versions;
  const [row] = await db.all<{ versions: string | null }>(sql`SELECT ${sharedVersionsSql} AS versions`);
  return observeSharedVersions(parseSharedVersions(row?.versions), now);
}

/** A statement that moves one cache to its next version (for the batch of the change itself). */
export function bumpSharedVersion(db: Db, name: SharedCache): BatchItem<"sqlite"> {
  return db
    .insert(cacheVersions)
    .values({ name, version: 1 })
    .onConflictDoUpdate({ target: cacheVersions.name, set: { version: sql`${cacheVersions.version} + 1` } });
}

/** The same bump as a raw D1 statement, for batches of raw statements (`d1(db).batch`). */
export function bumpSharedVersionRaw(db: Db, name: SharedCache): D1PreparedStatement {
  return statement(db, bumpSql(name));
}

const bumpSql = (name: SharedCache) => sql`INSERT INTO cache_versions (name, version) VALUES (${name}, 1)
  ON CONFLICT (name) DO UPDATE SET version = version + 1`;
