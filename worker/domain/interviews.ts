import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Paged } from "../../schema/api/common";
import type { InterviewListQuery, InterviewPatchBody, InterviewView, ManagerProposal } from "../../schema/api/interview";
import { availabilitySlots, demoSessions, interviews, lessons, tutors, users } from "../../schema/db";
import { InterviewStatus, IntroVideoStatus, ReviewStatus, Role, SlotPurpose, isAdmin } from "../../schema/enums";
import type { ErrorCode } from "../../schema/errors";
import type { Db } from "../core/context";
import { fail } from "../core/failure";
import { auditStatement, type AuditActor } from "./audit";
import type { UserRow } from "./users";
import { holdsTimeSql } from "./state-rules";
import { SLOT_GRID_MS, onGrid } from "./availability";
import { MONTHS_BETWEEN_INTERVIEWS, RETRY_AFTER_REJECTION_MONTHS, activateIfComplete, monthsAfter, monthsBefore } from "./onboarding";

/** Interviews and demo sessions last 30 minutes (docs/rules.md, Tutors). */
export const MANAGER_SESSION_MINUTES = 30;
const SESSION_MS = MANAGER_SESSION_MINUTES * 60 * 1000;
/** How far ahead /interview/select and /demo-session/select look. */
export const PROPOSAL_HORIZON_DAYS = 14;
const MAX_PROPOSED_STARTS = 100;

export type ManagerSessionKind = "interview" | "demo";

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** The manager's time [start, end) is taken by a pending interview or demo, or a lesson. */
export function managerBusySql(managerId: number, start: string, end: string): SQL {
  return sql`(EXISTS (SELECT 1 FROM interviews bi WHERE bi.interviewer_id = ${managerId} AND ${holdsTimeSql("interview", "bi")}
      AND bi.start < ${end} AND bi.end > ${start})
    OR EXISTS (SELECT 1 FROM demo_sessions bd WHERE bd.tutor_manager_id = ${managerId} AND ${holdsTimeSql("demo", "bd")}
      AND bd.start < ${end} AND bd.end > ${start})
    OR EXISTS (SELECT 1 FROM lessons bl WHERE bl.tutor_id = ${managerId} AND bl.canceled_at IS NULL
      AND bl.start < ${end} AND bl.end > ${start}))`;
}

/** The tutor's own eligibility for a new interview: the code that refuses it, in SQL. */
function interviewRefusalSql(tutorId: number, start: string, now: Date): SQL {
  const rejectedSince = monthsBefore(now, RETRY_AFTER_REJECTION_MONTHS);
  return sql`CASE
    WHEN EXISTS (SELECT 1 FROM interviews x WHERE x.interviewee_id = ${tutorId} AND x.status IN (${InterviewStatus.Pending}, ${InterviewStatus.Passed}))
      THEN 'conflicting-interview'
    WHEN EXISTS (SELECT 1 FROM interviews x WHERE x.interviewee_id = ${tutorId} AND x.status = ${InterviewStatus.Rejected}
      AND coalesce(x.decided_at, x.start) > ${rejectedSince}) THEN 'conflicting-interview'
    WHEN EXISTS (SELECT 1 FROM interviews x WHERE x.interviewee_id = ${tutorId}
      AND x.status NOT IN (${InterviewStatus.Rejected}, ${InterviewStatus.CanceledByInterviewer}, ${InterviewStatus.CanceledByInterviewee})
      AND x.start > ${monthsBefore(start, MONTHS_BETWEEN_INTERVIEWS)} AND x.start < ${monthsAfter(start, MONTHS_BETWEEN_INTERVIEWS)})
      THEN 'conflicting-interview'
    END`;
}

/** The tutor's own eligibility for a demo session: an approved intro video, no pending or passed demo. */
function demoRefusalSql(tutorId: number): SQL {
  return sql`CASE
    WHEN NOT EXISTS (SELECT 1 FROM intro_videos v WHERE v.tutor_id = ${tutorId} AND v.status = ${IntroVideoStatus.Approved}) THEN 'intro-video-not-found'
    WHEN EXISTS (SELECT 1 FROM demo_sessions x WHERE x.tutor_id = ${tutorId} AND x.status IN (${ReviewStatus.Pending}, ${ReviewStatus.Passed}))
      THEN 'demo-session-exists'
    END`;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (/UNIQUE constraint failed/i.test(e.message)) return true;
  return false;
}

