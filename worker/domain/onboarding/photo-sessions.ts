// Onboarding step 5: photo sessions with a studio, and what the studio uploads for the tutor.
import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Paged } from "../../../schema/api/common";
import {
  type PhotoSessionCreateBody,
  type PhotoSessionListQuery,
  type PhotoSessionPatchBody,
  type PhotoSessionView,
  type StudioTutorListQuery,
  type StudioTutorView,
  type StudioView,
  type TutorAssets,
} from "../../../schema/api/photo-session";
import type { PageQuery } from "../../../schema/api/common";
import { photoSessions, tutors, users } from "../../../schema/db";
import { PhotoSessionStatus, Role, isAdmin } from "../../../schema/enums";
import type { ErrorCode } from "../../../schema/errors";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { auditRawStatement, auditStatement, insertedRowId, withAudit, type AuditActor } from "../staff/audit";
import { d1, statement } from "../../core/db";
import { likePattern } from "../tutors/topics";
import type { UserRow } from "../identity/users";

const OPEN: PhotoSessionStatus[] = [PhotoSessionStatus.Pending, PhotoSessionStatus.Scheduled];
const tutorUser = alias(users, "tutor_user");
const studioUser = alias(users, "studio_user");

function columns() {
  return {
    id: photoSessions.id,
    tutorId: photoSessions.tutorId,
    tutorName: sql<string | null>`${tutorUser.name}`.as("tutor_name"),
    studioId: photoSessions.studioId,
    studioName: sql<string | null>`${studioUser.name}`.as("studio_name"),
    scheduledAt: photoSessions.scheduledAt,
    status: photoSessions.status,
    image: photoSessions.image,
    video: photoSessions.video,
    thumbnail: photoSessions.thumbnail,
    note: photoSessions.note,
    completedAt: photoSessions.completedAt,
    createdAt: photoSessions.createdAt,
  };
}

function selectSessions(db: Db) {
  return db
    .select(columns())
    .from(photoSessions)
    .innerJoin(tutorUser, eq(tutorUser.id, photoSessions.tutorId))
    .leftJoin(studioUser, eq(studioUser.id, photoSessions.studioId));
}

export async function findPhotoSession(db: Db, id: number): Promise<PhotoSessionView | null> {
  const [row] = await selectSessions(db).where(eq(photoSessions.id, id));
  return (row as PhotoSessionView | undefined) ?? null;
}

/** Its tutor, its studio and admins see a session; anyone else is told it does not exist. */
export function maySee(viewer: UserRow, session: Pick<PhotoSessionView, "tutorId" | "studioId">): boolean {
  return isAdmin(viewer.role as Role) || viewer.id === session.tutorId || viewer.id === session.studioId;
}

export async function findPhotoSessionFor(db: Db, viewer: UserRow, id: number): Promise<PhotoSessionView> {
  const found = await findPhotoSession(db, id);
  if (!found || !maySee(viewer, found)) return fail("photo-session-not-found");
  return found;
}

