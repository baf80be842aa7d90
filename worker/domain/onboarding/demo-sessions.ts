import { count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Paged } from "../../../schema/api/common";
import type { DemoListQuery, DemoPatchBody, DemoSessionView } from "../../../schema/api/demo-session";
import { demoSessions, users } from "../../../schema/db";
import type { Db } from "../../core/context";
import type { Scope } from "../../core/scope";
import { appointmentListWhere, assertVisible, changeAppointment, hideNoteFrom } from "./appointments";
import type { AuditActor } from "../staff/audit";
import type { UserRow } from "../identity/users";

/** Demo sessions: a tutor's demo lesson before a tutor manager, one kind of appointment (appointments.ts). */

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
  assertVisible("demo", viewer, found && { tutorId: found.tutorId, managerId: found.tutorManagerId });
  return hideNoteFrom(found!, viewer);
}

export async function listDemoSessions(
  db: Db,
  viewer: UserRow,
  query: DemoListQuery,
): Promise<Paged<DemoSessionView>> {
  const where = appointmentListWhere("demo", viewer, query);
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
  return { list: rows.map((row) => hideNoteFrom(row as DemoSessionView, viewer)), total: total?.total ?? 0 };
}

/** PATCH /demo-session/:id: the appointment rules (appointments.ts). */
export async function changeDemoSession(
  scope: Pick<Scope, "db" | "now">,
  { actor, id, body, auditBy }: { actor: UserRow; id: number; body: DemoPatchBody; auditBy?: AuditActor },
): Promise<{ demo: DemoSessionView; activated: boolean }> {
  const { db } = scope;
  const found = await findDemoFor(db, actor, id);
  const { activated } = await changeAppointment(scope, {
    kind: "demo",
    actor,
    found: {
      id,
      tutorId: found.tutorId,
      managerId: found.tutorManagerId,
      status: found.status,
      start: found.start,
    },
    change: body,
    auditBy,
  });
  return { demo: hideNoteFrom((await findDemo(db, id))!, actor), activated };
}