/**
 * Books a 30-minute interview or demo session with a tutor manager. Checks, in order: the start
 * on the grid (bad-request) and in the future (slot-time-passed), the manager exists
 * (user-not-found) and is activated (inactive-tutor-manager), the tutor's own eligibility, then
 * the time lies in one of the manager's Interview/DemoSession or General slots and is free
 * (busy-tutor-manager). The insert is one INSERT ... SELECT ... WHERE NOT EXISTS, so two
 * concurrent bookings cannot both succeed; a refusal is explained by a second read.
 */
export async function bookWithManager(
  db: Db,
  kind: ManagerSessionKind,
  tutorId: number,
  managerId: number,
  start: string,
  now = new Date(),
): Promise<number> {
  if (!onGrid(start)) fail("bad-request");
  if (start <= now.toISOString()) fail("slot-time-passed");
  const end = plus(start, SESSION_MS);
  const [manager] = await db
    .select({ role: users.role, activated: tutors.activated })
    .from(users)
    .leftJoin(tutors, eq(tutors.id, users.id))
    .where(and(eq(users.id, managerId), isNull(users.deletedAt)));
  if (!manager || manager.role !== Role.TutorManager) fail("user-not-found");
  if (!manager.activated) fail("inactive-tutor-manager");
  if (managerId === tutorId) fail("illegal");

  const purpose = kind === "interview" ? SlotPurpose.Interview : SlotPurpose.DemoSession;
  const refusal = kind === "interview" ? interviewRefusalSql(tutorId, start, now) : demoRefusalSql(tutorId);
  const slotSql = sql`SELECT s.id FROM availability_slots s WHERE s.user_id = ${managerId} AND s.deleted_at IS NULL
    AND s.purpose IN (${SlotPurpose.General}, ${purpose}) AND s.start <= ${start} AND s.end >= ${end} ORDER BY s.start LIMIT 1`;
  const at = now.toISOString();
  const insert =
    kind === "interview"
      ? sql`INSERT INTO interviews (interviewee_id, interviewer_id, slot_id, start, end, status, created_at, updated_at)`
      : sql`INSERT INTO demo_sessions (tutor_id, tutor_manager_id, slot_id, start, end, status, created_at, updated_at)`;
  try {
    const rows = await db.all<{ id: number }>(sql`${insert}
      SELECT ${tutorId}, ${managerId}, (${slotSql}), ${start}, ${end}, 1, ${at}, ${at}
      WHERE (${refusal}) IS NULL
        AND EXISTS (SELECT 1 FROM tutors m WHERE m.id = ${managerId} AND m.activated = 1)
        AND (${slotSql}) IS NOT NULL
        AND NOT ${managerBusySql(managerId, start, end)}
      RETURNING id`);
    if (rows[0]) return rows[0].id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const [why] = await db.all<{ refusal: ErrorCode | null; active: number }>(
    sql`SELECT (${refusal}) AS refusal, EXISTS (SELECT 1 FROM tutors m WHERE m.id = ${managerId} AND m.activated = 1) AS active`,
  );
  if (why && !why.active) fail("inactive-tutor-manager");
  return fail(why?.refusal ?? "busy-tutor-manager");
}

/**
 * The activated tutor manager with the soonest free 30-minute start in a slot for this purpose
 * (or General), within the next PROPOSAL_HORIZON_DAYS, and that manager's free starts (one round trip).
 */
export async function proposeManager(db: Db, kind: ManagerSessionKind, now = new Date()): Promise<ManagerProposal> {
  const purpose = kind === "interview" ? SlotPurpose.Interview : SlotPurpose.DemoSession;
  const from = new Date(Math.ceil((now.getTime() + 1) / SLOT_GRID_MS) * SLOT_GRID_MS).toISOString();
  const until = plus(from, PROPOSAL_HORIZON_DAYS * 86_400_000);
  const activeManagers = db
    .select({ id: users.id })
    .from(users)
    .innerJoin(tutors, eq(tutors.id, users.id))
    .where(and(eq(users.role, Role.TutorManager), isNull(users.deletedAt), eq(tutors.activated, true)));
  const [slots, busyInterviews, busyDemos, busyLessons] = await db.batch([
    db
      .select({ userId: availabilitySlots.userId, start: availabilitySlots.start, end: availabilitySlots.end })
      .from(availabilitySlots)
      .where(
        and(
          inArray(availabilitySlots.userId, activeManagers),
          isNull(availabilitySlots.deletedAt),
          inArray(availabilitySlots.purpose, [SlotPurpose.General, purpose]),
          gt(availabilitySlots.end, from),
          lt(availabilitySlots.start, until),
        ),
      ),
    db
      .select({ userId: interviews.interviewerId, start: interviews.start, end: interviews.end })
      .from(interviews)
      .where(and(inArray(interviews.interviewerId, activeManagers), eq(interviews.status, InterviewStatus.Pending), gt(interviews.end, from))),
    db
      .select({ userId: demoSessions.tutorManagerId, start: demoSessions.start, end: demoSessions.end })
      .from(demoSessions)
      .where(and(inArray(demoSessions.tutorManagerId, activeManagers), eq(demoSessions.status, ReviewStatus.Pending), gt(demoSessions.end, from))),
    db
      .select({ userId: lessons.tutorId, start: lessons.start, end: lessons.end })
      .from(lessons)
      .where(and(inArray(lessons.tutorId, activeManagers), isNull(lessons.canceledAt), gt(lessons.end, from))),
  ]);
  const busy = [...busyInterviews, ...busyDemos, ...busyLessons];
  const freeStarts = new Map<number, string[]>();
  for (const slot of slots) {
    const first = Math.max(Date.parse(slot.start), Date.parse(from));
    for (let t = first; t + SESSION_MS <= Date.parse(slot.end) && t < Date.parse(until); t += SLOT_GRID_MS) {
      const start = new Date(t).toISOString();
      const end = new Date(t + SESSION_MS).toISOString();
      if (busy.some((b) => b.userId === slot.userId && b.start < end && b.end > start)) continue;
      const list = freeStarts.get(slot.userId) ?? [];
      list.push(start);
      freeStarts.set(slot.userId, list);
    }
  }
  let best: { id: number; starts: string[] } | null = null;
  for (const [id, starts] of freeStarts) {
    starts.sort();
    if (!best || starts[0]! < best.starts[0]! || (starts[0] === best.starts[0] && id < best.id)) best = { id, starts };
  }
  if (!best) return { manager: null, starts: [] };
  const [manager] = await db.select({ id: users.id, name: users.name, image: users.image }).from(users).where(eq(users.id, best.id));
  return { manager: manager ?? null, starts: [...new Set(best.starts)].slice(0, MAX_PROPOSED_STARTS) };
}

const interviewee = alias(users, "interviewee");
const interviewer = alias(users, "interviewer");

function interviewColumns() {
  return {
    id: interviews.id,
    intervieweeId: interviews.intervieweeId,
    intervieweeName: sql<string | null>`${interviewee.name}`.as("interviewee_name"),
    interviewerId: interviews.interviewerId,
    interviewerName: sql<string | null>`${interviewer.name}`.as("interviewer_name"),
    start: interviews.start,
    end: interviews.end,
    status: interviews.status,
    feedback: interviews.feedback,
    note: interviews.note,
    level: interviews.level,
    decidedAt: interviews.decidedAt,
    canceledAt: interviews.canceledAt,
  };
}

/** The staff-only note is hidden from tutors. */
function forViewer<T extends { note: string | null }>(row: T, viewer: UserRow): T {
  return viewer.role === Role.Tutor ? { ...row, note: null } : row;
}

/** Mine as interviewee or interviewer; admins see all. Newest first, paged. */
export async function listInterviews(db: Db, viewer: UserRow, query: InterviewListQuery): Promise<Paged<InterviewView>> {
  const mine = isAdmin(viewer.role as Role) ? undefined : or(eq(interviews.intervieweeId, viewer.id), eq(interviews.interviewerId, viewer.id));
  const where = and(
    mine,
    query.status ? eq(interviews.status, query.status) : undefined,
    query.manager ? eq(interviews.interviewerId, query.manager) : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select(interviewColumns())
      .from(interviews)
      .innerJoin(interviewee, eq(interviewee.id, interviews.intervieweeId))
      .innerJoin(interviewer, eq(interviewer.id, interviews.interviewerId))
      .where(where)
      .orderBy(desc(interviews.start), desc(interviews.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(interviews).where(where),
  ]);
  return { list: rows.map((row) => forViewer(row as InterviewView, viewer)), total: total?.total ?? 0 };
}

export async function findInterview(db: Db, id: number): Promise<InterviewView | null> {
  const [row] = await db
    .select(interviewColumns())
    .from(interviews)
    .innerJoin(interviewee, eq(interviewee.id, interviews.intervieweeId))
    .innerJoin(interviewer, eq(interviewer.id, interviews.interviewerId))
    .where(eq(interviews.id, id));
  return (row as InterviewView | undefined) ?? null;
}

/**
 * PATCH /interview. The tutor may only cancel, and only before the start (`illegal` after);
 * the interviewer (or an admin) passes or rejects with feedback and level (note optional), or
 * cancels. Only a pending interview changes (`illegal`). A pass activates the tutor in the same
 * batch when it completes the steps.
 */
export async function changeInterview(
  db: Db,
  actor: UserRow,
  body: InterviewPatchBody,
  now = new Date(),
  auditBy?: AuditActor,
): Promise<{ interview: InterviewView; activated: boolean }> {
  const found = await findInterview(db, body.id);
  const admin = isAdmin(actor.role as Role);
  if (!found || (!admin && actor.id !== found.intervieweeId && actor.id !== found.interviewerId)) return fail("interview-not-found");
  const at = now.toISOString();
  const isInterviewee = actor.id === found.intervieweeId && !admin;
  if (isInterviewee !== (body.status === InterviewStatus.CanceledByInterviewee)) fail("forbidden");
  if (found.status !== InterviewStatus.Pending) fail("illegal");
  if (isInterviewee && found.start <= at) fail("illegal");
  const deciding = body.status === InterviewStatus.Passed || body.status === InterviewStatus.Rejected;
  if (deciding && (!body.feedback || body.level === undefined)) {
    fail(!body.feedback ? "short-interview-feedback" : "interview-level-too-low", {
      ...(!body.feedback ? { feedback: "short-interview-feedback" as const } : {}),
      ...(body.level === undefined ? { level: "interview-level-too-low" as const } : {}),
    });
  }
  const changes = deciding
    ? { status: body.status, feedback: body.feedback, note: body.note ?? null, level: body.level, decidedAt: at, updatedAt: at }
    : { status: body.status, canceledBy: actor.id, canceledAt: at, updatedAt: at };
  const guard = and(eq(interviews.id, found.id), eq(interviews.status, InterviewStatus.Pending), isInterviewee ? gt(interviews.start, at) : undefined);
  // Staff decisions (the interviewer's or an admin's) are recorded right after the change.
  const entry = { action: "interview.decide", targetType: "interview", targetId: found.id, before: { status: found.status }, after: { status: body.status, ...(deciding ? { level: body.level } : {}) } } as const;
  const audit = auditBy && !isInterviewee ? [auditStatement(db, auditBy, entry, now)] : [];
  const [updated, ...rest] = await db.batch([
    db.update(interviews).set(changes).where(guard).returning({ id: interviews.id }),
    ...audit,
    activateIfComplete(db, found.intervieweeId, at),
  ]);
  const activated = rest[rest.length - 1] as unknown[];
  if (updated.length === 0) fail("illegal");
  const interview = (await findInterview(db, found.id))!;
  return { interview: forViewer(interview, actor), activated: activated.length > 0 };
}
