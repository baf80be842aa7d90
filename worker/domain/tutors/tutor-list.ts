import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { CappedPaged, Paged, PageQuery } from "../../../schema/api/common";
import type { TopicView } from "../../../schema/api/topic";
import type { TutorCard, TutorInfo, TutorListQuery, TutorStats } from "../../../schema/api/tutor";
import { Role, SlotPurpose, type Gender } from "../../../schema/enums";
import { DEFAULT_TIME_ZONE } from "../../../schema/time-zones";
import { dayWindow } from "../../../schema/calendar";
import { GRID_MS } from "../../../schema/pricing";
import { BoundedCache } from "../../core/bounded-cache";
import { COUNT_LIMIT, cappedCountSql, cappedTotal } from "../../core/capped-count";
import { boundTemplate, buildTemplate, d1, statement, type SqlTemplate } from "../../core/db";
import type { BatchItem } from "drizzle-orm/batch";
import {
  bumpSharedVersion,
  observeSharedVersions,
  parseSharedVersions,
  recentSharedVersions,
  sharedVersionsSql,
  versionOf,
  type SharedVersions,
} from "../../core/shared-versions";
import type { Db } from "../../core/context";
import { likePattern } from "./topics";
import { holdsTimeSql } from "../state-rules";

/**
 * docs/rules.md, Tutors: onboarding and listing: listed when activated and the profile is
 * complete, which includes the image, intro video and thumbnail the studio uploads (onboarding
 * step 5, worker/routes/photo-session.ts).
 */
export const MEDIA_REQUIRED_FOR_LISTING = true;

/**
 * Cached answers live this long in an isolate: another isolate's tutor changes show within it. A
 * flush reaches every isolate at its next request (the shared version, worker/core/shared-versions.ts).
 */
export const TUTOR_LIST_TTL_MS = 30_000;
const MAX_CACHED_QUERIES = 500;

/** `version`: this isolate's count of changes; `shared`: the flush version every isolate reads. */
type Entry = { version: number; shared: number; value: CappedPaged<TutorCard> };
const cache = new BoundedCache<string, Entry>({ maxSize: MAX_CACHED_QUERIES, ttlMs: TUTOR_LIST_TTL_MS });
let version = 0;

/** Any change to what the list shows (profile, topics, slots, bookings) makes cached answers stale. */
export function tutorsChanged(): void {
  version++;
}

/**
 * DELETE /cache/flush: this isolate's answers go now, every other isolate's at its next request
 * (the returned statement bumps the shared version; run it with the flush's audit row).
 */
export function flushTutorListCache(db: Db): BatchItem<"sqlite"> {
  forgetTutorListCache();
  return bumpSharedVersion(db, TUTOR_LIST);
}

/** Forgets this isolate's cached answers only (tests that write the tables directly). */
export function forgetTutorListCache(): void {
  cache.clear();
  version++;
}

const TUTOR_LIST = "tutor-list";

const iso = (date: Date) => date.toISOString();

/** "Now" in a query: a time, or a placeholder of a query whose SQL text is built once (templateStatement). */
type Instant = Date | Placeholder;
const instant = (now: Instant) => (now instanceof Date ? iso(now) : now);

const templates = new BoundedCache<string, SqlTemplate>({ maxSize: 8 });

/**
 * A statement whose SQL text drizzle builds once per isolate (`build` uses sql.placeholder for each
 * value), bound to `values`: the list's statements are large, and building them on every miss
 * would cost more than running them.
 */
function templateStatement(
  db: Db,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): D1PreparedStatement {
  return boundTemplate(
    db,
    templates.getOrSet(name, () => buildTemplate(build())),
    values,
  );
}

const ISO_FORMAT = "%Y-%m-%dT%H:%M:%fZ";

/** The user (u) and tutor row (tr) make a complete, activated profile. */
export const onboardedSql = sql.join(
  [
    sql`u.deleted_at IS NULL`,
    // A suspended tutor leaves every public list (suspending calls tutorsChanged for the cache).
    sql`u.suspended_at IS NULL`,
    sql`u.role IN (${Role.Tutor}, ${Role.TutorManager})`,
    sql`tr.activated = 1`,
    sql`u.name IS NOT NULL AND u.phone IS NOT NULL AND u.city IS NOT NULL`,
    sql`u.verified_email = 1 AND u.verified_phone = 1`,
    sql`u.gender IS NOT NULL AND u.birth_year IS NOT NULL`,
    sql`tr.bio IS NOT NULL AND tr.about IS NOT NULL`,
    ...(MEDIA_REQUIRED_FOR_LISTING
      ? [sql`u.image IS NOT NULL AND tr.video IS NOT NULL AND tr.thumbnail IS NOT NULL`]
      : []),
  ],
  sql` AND `,
);

