import { and, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ManagerProposal } from "../../../schema/api/interview";
import { availabilitySlots, demoSessions, interviews, lessons, tutors, users } from "../../../schema/db";
import {
  InterviewStatus,
  IntroVideoStatus,
  ReviewStatus,
  Role,
  SlotPurpose,
  isAdmin,
} from "../../../schema/enums";
import type { ErrorCode } from "../../../schema/errors";
import { GRID_MS } from "../../../schema/pricing";
import { DAY_MS, MINUTE_MS } from "../../../schema/time";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { auditStatement, type AuditActor } from "../staff/audit";
import { onGrid } from "../tutors/availability";
import {
  MONTHS_BETWEEN_INTERVIEWS,
  RETRY_AFTER_REJECTION_MONTHS,
  activateIfComplete,
  monthsAfter,
  monthsBefore,
} from "./onboarding";
import { holdsTimeSql, pendingStatus, type AppointmentKind } from "../state-rules";
import type { UserRow } from "../identity/users";

/**
 * The one appointment model of interviews and demo sessions (docs/rules.md, Tutors): a tutor books
 * 30 minutes with an activated tutor manager, inside one of the manager's slots for that purpose
 * (or General) and clear of the manager's pending appointments and lessons; while pending it holds
 * both people's time (state-rules.ts). The tutor may cancel before the start; the manager or an
 * admin decides (with feedback) or cancels; only a pending appointment changes; a pass activates
 * the tutor in the same batch when it completes the onboarding steps; the staff-only note is
 * hidden from tutors. interviews.ts and demo-sessions.ts only add their views.
 */

export type { AppointmentKind } from "../state-rules";

/** Interviews and demo sessions last 30 minutes (docs/rules.md, Tutors). */
export const MANAGER_SESSION_MINUTES = 30;
const SESSION_MS = MANAGER_SESSION_MINUTES * MINUTE_MS;
/** How far ahead /interview/select and /demo-session/select look. */
export const PROPOSAL_HORIZON_DAYS = 14;
const MAX_PROPOSED_STARTS = 100;

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** Who is acting on an appointment. */
export type Party = "tutor" | "manager" | "admin";

type Kind = {
  purpose: SlotPurpose;
  /** The table's columns, whatever each kind calls them. */
  columns: {
    id: SQLiteColumn;
    tutorId: SQLiteColumn;
    managerId: SQLiteColumn;
    status: SQLiteColumn;
    start: SQLiteColumn;
  };
  passed: number;
  rejected: number;
  /** The status each party cancels with. */
  canceledBy: Record<Party, number>;
  notFound: ErrorCode;
  audit: { action: "interview.decide" | "demo-session.decide"; targetType: "interview" | "demo-session" };
  /** The INSERT head of a new appointment (tutor, manager, slot, start, end, status, created, updated). */
  insert: SQL;
  /** Why this tutor may not book one now (an error code), or NULL, in SQL. */
  refusalSql: (tutorId: number, start: string, now: Date) => SQL;
};

const kinds: Record<AppointmentKind, Kind> = {
  interview: {
    purpose: SlotPurpose.Interview,
    columns: {
      id: interviews.id,
      tutorId: interviews.intervieweeId,
      managerId: interviews.interviewerId,
      status: interviews.status,
      start: interviews.start,
    },
    passed: InterviewStatus.Passed,
    rejected: InterviewStatus.Rejected,
    canceledBy: {
      tutor: InterviewStatus.CanceledByInterviewee,
      manager: InterviewStatus.CanceledByInterviewer,
      admin: InterviewStatus.CanceledByInterviewer,
    },
    notFound: "interview-not-found",
    audit: { action: "interview.decide", targetType: "interview" },
    insert: sql`INSERT INTO interviews (interviewee_id, interviewer_id, slot_id, start, end, status, created_at, updated_at)`,
    refusalSql: interviewRefusalSql,
  },
  demo: {
    purpose: SlotPurpose.DemoSession,
    columns: {
      id: demoSessions.id,
      tutorId: demoSessions.tutorId,
      managerId: demoSessions.tutorManagerId,
      status: demoSessions.status,
      start: demoSessions.start,
    },
    passed: ReviewStatus.Passed,
    rejected: ReviewStatus.Rejected,
    canceledBy: {
      tutor: ReviewStatus.CanceledByTutor,
      manager: ReviewStatus.CanceledByTutorManager,
      admin: ReviewStatus.CanceledByAdmin,
    },
    notFound: "demo-session-not-found",
    audit: { action: "demo-session.decide", targetType: "demo-session" },
    insert: sql`INSERT INTO demo_sessions (tutor_id, tutor_manager_id, slot_id, start, end, status, created_at, updated_at)`,
    refusalSql: (tutorId) => demoRefusalSql(tutorId),
  },
};

// ---------------------------------------------------------------------------------------------
// Eligibility and time

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