/** A tutor's own, a studio's booked sessions, all for admins; newest first, paged (one round trip). */
export async function listPhotoSessions(
  db: Db,
  viewer: UserRow,
  query: PhotoSessionListQuery,
): Promise<Paged<PhotoSessionView>> {
  const scope = isAdmin(viewer.role as Role)
    ? undefined
    : viewer.role === Role.Studio
      ? eq(photoSessions.studioId, viewer.id)
      : eq(photoSessions.tutorId, viewer.id);
  const where = and(
    scope,
    query.status ? eq(photoSessions.status, query.status) : undefined,
    query.tutorId ? eq(photoSessions.tutorId, query.tutorId) : undefined,
    query.studioId ? eq(photoSessions.studioId, query.studioId) : undefined,
  );
  const [rows, [total]] = await db.batch([
    selectSessions(db)
      .where(where)
      .orderBy(desc(photoSessions.createdAt), desc(photoSessions.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(photoSessions).where(where),
  ]);
  return { list: rows as PhotoSessionView[], total: total?.total ?? 0 };
}

const isTutorSql = (tutorId: number) =>
  sql`EXISTS (SELECT 1 FROM users tu WHERE tu.id = ${tutorId} AND tu.deleted_at IS NULL AND tu.role IN (${Role.Tutor}, ${Role.TutorManager}))`;
const isStudioSql = (studioId: number) =>
  sql`EXISTS (SELECT 1 FROM users su WHERE su.id = ${studioId} AND su.deleted_at IS NULL AND su.role = ${Role.Studio})`;
const hasOpenSql = (tutorId: number) =>
  sql`EXISTS (SELECT 1 FROM photo_sessions op WHERE op.tutor_id = ${tutorId} AND op.status IN (${PhotoSessionStatus.Pending}, ${PhotoSessionStatus.Scheduled}))`;

/**
 * A tutor asks a studio for a session (admins for any tutor). One conditional INSERT, so two
 * concurrent requests never leave a tutor with two open sessions; a refusal is explained by a
 * second read: tutor-not-found, user-not-found (no such studio), photo-session-exists.
 */
export async function createPhotoSession(
  db: Db,
  actor: UserRow,
  body: PhotoSessionCreateBody,
  now = new Date(),
  auditBy?: AuditActor,
): Promise<PhotoSessionView> {
  const admin = isAdmin(actor.role as Role);
  if (!admin && body.tutorId !== undefined && body.tutorId !== actor.id) fail("forbidden");
  const tutorId = admin ? body.tutorId : actor.id;
  if (tutorId === undefined) return fail("bad-request", { tutorId: "bad-request" });
  const at = now.toISOString();
  if (body.scheduledAt !== undefined && body.scheduledAt <= at)
    fail("slot-time-passed", { scheduledAt: "slot-time-passed" });
  const insert = statement(
    db,
    sql`INSERT INTO photo_sessions (tutor_id, studio_id, scheduled_at, status, created_at, updated_at)
    SELECT ${tutorId}, ${body.studioId}, ${body.scheduledAt ?? null}, ${PhotoSessionStatus.Pending}, ${at}, ${at}
    WHERE ${isTutorSql(tutorId)} AND ${isStudioSql(body.studioId)} AND NOT ${hasOpenSql(tutorId)}
    RETURNING id`,
  );
  // An admin booking for a tutor is a staff write: recorded with the insert (only if it inserted).
  const entry = {
    action: "photo-session.decide" as const,
    targetType: "photo-session",
    targetId: insertedRowId,
    after: { tutorId, studioId: body.studioId, scheduledAt: body.scheduledAt ?? null },
  };
  const [inserted] = await d1(db).batch([
    insert,
    ...(admin && auditBy ? [auditRawStatement(db, auditBy, entry, now)] : []),
  ]);
  const rows = (inserted?.results ?? []) as { id: number }[];
  if (rows[0]) return (await findPhotoSession(db, rows[0].id))!;
  const [why] = await db.all<{ refusal: ErrorCode }>(sql`SELECT CASE
      WHEN NOT ${isTutorSql(tutorId)} THEN 'tutor-not-found'
      WHEN NOT ${isStudioSql(body.studioId)} THEN 'user-not-found'
      ELSE 'photo-session-exists' END AS refusal`);
  return fail(why?.refusal ?? "photo-session-exists");
}

/**
 * PATCH /photo-session/:id (rules in schema/api/photo-session.ts). The update is guarded by the
 * status it was checked against (and, for "done", by the three uploads), so a concurrent change
 * makes it answer illegal rather than overwrite.
 */
export async function changePhotoSession(
  scope: Pick<Scope, "db" | "now">,
  {
    actor,
    id,
    body,
    auditBy,
  }: { actor: UserRow; id: number; body: PhotoSessionPatchBody; auditBy?: AuditActor },
): Promise<{ before: PhotoSessionView; after: PhotoSessionView }> {
  const { db, now } = scope;
  const found = await findPhotoSessionFor(db, actor, id);
  const admin = isAdmin(actor.role as Role);
  const studio = !admin && actor.id === found.studioId;
  if (!admin && !studio) {
    // The tutor may only cancel.
    const keys = Object.keys(body);
    if (keys.length !== 1 || body.status !== PhotoSessionStatus.Canceled) fail("forbidden");
  }
  if (body.studioId !== undefined && !admin) fail("forbidden");
  if (!OPEN.includes(found.status)) fail("illegal");
  const at = now.toISOString();
  if (body.scheduledAt !== undefined && body.scheduledAt <= at)
    fail("slot-time-passed", { scheduledAt: "slot-time-passed" });

  let status = body.status ?? found.status;
  if (
    body.scheduledAt !== undefined &&
    body.status === undefined &&
    found.status === PhotoSessionStatus.Pending
  )
    status = PhotoSessionStatus.Scheduled;
  const scheduledAt = body.scheduledAt ?? found.scheduledAt;
  if (
    status === PhotoSessionStatus.Scheduled &&
    body.status === PhotoSessionStatus.Scheduled &&
    body.scheduledAt === undefined
  ) {
    if (!scheduledAt) fail("bad-request", { scheduledAt: "bad-request" });
    if (scheduledAt <= at) fail("slot-time-passed", { scheduledAt: "slot-time-passed" });
  }
  const done = status === PhotoSessionStatus.Done;
  if (done && !(found.image && found.video && found.thumbnail)) fail("illegal");

  const guard: SQL[] = [sql`${photoSessions.id} = ${id}`, sql`${photoSessions.status} = ${found.status}`];
  if (done)
    guard.push(
      sql`${photoSessions.image} IS NOT NULL AND ${photoSessions.video} IS NOT NULL AND ${photoSessions.thumbnail} IS NOT NULL`,
    );
  if (body.studioId !== undefined) guard.push(isStudioSql(body.studioId));
  const update = db
    .update(photoSessions)
    .set({
      status,
      scheduledAt,
      ...(body.note !== undefined ? { note: body.note === "" ? null : body.note } : {}),
      ...(body.studioId !== undefined ? { studioId: body.studioId } : {}),
      ...(done ? { completedAt: at } : {}),
      updatedAt: at,
    })
    .where(sql.join(guard, sql` AND `))
    .returning({ id: photoSessions.id });
  // A staff change (the studio's or an admin's) is recorded with it.
  const entry = {
    action: "photo-session.decide" as const,
    targetType: "photo-session",
    targetId: id,
    before: { status: found.status, scheduledAt: found.scheduledAt, studioId: found.studioId },
    after: {
      status,
      scheduledAt,
      ...(body.studioId !== undefined ? { studioId: body.studioId } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
    },
  };
  const updated = await withAudit(db, update, admin || studio ? auditBy : undefined, entry, now);
  if (updated.length === 0) {
    if (body.studioId !== undefined) {
      const [studioRow] = await db.all<{ ok: number }>(sql`SELECT ${isStudioSql(body.studioId)} AS ok`);
      if (!studioRow?.ok) fail("user-not-found");
    }
    fail("illegal");
  }
  return { before: found, after: (await findPhotoSession(db, id))! };
}

/**
 * Who may upload a tutor's media: an admin, or the studio of one of the tutor's open sessions.
 * Answers the open session's id (null when none, admins only).
 */
export async function assertMayUploadFor(db: Db, actor: UserRow, tutorId: number): Promise<number | null> {
  const [tutorRows, openRows] = await db.batch([
    db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, tutorId),
          isNull(users.deletedAt),
          inArray(users.role, [Role.Tutor, Role.TutorManager]),
        ),
      ),
    db
      .select({ id: photoSessions.id, studioId: photoSessions.studioId })
      .from(photoSessions)
      .where(and(eq(photoSessions.tutorId, tutorId), inArray(photoSessions.status, OPEN)))
      .orderBy(desc(photoSessions.id))
      .limit(1),
  ]);
  const admin = isAdmin(actor.role as Role);
  const [open] = openRows;
  if (tutorRows.length === 0) return fail("tutor-not-found");
  if (!admin && open?.studioId !== actor.id) fail("forbidden");
  return open?.id ?? null;
}