/**
 * A slot (s) of the tutor with free time left: bookable for lessons, not deleted, not fully
 * booked, and ending after the tutor's notice from now. Its free time starts at `earliest`.
 */
function freeSlot(now: Instant): { where: SQL; earliest: SQL } {
  const earliest = sql`max(s.start, strftime(${ISO_FORMAT}, ${instant(now)}, '+' || tr.notice || ' minutes'))`;
  const bookedMinutes = sql`(
    coalesce((SELECT sum(l.duration) FROM lessons l WHERE l.slot_id = s.id AND l.canceled_at IS NULL), 0)
    + 30 * (SELECT count(*) FROM interviews i WHERE i.slot_id = s.id AND ${holdsTimeSql("interview", "i")})
    + 30 * (SELECT count(*) FROM demo_sessions d WHERE d.slot_id = s.id AND ${holdsTimeSql("demo", "d")}))`;
  const where = sql`s.user_id = u.id AND s.deleted_at IS NULL AND s.purpose IN (${SlotPurpose.General}, ${SlotPurpose.Lesson})
    AND s.end > ${earliest}
    AND round((julianday(s.end) - julianday(s.start)) * 1440) > ${bookedMinutes}`;
  return { where, earliest };
}

/**
 * The columns the list sorts on (rating, lessons taught, soonest free time). A rating staff hid
 * counts nowhere (docs/rules.md, Reviews; its trigger, migrations/0016, marks the order stale).
 */
function sortColumns(now: Instant): SQL {
  const free = freeSlot(now);
  return sql`(SELECT avg(r.value) FROM ratings r WHERE r.ratee_id = u.id AND r.hidden_at IS NULL) AS rating_average,
    (SELECT count(*) FROM lessons l WHERE l.tutor_id = u.id AND l.canceled_at IS NULL AND l.end <= ${instant(now)}) AS lessons_taught,
    (SELECT min(${free.earliest}) FROM availability_slots s WHERE ${free.where}) AS next_free_at`;
}

/** The rest of a card's columns (u is the user, tr the tutor row). */
const displayColumns = sql`u.id AS id, u.name AS name, u.image AS image, u.gender AS gender,
    tr.bio AS bio, tr.about AS about, tr.notice AS notice, tr.video AS video, tr.thumbnail AS thumbnail,
    u.created_at AS joined_at, tr.response_seconds AS response_seconds,
    (SELECT json_group_array(json_object('id', t.id, 'nameAr', t.name_ar, 'nameEn', t.name_en))
       FROM (SELECT t.id, t.name_ar, t.name_en FROM user_topics ut JOIN topics t ON t.id = ut.topic_id
             WHERE ut.user_id = u.id ORDER BY t.id) t) AS topics,
    (SELECT count(*) FROM ratings r WHERE r.ratee_id = u.id AND r.hidden_at IS NULL) AS rating_count`;

/** The columns of a card, computed in the same statement (one round trip per page); also the saved tutors' (worker/domain/learning/favourites.ts). */
export function cardColumns(now: Instant): SQL {
  return sql`${displayColumns}, ${sortColumns(now)}`;
}

/** The list's order on its sort keys (of the row alias `k`, or unqualified); the id breaks ties. */
const listOrder = (k = "") =>
  sql.raw(
    `${k}next_free_at IS NULL, ${k}next_free_at, ${k}rating_average IS NULL, ${k}rating_average DESC, ${k}lessons_taught DESC`,
  );

/**
 * A page of the list's cards: the sort keys for every matching tutor, then the rest of the card
 * only for the page's tutors.
 */
function cardPageSql(where: SQL, page: PageQuery, now: Date): SQL {
  return sql`SELECT ${displayColumns}, k.rating_average AS rating_average, k.lessons_taught AS lessons_taught, k.next_free_at AS next_free_at
    FROM (SELECT u.id AS tutor_id, ${sortColumns(now)} FROM users u JOIN tutors tr ON tr.id = u.id WHERE ${where}
      ORDER BY ${listOrder()}, u.id LIMIT ${page.size} OFFSET ${(page.page - 1) * page.size}) k
    JOIN users u ON u.id = k.tutor_id JOIN tutors tr ON tr.id = u.id
    ORDER BY ${listOrder("k.")}, u.id`;
}