const activeManagerSql = (managerId: number) =>
  sql`EXISTS (SELECT 1 FROM tutors m WHERE m.id = ${managerId} AND m.activated = 1)`;

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (/UNIQUE constraint failed/i.test(e.message)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Booking

/**
 * Books a 30-minute interview or demo session with a tutor manager. Checks, in order: the start
 * on the grid (bad-request) and in the future (slot-time-passed), the manager exists
 * (user-not-found) and is activated (inactive-tutor-manager), the tutor's own eligibility, then
 * the time lies in one of the manager's Interview/DemoSession or General slots and is free
 * (busy-tutor-manager). The insert is one INSERT ... SELECT ... WHERE NOT EXISTS, so two
 * concurrent bookings cannot both succeed; a refusal is explained by a second read.
 */
export async function bookWithManager(
  scope: Pick<Scope, "db" | "now">,
  {
    kind,
    tutorId,
    managerId,
    start,
  }: { kind: AppointmentKind; tutorId: number; managerId: number; start: string },
): Promise<number> {
  const { db, now } = scope;
  const rules = kinds[kind];
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

  const refusal = rules.refusalSql(tutorId, start, now);
  const slotSql = sql`SELECT s.id FROM availability_slots s WHERE s.user_id = ${managerId} AND s.deleted_at IS NULL
    AND s.purpose IN (${SlotPurpose.General}, ${rules.purpose}) AND s.start <= ${start} AND s.end >= ${end} ORDER BY s.start LIMIT 1`;
  const at = now.toISOString();
  try {
    const rows = await db.all<{ id: number }>(sql`${rules.insert}
      SELECT ${tutorId}, ${managerId}, (${slotSql}), ${start}, ${end}, ${pendingStatus[kind]}, ${at}, ${at}
      WHERE (${refusal}) IS NULL
        AND ${activeManagerSql(managerId)}
        AND (${slotSql}) IS NOT NULL
        AND NOT ${managerBusySql(managerId, start, end)}
      RETURNING id`);
    if (rows[0]) return rows[0].id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const [why] = await db.all<{ refusal: ErrorCode | null; active: number }>(
    sql`SELECT (${refusal}) AS refusal, ${activeManagerSql(managerId)} AS active`,
  );
  if (why && !why.active) fail("inactive-tutor-manager");
  return fail(why?.refusal ?? "busy-tutor-manager");
}

/**
 * The activated tutor manager with the soonest free 30-minute start in a slot for this purpose
 * (or General), within the next PROPOSAL_HORIZON_DAYS, and that manager's free starts (one round trip).
 */
export async function proposeManager(
  db: Db,
  kind: AppointmentKind,
  now = new Date(),
): Promise<ManagerProposal> {
  const purpose = kinds[kind].purpose;
  const from = new Date(Math.ceil((now.getTime() + 1) / GRID_MS) * GRID_MS).toISOString();
  const until = plus(from, PROPOSAL_HORIZON_DAYS * DAY_MS);
  const activeManagers = db
    .select({ id: users.id })
    .from(users)
    .innerJoin(tutors, eq(tutors.id, users.id))
    .where(and(eq(users.role, Role.TutorManager), isNull(users.deletedAt), eq(tutors.activated, true)));
  const [slots, busyInterviews, busyDemos, busyLessons] = await db.batch([
    db
      .select({
        userId: availabilitySlots.userId,
        start: availabilitySlots.start,
        end: availabilitySlots.end,
      })
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
      .where(
        and(
          inArray(interviews.interviewerId, activeManagers),
          eq(interviews.status, pendingStatus.interview),
          gt(interviews.end, from),
        ),
      ),
    db
      .select({ userId: demoSessions.tutorManagerId, start: demoSessions.start, end: demoSessions.end })
      .from(demoSessions)
      .where(
        and(
          inArray(demoSessions.tutorManagerId, activeManagers),
          eq(demoSessions.status, pendingStatus.demo),
          gt(demoSessions.end, from),
        ),
      ),
    db
      .select({ userId: lessons.tutorId, start: lessons.start, end: lessons.end })
      .from(lessons)
      .where(
        and(inArray(lessons.tutorId, activeManagers), isNull(lessons.canceledAt), gt(lessons.end, from)),
      ),
  ]);
  const busy = [...busyInterviews, ...busyDemos, ...busyLessons];
  const freeStarts = new Map<number, string[]>();
  for (const slot of slots) {
    const first = Math.max(Date.parse(slot.start), Date.parse(from));
    for (let t = first; t + SESSION_MS <= Date.parse(slot.end) && t < Date.parse(until); t += GRID_MS) {
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
    if (!best || starts[0]! < best.starts[0]! || (starts[0] === best.starts[0] && id < best.id))
      best = { id, starts };
  }
  if (!best) return { manager: null, starts: [] };
  const [manager] = await db
    .select({ id: users.id, name: users.name, image: users.image })
    .from(users)
    .where(eq(users.id, best.id));
  return { manager: manager ?? null, starts: [...new Set(best.starts)].slice(0, MAX_PROPOSED_STARTS) };
}

// ---------------------------------------------------------------------------------------------
// Who sees and changes an appointment

type Parties = { tutorId: number; managerId: number };

/** The acting party: an admin, the manager, the tutor, or null for anyone else. */
export function partyOf(actor: UserRow, appointment: Parties): Party | null {
  if (isAdmin(actor.role as Role)) return "admin";
  if (actor.id === appointment.managerId) return "manager";
  if (actor.id === appointment.tutorId) return "tutor";
  return null;
}

/** Its tutor, its manager and admins see an appointment; anyone else is told it does not exist. */
export function assertVisible(
  kind: AppointmentKind,
  viewer: UserRow,
  appointment: Parties | null | undefined,
): asserts appointment is Parties {
  if (!appointment || partyOf(viewer, appointment) === null) fail(kinds[kind].notFound);
}

/** The staff-only note is hidden from tutors. */
export function hideNoteFrom<T extends { note: string | null }>(row: T, viewer: UserRow): T {
  return viewer.role === Role.Tutor ? { ...row, note: null } : row;
}

/** A list's filter: the viewer's own appointments (all for admins), by status and manager when asked. */
export function appointmentListWhere(
  kind: AppointmentKind,
  viewer: UserRow,
  query: { status?: number; manager?: number },
): SQL | undefined {
  const { columns } = kinds[kind];
  return and(
    isAdmin(viewer.role as Role)
      ? undefined
      : or(eq(columns.tutorId, viewer.id), eq(columns.managerId, viewer.id)),
    query.status ? eq(columns.status, query.status) : undefined,
    query.manager ? eq(columns.managerId, query.manager) : undefined,
  );
}

export type AppointmentChange = { status: number; feedback?: string; note?: string };

/**
 * Decides or cancels a pending appointment. Each party has its statuses (forbidden otherwise):
 * the tutor cancels, before the start only; the manager and an admin pass, reject or cancel.
 * Only a pending appointment changes (`illegal`, also when a racing change won). A decision
 * needs feedback (`checkDecision` adds a kind's own requirements) and stores `decision`'s extra
 * fields; staff changes are audited right after the update; a pass activates the tutor when it
 * completes the steps, in the same batch.
 */
export async function changeAppointment(
  scope: Pick<Scope, "db" | "now">,
  options: {
    kind: AppointmentKind;
    actor: UserRow;
    found: Parties & { id: number; status: number; start: string };
    change: AppointmentChange;
    auditBy?: AuditActor;
    checkDecision?: () => void;
    decision?: Record<string, unknown>;
  },
): Promise<{ activated: boolean }> {
  const { db, now } = scope;
  const { kind, actor, found, change } = options;
  const rules = kinds[kind];
  const at = now.toISOString();
  const party = partyOf(actor, found) ?? fail(rules.notFound);
  const allowed =
    party === "tutor" ? [rules.canceledBy.tutor] : [rules.passed, rules.rejected, rules.canceledBy[party]];
  if (!allowed.includes(change.status)) fail("forbidden");
  if (found.status !== pendingStatus[kind]) fail("illegal");
  if (party === "tutor" && found.start <= at) fail("illegal");
  const deciding = change.status === rules.passed || change.status === rules.rejected;
  if (deciding) {
    options.checkDecision?.();
    if (!change.feedback) fail("short-interview-feedback", { feedback: "short-interview-feedback" });
  }
  const decision = options.decision ?? {};
  const changes = deciding
    ? {
        status: change.status,
        feedback: change.feedback,
        note: change.note ?? null,
        ...decision,
        decidedAt: at,
        updatedAt: at,
      }
    : { status: change.status, canceledBy: actor.id, canceledAt: at, updatedAt: at };
  const { columns } = rules;
  const guard = and(
    eq(columns.id, found.id),
    eq(columns.status, pendingStatus[kind]),
    party === "tutor" ? gt(columns.start, at) : undefined,
  );
  const table = kind === "interview" ? interviews : demoSessions;
  const entry = {
    ...rules.audit,
    targetId: found.id,
    before: { status: found.status },
    after: { status: change.status, ...(deciding ? decision : {}) },
  };
  const audit = options.auditBy && party !== "tutor" ? [auditStatement(db, options.auditBy, entry, now)] : [];
  const [updated, ...rest] = await db.batch([
    db.update(table).set(changes).where(guard).returning({ id: columns.id }),
    ...audit,
    activateIfComplete(db, found.tutorId, at),
  ]);
  const activated = rest[rest.length - 1] as unknown[];
  if ((updated as unknown[]).length === 0) fail("illegal");
  return { activated: activated.length > 0 };
}