/** Makes the uploads the tutor's media (users.image, tutors.video/thumbnail) and the open session's copies. */
export async function saveTutorAssets(
  scope: Pick<Scope, "db" | "now">,
  {
    tutorId,
    sessionId,
    assets,
    auditBy,
  }: {
    tutorId: number;
    sessionId: number | null;
    assets: Partial<Omit<TutorAssets, "tutorId">>;
    auditBy?: AuditActor;
  },
): Promise<{ assets: TutorAssets; replaced: string[] }> {
  const { db, now } = scope;
  const at = now.toISOString();
  const tutorSet = {
    ...(assets.video ? { video: assets.video } : {}),
    ...(assets.thumbnail ? { thumbnail: assets.thumbnail } : {}),
    updatedAt: at,
  };
  const sessionSet = {
    ...(assets.image ? { image: assets.image } : {}),
    ...(assets.video ? { video: assets.video } : {}),
    ...(assets.thumbnail ? { thumbnail: assets.thumbnail } : {}),
    updatedAt: at,
  };
  const [[before], [beforeSession], , , [row]] = await db.batch([
    db
      .select({ image: users.image, video: tutors.video, thumbnail: tutors.thumbnail })
      .from(users)
      .innerJoin(tutors, eq(tutors.id, users.id))
      .where(eq(users.id, tutorId)),
    db
      .select({ image: photoSessions.image, video: photoSessions.video, thumbnail: photoSessions.thumbnail })
      .from(photoSessions)
      .where(eq(photoSessions.id, sessionId ?? 0)),
    db
      .update(users)
      .set({ ...(assets.image ? { image: assets.image } : {}), updatedAt: at })
      .where(eq(users.id, tutorId)),
    db.update(tutors).set(tutorSet).where(eq(tutors.id, tutorId)),
    db
      .select({ image: users.image, video: tutors.video, thumbnail: tutors.thumbnail })
      .from(users)
      .innerJoin(tutors, eq(tutors.id, users.id))
      .where(eq(users.id, tutorId)),
    db
      .update(photoSessions)
      .set(sessionSet)
      .where(and(eq(photoSessions.id, sessionId ?? 0), inArray(photoSessions.status, OPEN))),
    // Staff uploads of a tutor's media are recorded (unconditionally: the tutor's row changed above).
    ...(auditBy
      ? [
          auditStatement(
            db,
            auditBy,
            { action: "media.upload", targetType: "tutor", targetId: tutorId, after: assets },
            now,
            false,
          ),
        ]
      : []),
  ]);
  const assetsNow = {
    tutorId,
    image: row?.image ?? null,
    video: row?.video ?? null,
    thumbnail: row?.thumbnail ?? null,
  };
  // The files these uploads took the place of (the tutor's and the open session's), for cleanup.
  const kinds = (["image", "video", "thumbnail"] as const).filter((kind) => assets[kind]);
  const replaced = [...new Set(kinds.flatMap((kind) => [before?.[kind], beforeSession?.[kind]]))].filter(
    (url): url is string => !!url && !kinds.some((kind) => assets[kind] === url),
  );
  return { assets: assetsNow, replaced };
}

