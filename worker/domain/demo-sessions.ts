import { and, count, desc, eq, gt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Paged } from "../../schema/api/common";
import type { DemoListQuery, DemoPatchBody, DemoSessionView } from "../../schema/api/demo-session";
import { demoSessions, users } from "../../schema/db";
import { ReviewStatus, Role, isAdmin } from "../../schema/enums";
import type { Db } from "../core/context";
import { fail } from "../core/failure";
import { auditStatement, type AuditActor } from "./audit";
import { activateIfComplete } from "./onboarding";
import type { UserRow } from "./users";

const tutor = alias(users, "tutor");
const manager = alias(users, "manager");

const columns = {
  id: demoSessions.id,
  tutorId: demoSessions.tutorId,
  tutorName: sql<string | null>`${tutor.name}`.as("tutor_name"),
  tutorManagerId: demoSessions.tutorManagerId,
  tutorManagerName: sql<string | null>`${manager.name}`.as("manager_name"),
  start: demoSessions.start,
  end: demoSessions.end,
  status: demoSessions.status,
  feedback: demoSessions.feedback,
  note: demoSessions.note,
  decidedAt: demoSessions.decidedAt,
  canceledAt: demoSessions.canceledAt,
};

function forViewer(row: DemoSessionView, viewer: UserRow): DemoSessionView {
  return viewer.role === Role.Tutor ? { ...row, note: null } : row;
}

async function findDemo(db: Db, id: number): Promise<DemoSessionView | null> {
  const [row] = await db
    .select(columns)
    .from(demoSessions)
    .innerJoin(tutor, eq(tutor.id, demoSessions.tutorId))
    .innerJoin(manager, eq(manager.id, demoSessions.tutorManagerId))
    .where(eq(demoSessions.id, id));
  return (row as DemoSessionView | undefined) ?? null;
}

/** Its tutor, its manager and admins see a demo session; others get `demo-session-not-found`. */
export async function findDemoFor(db: Db, viewer: UserRow, id: number): Promise<DemoSessionView> {
  const found = await findDemo(db, id);
  if (!found || (!isAdmin(viewer.role as Role) && viewer.id !== found.tutorId && viewer.id !== found.tutorManagerId)) return fail("demo-session-not-found");
  return forViewer(found, viewer);
}

export async function listDemoSessions(db: Db, viewer: UserRow, query: DemoListQuery): Promise<Paged<DemoSessionView>> {
  const mine = isAdmin(viewer.role as Role) ? undefined : or(eq(demoSessions.tutorId, viewer.id), eq(demoSessions.tutorManagerId, viewer.id));
  const where = and(
    mine,
    query.status ? eq(demoSessions.status, query.status) : undefined,
    query.manager ? eq(demoSessions.tutorManagerId, query.manager) : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select(columns)
      .from(demoSessions)
      .innerJoin(tutor, eq(tutor.id, demoSessions.tutorId))
      .innerJoin(manager, eq(manager.id, demoSessions.tutorManagerId))
      .where(where)
      .orderBy(desc(demoSessions.start), desc(demoSessions.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(demoSessions).where(where),
  ]);
  return { list: rows.map((row) => forViewer(row as DemoSessionView, viewer)), total: total?.total ?? 0 };
}

/**
 * The tutor cancels (CanceledByTutor) before the start only; the manager passes, rejects (with
 * feedback) or cancels; an admin may decide or cancel (CanceledByAdmin). Only a pending session
 * changes (`illegal`). A pass activates the tutor in the same batch when it completes the steps.
 */
export async function changeDemoSession(
  db: Db,
  actor: UserRow,
  id: number,
  body: DemoPatchBody,
  now = new Date(),
  auditBy?: AuditActor,
): Promise<{ demo: DemoSessionView; activated: boolean }> {
  const found = await findDemoFor(db, actor, id);
  const at = now.toISOString();
  const admin = isAdmin(actor.role as Role);
  const role = admin ? "admin" : actor.id === found.tutorManagerId ? "manager" : "tutor";
  const allowed: Record<typeof role, number[]> = {
    tutor: [ReviewStatus.CanceledByTutor],
    manager: [ReviewStatus.Passed, ReviewStatus.Rejected, ReviewStatus.CanceledByTutorManager],
    admin: [ReviewStatus.Passed, ReviewStatus.Rejected, ReviewStatus.CanceledByAdmin],
  };
  if (!allowed[role].includes(body.status)) fail("forbidden");
  if (found.status !== ReviewStatus.Pending) fail("illegal");
  if (role === "tutor" && found.start <= at) fail("illegal");
  const deciding = body.status === ReviewStatus.Passed || body.status === ReviewStatus.Rejected;
  if (deciding && !body.feedback) fail("short-interview-feedback", { feedback: "short-interview-feedback" });
  const changes = deciding
    ? { status: body.status, feedback: body.feedback, note: body.note ?? null, decidedAt: at, updatedAt: at }
    : { status: body.status, canceledBy: actor.id, canceledAt: at, updatedAt: at };
  const guard = and(eq(demoSessions.id, id), eq(demoSessions.status, ReviewStatus.Pending), role === "tutor" ? gt(demoSessions.start, at) : undefined);
  // Staff decisions (the tutor manager's or an admin's) are recorded right after the change.
  const entry = { action: "demo-session.decide", targetType: "demo-session", targetId: id, before: { status: found.status }, after: { status: body.status } } as const;
  const audit = auditBy && role !== "tutor" ? [auditStatement(db, auditBy, entry, now)] : [];
  const [updated, ...rest] = await db.batch([
    db.update(demoSessions).set(changes).where(guard).returning({ id: demoSessions.id }),
    ...audit,
    activateIfComplete(db, found.tutorId, at),
  ]);
  const activated = rest[rest.length - 1] as unknown[];
  if (updated.length === 0) fail("illegal");
  return { demo: forViewer((await findDemo(db, id))!, actor), activated: activated.length > 0 };
}