export type CardRow = {
  id: number;
  name: string | null;
  image: string | null;
  gender: string | null;
  bio: string | null;
  about: string | null;
  notice: number;
  video: string | null;
  thumbnail: string | null;
  joined_at: string;
  topics: string;
  rating_average: number | null;
  rating_count: number;
  lessons_taught: number;
  next_free_at: string | null;
  response_seconds: number | null;
};

export function toCard(row: CardRow): TutorCard {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    gender: row.gender as Gender | null,
    bio: row.bio,
    video: row.video,
    thumbnail: row.thumbnail,
    topics: JSON.parse(row.topics) as TopicView[],
    rating: {
      average: row.rating_average === null ? null : Math.round(row.rating_average * 100) / 100,
      count: row.rating_count,
    },
    lessonsTaught: row.lessons_taught,
    nextFreeAt: onLessonGrid(row.next_free_at),
    responseSeconds: row.response_seconds,
  };
}

/**
 * The soonest free time as a bookable start: the tutor's notice from now lands anywhere
 * (14:37), lessons start on the 15-minute grid (14:45), as GET /lesson/free-times offers them.
 */
export function onLessonGrid(at: string | null): string | null {
  if (at === null) return null;
  return new Date(Math.ceil(Date.parse(at) / GRID_MS) * GRID_MS).toISOString();
}

/** The list's filters beyond being listed (topic, name, gender, free day), or null when none. */
function listFilters(query: TutorListQuery, now: Date): SQL | null {
  const filters: SQL[] = [];
  if (query.topicId)
    filters.push(
      sql`EXISTS (SELECT 1 FROM user_topics ut WHERE ut.user_id = u.id AND ut.topic_id = ${query.topicId})`,
    );
  if (query.name) filters.push(sql`u.name LIKE ${likePattern(query.name)} ESCAPE '\\'`);
  if (query.gender) filters.push(sql`u.gender = ${query.gender}`);
  if (query.day) {
    const { start, end } = dayWindow(query.day, query.timeZone ?? DEFAULT_TIME_ZONE);
    const free = freeSlot(now);
    filters.push(
      sql`EXISTS (SELECT 1 FROM availability_slots s WHERE ${free.where} AND s.start < ${iso(end)} AND s.end > ${iso(start)})`,
    );
  }
  return filters.length ? sql.join(filters, sql` AND `) : null;
}

/** Stands for "never" among ISO times: no free time, or nothing that changes with time. */
const NEVER = "9999";

/**
 * Recomputes the order columns (tutors.list_*) of every tutor whose columns are stale at `now`:
 * marked by a trigger after a change (migrations/0009), or due to change with time alone. They are
 * the list's sort keys as the cards show them (soonest free time, minus the average rating, minus
 * the lessons taught), NULL for a tutor who is not listed. Time alone changes them when the soonest
 * free slot comes within the tutor's notice (from then on its free time is "now + notice", redone
 * every quarter hour), a free slot goes out of reach, or a lesson ends; list_stale_at is the first
 * of these. Normally matches no row (an index probe on list_stale_at).
 */
export function refreshListOrderSql(now: Instant, quarterLater: Instant): SQL {
  const at = instant(now);
  const free = freeSlot(now);
  const beforeNotice = (column: string) =>
    sql`strftime(${ISO_FORMAT}, s.${sql.raw(column)}, '-' || tr.notice || ' minutes')`;
  const nextChange = sql`min(
      coalesce((SELECT min(CASE WHEN ${beforeNotice("start")} > ${at} THEN ${beforeNotice("start")} ELSE min(${beforeNotice('"end"')}, ${instant(quarterLater)}) END)
        FROM availability_slots s WHERE ${free.where}), ${NEVER}),
      coalesce((SELECT min(l.end) FROM lessons l WHERE l.tutor_id = u.id AND l.canceled_at IS NULL AND l.end > ${at}), ${NEVER}))`;
  return sql`UPDATE tutors SET (list_free_at, list_rating, list_lessons, list_stale_at) = (
      SELECT CASE WHEN k.listed THEN coalesce(k.next_free_at, ${NEVER}) END,
        CASE WHEN k.listed THEN coalesce(-k.rating_average, 0) END,
        CASE WHEN k.listed THEN -k.lessons_taught END,
        CASE WHEN k.listed THEN k.next_change ELSE ${NEVER} END
      FROM (SELECT (${onboardedSql}) AS listed, ${sortColumns(now)}, ${nextChange} AS next_change
        FROM users u JOIN tutors tr ON tr.id = u.id WHERE tr.id = tutors.id) k)
    WHERE list_stale_at <= ${at}`;
}