/** The latest session of the tutor (with this studio, not canceled, when a studio asks). */
function latestSessionId(studioId: number | null, withCanceled = false): SQL {
  if (studioId !== null && withCanceled)
    // One tutor opened by their studio: its live session, else its latest cancelled one (shown as such).
    return sql`(SELECT ls.id FROM photo_sessions ls WHERE ls.tutor_id = ${users.id} AND ls.studio_id = ${studioId}
      ORDER BY ls.status = ${PhotoSessionStatus.Canceled}, ls.created_at DESC, ls.id DESC LIMIT 1)`;
  const scope =
    studioId === null
      ? sql``
      : sql` AND ls.studio_id = ${studioId} AND ls.status <> ${PhotoSessionStatus.Canceled}`;
  return sql`(SELECT ls.id FROM photo_sessions ls WHERE ls.tutor_id = ${users.id}${scope} ORDER BY ls.created_at DESC, ls.id DESC LIMIT 1)`;
}

function studioTutorColumns() {
  return {
    id: users.id,
    name: users.name,
    email: users.email,
    phone: users.phone,
    image: users.image,
    video: tutors.video,
    thumbnail: tutors.thumbnail,
    // Aliased: D1 merges result columns of the same name (users.id, photo_sessions.id).
    sessionId: sql<number>`${photoSessions.id}`.as("session_id"),
    sessionStatus: sql<string>`${photoSessions.status}`.as("session_status"),
    sessionScheduledAt: sql<string | null>`${photoSessions.scheduledAt}`.as("session_scheduled_at"),
    sessionStudioId: sql<number | null>`${photoSessions.studioId}`.as("session_studio_id"),
  };
}

