import { count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Paged } from "../../../schema/api/common";
import type { InterviewListQuery, InterviewPatchBody, InterviewView } from "../../../schema/api/interview";
import { interviews, users } from "../../../schema/db";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { appointmentListWhere, assertVisible, changeAppointment, hideNoteFrom } from "./appointments";
import type { AuditActor } from "../staff/audit";
import type { UserRow } from "../identity/users";

/** Interviews: a tutor's interview with a tutor manager, one kind of appointment (appointments.ts). */

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

/** Mine as interviewee or interviewer; admins see all. Newest first, paged. */
export async function listInterviews(
  db: Db,
  viewer: UserRow,
  query: InterviewListQuery,
): Promise<Paged<InterviewView>> {
  const where = appointmentListWhere("interview", viewer, query);
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
  return { list: rows.map((row) => hideNoteFrom(row as InterviewView, viewer)), total: total?.total ?? 0 };
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
 * PATCH /interview: the appointment rules (appointments.ts); a decision also needs the level
 * (1..5), stored and audited with it.
 */
export async function changeInterview(
  scope: Pick<Scope, "db" | "now">,
  { actor, body, auditBy }: { actor: UserRow; body: InterviewPatchBody; auditBy?: AuditActor },
): Promise<{ interview: InterviewView; activated: boolean }> {
  const { db } = scope;
  const found = await findInterview(db, body.id);
  const parties = found && { tutorId: found.intervieweeId, managerId: found.interviewerId };
  assertVisible("interview", actor, parties);
  const { activated } = await changeAppointment(scope, {
    kind: "interview",
    actor,
    found: { ...parties, id: found!.id, status: found!.status, start: found!.start },
    change: body,
    auditBy,
    decision: { level: body.level },
    checkDecision: () => {
      if (!body.feedback || body.level === undefined)
        fail(!body.feedback ? "short-interview-feedback" : "interview-level-too-low", {
          ...(!body.feedback ? { feedback: "short-interview-feedback" as const } : {}),
          ...(body.level === undefined ? { level: "interview-level-too-low" as const } : {}),
        });
    },
  });
  const interview = (await findInterview(db, found!.id))!;
  return { interview: hideNoteFrom(interview, actor), activated };
}