/** The listed tutors' order on the kept columns (index tutors_list_order_idx); the id breaks ties. */
const keptOrder = sql.raw("tr.list_free_at, tr.list_rating, tr.list_lessons, tr.id");

/**
 * The public list, ordered by soonest free time, then average rating, then lessons taught
 * (docs/rules.md, Tutors: onboarding and listing). A cache miss is one D1 round trip: the
 * stale order columns recomputed, then the page read off the order index (only the page's cards
 * are computed) and the total counted up to the cap (worker/core/capped-count.ts), in one batch.
 */
export async function listOnboardedTutors(
  db: Db,
  query: TutorListQuery,
  now = new Date(),
  /** The shared versions the request already read (with its user), else null: read here when needed. */
  shared: SharedVersions | null = null,
): Promise<CappedPaged<TutorCard>> {
  const key = JSON.stringify([
    query.page,
    query.size,
    query.topicId ?? null,
    query.name ?? null,
    query.gender ?? null,
    query.day ?? null,
    query.day ? (query.timeZone ?? null) : null,
  ]);
  const hit = cache.get(key, now.getTime());
  let known = shared;
  if (hit && hit.version === version) {
    // A hit holds only if no isolate flushed since it was cached (worker/core/shared-versions.ts).
    known ??= await recentSharedVersions(db, now.getTime());
    if (hit.shared === versionOf(known, TUTOR_LIST)) return hit.value;
  }
  const seenVersion = version;
  const filters = listFilters(query, now);
  // CROSS JOIN keeps the listed tutors (the partial index tutors_list_order_idx) as the outer loop
  // and finds each one's user by id: left to itself, SQLite read every user for the filtered count
  // (tests/worker/query-plans.test.ts).
  const from = filters
    ? sql`FROM tutors tr CROSS JOIN users u ON u.id = tr.id WHERE tr.list_free_at IS NOT NULL AND ${filters}`
    : sql`FROM tutors tr WHERE tr.list_free_at IS NOT NULL`;
  const pageSql = (at: Instant, limit: number | Placeholder, offset: number | Placeholder) =>
    sql`SELECT ${cardColumns(at)}
      FROM (SELECT tr.id AS tutor_id ${from} ORDER BY ${keptOrder} LIMIT ${limit} OFFSET ${offset}) k
      JOIN users u ON u.id = k.tutor_id JOIN tutors tr ON tr.id = u.id
      ORDER BY ${keptOrder}`;
  const values = {
    now: iso(now),
    quarterLater: iso(new Date(now.getTime() + GRID_MS)),
    limit: query.size,
    offset: (query.page - 1) * query.size,
    countLimit: COUNT_LIMIT,
  };
  const refresh = templateStatement(
    db,
    "refresh",
    () => refreshListOrderSql(sql.placeholder("now"), sql.placeholder("quarterLater")),
    values,
  );
  // The unfiltered list (the common miss) from templates; a filtered one is built for its filters.
  // The shared versions go in the same batch when the request has not read them yet.
  const versionsRead = known ? [] : [statement(db, sql`SELECT ${sharedVersionsSql} AS versions`)];
  const [, page, totals, versions] = await d1(db).batch([
    ...(filters
      ? [
          refresh,
          statement(db, pageSql(now, query.size, (query.page - 1) * query.size)),
          statement(db, cappedCountSql(from, values.countLimit)),
        ]
      : [
          refresh,
          templateStatement(
            db,
            "page",
            () => pageSql(sql.placeholder("now"), sql.placeholder("limit"), sql.placeholder("offset")),
            values,
          ),
          templateStatement(db, "total", () => cappedCountSql(from, sql.placeholder("countLimit")), values),
        ]),
    ...versionsRead,
  ]);
  known ??= observeSharedVersions(
    parseSharedVersions((versions?.results[0] as { versions: string | null } | undefined)?.versions),
    now.getTime(),
  );
  const rows = (page?.results ?? []) as CardRow[];
  const counted = (totals?.results[0] as { total: number } | undefined)?.total;
  const value = { list: rows.map(toCard), ...cappedTotal(counted) };
  cache.set(
    key,
    { version: seenVersion, shared: versionOf(known, TUTOR_LIST), value },
    { now: now.getTime() },
  );
  return value;
}