type StudioTutorRow = {
  id: number;
  name: string | null;
  email: string;
  phone: string | null;
  image: string | null;
  video: string | null;
  thumbnail: string | null;
  sessionId: number | null;
  sessionStatus: string | null;
  sessionScheduledAt: string | null;
  sessionStudioId: number | null;
};

function toStudioTutor(row: StudioTutorRow): StudioTutorView {
  const { sessionId, sessionStatus, sessionScheduledAt, sessionStudioId, ...tutor } = row;
  return {
    ...tutor,
    photoSession:
      sessionId === null
        ? null
        : {
            id: sessionId,
            status: sessionStatus as PhotoSessionStatus,
            scheduledAt: sessionScheduledAt,
            studioId: sessionStudioId,
          },
  };
}

function studioTutors(db: Db, viewer: UserRow, withCanceled = false) {
  const studioId = isAdmin(viewer.role as Role) ? null : viewer.id;
  return {
    select: () =>
      db
        .select(studioTutorColumns())
        .from(users)
        .innerJoin(tutors, eq(tutors.id, users.id))
        .innerJoin(photoSessions, eq(photoSessions.id, latestSessionId(studioId, withCanceled))),
    count: () =>
      db
        .select({ total: count() })
        .from(users)
        .innerJoin(tutors, eq(tutors.id, users.id))
        .innerJoin(photoSessions, eq(photoSessions.id, latestSessionId(studioId))),
  };
}

/** GET /user/tutor/all/for/studio: the studio's tutors (admins: every tutor with a session), paged. */
export async function listStudioTutors(
  db: Db,
  viewer: UserRow,
  query: StudioTutorListQuery,
): Promise<Paged<StudioTutorView>> {
  const where = and(
    isNull(users.deletedAt),
    query.name ? sql`${users.name} LIKE ${likePattern(query.name)} ESCAPE '\\'` : undefined,
    query.status ? eq(photoSessions.status, query.status) : undefined,
  );
  const q = studioTutors(db, viewer);
  const [rows, [total]] = await db.batch([
    q
      .select()
      .where(where)
      .orderBy(desc(photoSessions.createdAt), desc(users.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    q.count().where(where),
  ]);
  return { list: (rows as StudioTutorRow[]).map(toStudioTutor), total: total?.total ?? 0 };
}

/** GET /user/tutor/{tutorId}/for/studio: tutor-not-found unless the studio has a session with them. */
export async function findStudioTutor(db: Db, viewer: UserRow, tutorId: number): Promise<StudioTutorView> {
  // A session the tutor cancelled is still theirs to see (its cancelled state), not a missing tutor.
  const [row] = await studioTutors(db, viewer, true)
    .select()
    .where(and(eq(users.id, tutorId), isNull(users.deletedAt)));
  if (!row) return fail("tutor-not-found");
  return toStudioTutor(row as StudioTutorRow);
}

/** GET /user/studio/list: the studios, by name, paged. */
export async function listStudios(db: Db, query: PageQuery): Promise<Paged<StudioView>> {
  const where = and(eq(users.role, Role.Studio), isNull(users.deletedAt));
  const [rows, [total]] = await db.batch([
    db
      .select({ id: users.id, name: users.name, image: users.image })
      .from(users)
      .where(where)
      .orderBy(sql`${users.name} IS NULL`, users.name, users.id)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { list: rows, total: total?.total ?? 0 };
}
