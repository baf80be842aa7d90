import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { socketTickets, users } from "../../../schema/db";
import { Role, isAdmin } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { auditStatement, type AuditActor } from "./audit";
import { endSessionsStatement } from "../identity/auth-sessions";
import { d1, statement } from "../../core/db";
import { lessonMessages } from "../../notifications/lesson-messages";
import { messagesToSql } from "../../notifications/channels";
import type { StoredOutboxRow } from "../../notifications/outbox";
import { tutorsChanged } from "../tutors/tutor-list";
import type { UserRow } from "../identity/users";

/**
 * Suspending an account: one batch sets the suspension (only if it was not suspended), writes the
 * audit row, ends every session and drops the socket tickets; then the account's future lessons
 * are cancelled the way an admin cancels one (both members notified, the student's weekly minutes
 * come back by themselves since they are counted from lessons that are not cancelled). Every
 * route then answers account-suspended to it (worker/http/route.ts), and the caller closes its
 * open sockets (durable-objects/close-user.ts).
 */

type Target = Pick<UserRow, "id" | "role" | "suspendedAt" | "suspensionReason">;

/** Admins suspend and restore accounts; only a SuperAdmin suspends an admin, and nobody themselves. */
export function maySuspend(
  caller: Pick<UserRow, "id" | "role">,
  target: Pick<UserRow, "id" | "role">,
): boolean {
  if (caller.id === target.id) return false;
  if (isAdmin(target.role as Role)) return caller.role === Role.SuperAdmin && target.role !== Role.SuperAdmin;
  return isAdmin(caller.role as Role);
}

type CanceledLesson = { id: number; memberIds: number[] };

export async function suspendAccount(
  db: Db,
  actor: AuditActor & { userId: number },
  target: Target,
  reason: string,
  now = new Date(),
): Promise<{ canceled: CanceledLesson[]; outbox: StoredOutboxRow[] }> {
  if (target.suspendedAt) fail("account-already-suspended");
  const at = now.toISOString();
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ suspendedAt: at, suspensionReason: reason, updatedAt: at })
      .where(and(eq(users.id, target.id), isNull(users.suspendedAt), isNull(users.deletedAt)))
      .returning({ id: users.id }),
    auditStatement(
      db,
      actor,
      {
        action: "user.suspend",
        targetType: "user",
        targetId: target.id,
        before: { suspended: false },
        after: { suspended: true, reason },
      },
      now,
    ),
    endSessionsStatement(db, target.id, "suspension", now),
    db.delete(socketTickets).where(eq(socketTickets.userId, target.id)),
  ]);
  if (updated.length === 0) fail("account-already-suspended");
  const result = await cancelFutureLessons(db, target.id, actor.userId, now);
  tutorsChanged(); // a suspended tutor leaves the public lists (the cached answers are stale)
  return result;
}

export async function restoreAccount(
  db: Db,
  actor: AuditActor,
  target: Target,
  now = new Date(),
): Promise<void> {
  if (!target.suspendedAt) fail("account-not-suspended");
  const at = now.toISOString();
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ suspendedAt: null, suspensionReason: null, updatedAt: at })
      .where(and(eq(users.id, target.id), isNotNull(users.suspendedAt), isNull(users.deletedAt)))
      .returning({ id: users.id }),
    auditStatement(
      db,
      actor,
      {
        action: "user.restore",
        targetType: "user",
        targetId: target.id,
        before: { suspended: true, reason: target.suspensionReason },
        after: { suspended: false },
      },
      now,
    ),
  ]);
  if (updated.length === 0) fail("account-not-suspended");
  tutorsChanged();
}

type FutureLesson = {
  id: number;
  start: string;
  tutorId: number;
  tutorZone: string | null;
  studentId: number | null;
  studentZone: string | null;
};

/**
 * Cancels every lesson of the user that has not started, as cancelled by the admin: one batch with
 * each conditional update and, only when it cancelled, both members' notices in the outbox.
 */
export async function cancelFutureLessons(
  db: Db,
  userId: number,
  adminId: number,
  now: Date,
): Promise<{ canceled: CanceledLesson[]; outbox: StoredOutboxRow[] }> {
  const at = now.toISOString();
  const { results: lessons } = await statement(
    db,
    sql`SELECT l.id AS id, l.start AS start, l.tutor_id AS tutorId, t.time_zone AS tutorZone, m.user_id AS studentId, s.time_zone AS studentZone
      FROM lessons l
      JOIN users t ON t.id = l.tutor_id
      LEFT JOIN lesson_members m ON m.lesson_id = l.id AND m.user_id <> l.tutor_id
      LEFT JOIN users s ON s.id = m.user_id
      WHERE l.canceled_at IS NULL AND l.start > ${at}
        AND (l.tutor_id = ${userId} OR EXISTS (SELECT 1 FROM lesson_members x WHERE x.lesson_id = l.id AND x.user_id = ${userId}))
      ORDER BY l.start LIMIT 500`,
  ).all<FutureLesson>();
  if (lessons.length === 0) return { canceled: [], outbox: [] };
  const statements: D1PreparedStatement[] = [];
  const shape: { lesson: FutureLesson; notices: number }[] = [];
  for (const lesson of lessons) {
    const text = (by: string | null) => lessonMessages.canceled(lesson.start, by);
    const canceled = sql`EXISTS (SELECT 1 FROM lessons WHERE id = ${lesson.id} AND canceled_at = ${at} AND canceled_by = ${adminId})`;
    const members = [
      { id: lesson.tutorId, zone: lesson.tutorZone },
      ...(lesson.studentId === null ? [] : [{ id: lesson.studentId, zone: lesson.studentZone }]),
    ];
    statements.push(
      statement(
        db,
        sql`UPDATE lessons SET canceled_at = ${at}, canceled_by = ${adminId}, updated_at = ${at} WHERE id = ${lesson.id} AND canceled_at IS NULL AND start > ${at}`,
      ),
      ...members.map((member) =>
        statement(
          db,
          messagesToSql({
            userId: member.id,
            otherId: adminId,
            text,
            when: canceled,
            at,
            zone: member.zone,
            kind: "booking-changes",
          }),
        ),
      ),
    );
    shape.push({ lesson, notices: members.length });
  }
  const results = await d1(db).batch(statements);
  const canceled: CanceledLesson[] = [];
  const outbox: StoredOutboxRow[] = [];
  let index = 0;
  for (const { lesson, notices } of shape) {
    const update = results[index++]!;
    const sent = results.slice(index, index + notices);
    index += notices;
    if (update.meta.changes === 0) continue;
    canceled.push({
      id: lesson.id,
      memberIds: [lesson.tutorId, ...(lesson.studentId === null ? [] : [lesson.studentId])],
    });
    outbox.push(...sent.flatMap((result) => result.results as StoredOutboxRow[]));
  }
  return { canceled, outbox };
}