/** A tutor's public profile, and whether it is listed (the route decides who may see an unlisted one). */
export async function findTutorInfo(
  db: Db,
  id: number,
  now = new Date(),
): Promise<{ info: TutorInfo; onboarded: boolean } | null> {
  const [row] = await db.all<CardRow & { onboarded: number }>(
    sql`SELECT ${cardColumns(now)}, (${onboardedSql}) AS onboarded FROM users u JOIN tutors tr ON tr.id = u.id
      WHERE u.id = ${id} AND u.deleted_at IS NULL AND u.role IN (${Role.Tutor}, ${Role.TutorManager})`,
  );
  if (!row) return null;
  return { info: { ...toCard(row), about: row.about, notice: row.notice }, onboarded: row.onboarded === 1 };
}

export async function findTutorStats(
  db: Db,
  id: number,
  now = new Date(),
): Promise<{ stats: TutorStats; onboarded: boolean } | null> {
  const at = iso(now);
  const fulfilled = sql`l.tutor_id = u.id AND l.canceled_at IS NULL AND l.end <= ${at}`;
  const [row] = await db.all<{
    id: number;
    joined_at: string;
    lessons_taught: number;
    minutes_taught: number;
    students_taught: number;
    upcoming_lessons: number;
    rating_average: number | null;
    rating_count: number;
    onboarded: number;
  }>(sql`SELECT u.id AS id, u.created_at AS joined_at,
      (SELECT count(*) FROM lessons l WHERE ${fulfilled}) AS lessons_taught,
      (SELECT coalesce(sum(l.duration), 0) FROM lessons l WHERE ${fulfilled}) AS minutes_taught,
      (SELECT count(DISTINCT m.user_id) FROM lessons l JOIN lesson_members m ON m.lesson_id = l.id
         WHERE ${fulfilled} AND m.role = ${Role.Student}) AS students_taught,
      (SELECT count(*) FROM lessons l WHERE l.tutor_id = u.id AND l.canceled_at IS NULL AND l.start > ${at}) AS upcoming_lessons,
      (SELECT avg(r.value) FROM ratings r WHERE r.ratee_id = u.id AND r.hidden_at IS NULL) AS rating_average,
      (SELECT count(*) FROM ratings r WHERE r.ratee_id = u.id AND r.hidden_at IS NULL) AS rating_count,
      (${onboardedSql}) AS onboarded
    FROM users u JOIN tutors tr ON tr.id = u.id
    WHERE u.id = ${id} AND u.deleted_at IS NULL AND u.role IN (${Role.Tutor}, ${Role.TutorManager})`);
  if (!row) return null;
  return {
    stats: {
      id: row.id,
      lessonsTaught: row.lessons_taught,
      minutesTaught: row.minutes_taught,
      studentsTaught: row.students_taught,
      upcomingLessons: row.upcoming_lessons,
      rating: {
        average: row.rating_average === null ? null : Math.round(row.rating_average * 100) / 100,
        count: row.rating_count,
      },
      joinedAt: row.joined_at,
    },
    onboarded: row.onboarded === 1,
  };
}

/**
 * Listed tutors the student has no chat room with (booking a lesson opens one, so none with a
 * lesson either), in the list's order; per student, so not cached. One round trip.
 */
export async function listUncontactedTutors(
  db: Db,
  studentId: number,
  query: PageQuery,
  now = new Date(),
): Promise<Paged<TutorCard>> {
  const where = sql`${onboardedSql} AND u.id <> ${studentId} AND NOT EXISTS (SELECT 1 FROM chat_room_members a
    JOIN chat_room_members b ON b.room_id = a.room_id WHERE a.user_id = u.id AND b.user_id = ${studentId})`;
  const [page, totals] = await d1(db).batch([
    statement(db, cardPageSql(where, query, now)),
    statement(db, sql`SELECT count(*) AS total FROM users u JOIN tutors tr ON tr.id = u.id WHERE ${where}`),
  ]);
  const rows = (page?.results ?? []) as CardRow[];
  return { list: rows.map(toCard), total: (totals?.results[0] as { total: number } | undefined)?.total ?? 0 };
}
