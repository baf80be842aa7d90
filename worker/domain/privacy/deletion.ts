// Account deletion under Egypt's Personal Data Protection Law (151 of 2020): the owner's request,
// its grace period, its cancellation (docs/rules.md, "Your data: deletion"). The erasure itself is
// worker/domain/privacy/erasure.ts, run by the daily cron once a request is due.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DeletionStatus } from "../../../schema/api/privacy-deletion";
import { accountDeletions, availabilitySlots, socketTickets, users } from "../../../schema/db";
import { Role, VerificationType, isStaff, isTutorSide } from "../../../schema/enums";
import { DEFAULT_DELETION_GRACE_DAYS, type DeletionGrace } from "../../../schema/pricing";
import { DAY_MS } from "../../../schema/time";
import type { Db } from "../../core/context";
import { Failure, fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import { endSessionsStatement } from "../identity/auth-sessions";
import { consumeCode, issueCode } from "../identity/confirmation-codes";
import { verifyPassword } from "../identity/password";
import { passwordHashOf, type UserRow } from "../identity/users";
import { invoiceStats } from "../payments/invoices";
import { cancelSubscription, currentSubscriptionQuery } from "../payments/subscriptions";
import { auditStatement, type AuditActor } from "../staff/audit";
import { currentBusinessSettings } from "../staff/platform-settings";
import { cancelFutureLessons } from "../staff/suspension";
import { messages } from "../../notifications/messages";
import { deliverLater } from "../../notifications/notify";
import type { Message } from "../../notifications/outbox";
import { publishEvents } from "../../realtime/events";
import { announceCanceledLessons } from "../../realtime/subscription-events";
import { tutorChanged } from "../../realtime/tutor-events";

/** The states of account_deletions.state (schema/db/privacy.ts). */
export const DeletionState = {
  Pending: "pending",
  Canceled: "canceled",
  Erasing: "erasing",
  Erased: "erased",
} as const;
export type DeletionState = (typeof DeletionState)[keyof typeof DeletionState];

/** The grace period in force, in days (a business setting, 0–30; 14 when not set). */
export const graceDaysOf = (business: object): number =>
  (business as DeletionGrace).deletionGraceDays ?? DEFAULT_DELETION_GRACE_DAYS;

/**
 * Who may delete their own account: every role but staff (admins, tutor managers, the studio),
 * whose accounts carry other people's work and are closed by a SuperAdmin on a written request.
 */
export const maySelfDelete = (role: Role): boolean => !isStaff(role);

export type OpenDeletion = typeof accountDeletions.$inferSelect;

/** The user's open request (pending or erasing), if any. */
export async function openDeletion(db: Db, userId: number): Promise<OpenDeletion | null> {
  const [row] = await db
    .select()
    .from(accountDeletions)
    .where(
      and(
        eq(accountDeletions.userId, userId),
        inArray(accountDeletions.state, [DeletionState.Pending, DeletionState.Erasing]),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The money a tutor would leave behind: withdrawals waiting for staff plus earnings not yet asked
 * for. Deleting then would erase where to send it, so the request is refused until it is 0.
 */
export async function blockingBalance(
  db: Db,
  user: Pick<UserRow, "id" | "role">,
  now: Date,
): Promise<number> {
  if (!isTutorSide(user.role as Role)) return 0;
  const stats = await invoiceStats(db, user.id, now);
  return stats.pending + stats.withdrawable;
}

/** GET /user/current/deletion's answer. */
export async function deletionStatus(db: Db, user: UserRow, now: Date): Promise<DeletionStatus> {
  const [open, business, blocked] = await Promise.all([
    openDeletion(db, user.id),
    currentBusinessSettings(db, now.getTime()),
    blockingBalance(db, user, now),
  ]);
  return {
    state: open ? (open.state as "pending" | "erasing") : "none",
    requestedAt: open?.requestedAt ?? null,
    dueAt: open?.dueAt ?? null,
    graceDays: graceDaysOf(business),
    needsCode: !user.hasPassword,
    allowed: maySelfDelete(user.role as Role),
    blockedAmount: blocked,
  };
}

/** The refusal of a request while a tutor's money waits: the code, with the amount in the answer. */
function failBlocked(amount: number): never {
  throw new Failure("deletion-blocked-by-balance", undefined, undefined, { amount });
}

/**
 * The SuperAdmin's erasure on a written request: the open request (if any) becomes due now, else
 * one is stored with no grace period; the caller then runs the erasure at once. A tutor's money
 * still waiting refuses it as it refuses the owner.
 */
export async function staffDeletionRequest(
  scope: Scope,
  target: UserRow,
  actor: AuditActor & { userId: number },
  reason: string,
): Promise<void> {
  const { db, now } = scope;
  const blocked = await blockingBalance(db, target, now);
  if (blocked > 0) failBlocked(blocked);
  const open = await openDeletion(db, target.id);
  if (!open) return storeRequest(scope, target, actor, actor.userId, 0, reason);
  const at = now.toISOString();
  await db.batch([
    db
      .update(accountDeletions)
      .set({ dueAt: at, requestedBy: actor.userId, updatedAt: at })
      .where(and(eq(accountDeletions.id, open.id), eq(accountDeletions.state, DeletionState.Pending))),
    auditStatement(
      db,
      actor,
      {
        action: "user.deletion-request",
        targetType: "user",
        targetId: target.id,
        after: { dueAt: at, reason },
      },
      now,
    ),
  ]);
}

/** Sends the code an account without a password confirms its deletion with. */
export async function startDeletionCode(db: Db, user: UserRow, now: Date): Promise<Message> {
  if (!maySelfDelete(user.role as Role)) fail("deletion-not-allowed");
  if (user.hasPassword) fail("deletion-code-not-needed");
  const code = await issueCode(
    db,
    { userId: user.id, type: VerificationType.ConfirmDeletion, destination: user.email },
    now,
  );
  return {
    userId: user.id,
    channel: "email",
    kind: "security",
    recipient: user.email,
    code,
    ...messages.confirmDeletion(code),
  };
}

export type DeletionProof = { password?: string; code?: string };

/**
 * The owner's request: refused for staff, for a second open request and for a tutor whose money
 * still waits; the password (or, without one, the emailed code) proves it is the owner. Then one
 * batch stores the request (the partial unique index refuses a racing second one), ends every
 * sign-in session, drops the socket tickets and removes the tutor's free time to come; the
 * future lessons and a live plan are cancelled the usual way after it.
 */
export async function requestDeletion(
  scope: Scope,
  user: UserRow,
  proof: DeletionProof,
  actor: AuditActor,
): Promise<DeletionStatus> {
  const { db, now } = scope;
  if (!maySelfDelete(user.role as Role)) fail("deletion-not-allowed");
  if (await openDeletion(db, user.id)) fail("deletion-already-requested");
  if (user.hasPassword) {
    const hash = proof.password === undefined ? null : await passwordHashOf(db, user.id);
    if (proof.password === undefined || hash === null || !(await verifyPassword(proof.password, hash)))
      fail("wrong-password", { password: "wrong-password" });
  } else if (proof.code === undefined) fail("deletion-code-required", { code: "deletion-code-required" });
  const blocked = await blockingBalance(db, user, now);
  if (blocked > 0) failBlocked(blocked);
  if (!user.hasPassword) {
    const key = { userId: user.id, type: VerificationType.ConfirmDeletion };
    // The code is used up only now, once nothing else refuses the request.
    await consumeCode(
      db,
      key,
      proof.code!,
      db.select({ id: users.id }).from(users).where(eq(users.id, user.id)),
      now,
    );
  }
  const business = await currentBusinessSettings(db, now.getTime());
  await storeRequest(scope, user, actor, user.id, graceDaysOf(business), null);
  return deletionStatus(db, user, now);
}

/**
 * Stores an open request due after `graceDays` and ends what the account was doing. Shared by
 * the owner's request and the SuperAdmin's (grace 0, `reason` audited).
 */
export async function storeRequest(
  scope: Scope,
  user: Pick<UserRow, "id" | "role">,
  actor: AuditActor,
  requestedBy: number,
  graceDays: number,
  reason: string | null,
): Promise<void> {
  const { db, now } = scope;
  const at = now.toISOString();
  const dueAt = new Date(now.getTime() + graceDays * DAY_MS).toISOString();
  const [inserted] = await db.batch([
    db
      .insert(accountDeletions)
      .values({
        userId: user.id,
        state: DeletionState.Pending,
        requestedBy,
        requestedAt: at,
        dueAt,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: accountDeletions.id }),
    auditStatement(
      db,
      actor,
      {
        action: "user.deletion-request",
        targetType: "user",
        targetId: user.id,
        after: { dueAt, graceDays, ...(reason ? { reason } : {}) },
      },
      now,
    ),
    endSessionsStatement(db, user.id, "deletion", now),
    db.delete(socketTickets).where(eq(socketTickets.userId, user.id)),
    // The tutor's free time to come is removed (kept as deleted rows: past lessons point at slots).
    db
      .update(availabilitySlots)
      .set({ deletedAt: at, updatedAt: at })
      .where(
        and(
          eq(availabilitySlots.userId, user.id),
          sql`${availabilitySlots.end} > ${at}`,
          sql`${availabilitySlots.deletedAt} IS NULL`,
        ),
      ),
  ]);
  if (inserted.length === 0) {
    // A racing request won: this batch's audit row and session ends are harmless repeats.
    fail("deletion-already-requested");
  }
  await endActivity(scope, user);
}

/** Every socket closes, the future lessons and a live plan are cancelled, a tutor leaves the list. */
async function endActivity(scope: Scope, user: Pick<UserRow, "id" | "role">): Promise<void> {
  const { db, now, logger } = scope;
  await publishEvents(scope, { to: "ended-sessions", userId: user.id });
  const { canceled, outbox } = await cancelFutureLessons(db, user.id, user.id, now);
  deliverLater(scope, outbox);
  scope.waitUntil(publishEvents(scope, { to: "lesson-members", type: "LessonCanceled", lessons: canceled }));
  if (user.role === Role.Student) {
    // The refund opened here is asked of Fawry by the cron (worker/jobs/payments.ts, settleRefunds).
    const [sub] = await currentSubscriptionQuery(db, user.id, now);
    if (sub) {
      try {
        const outcome = await cancelSubscription(db, sub, user.id, now);
        await announceCanceledLessons(scope, user.id, outcome.canceledLessons);
      } catch (error) {
        // Nothing left to refund (subscription-uncancellable): the plan simply runs out unused.
        if (!(error instanceof Failure)) throw error;
        logger.info("plan kept at deletion request", { userId: user.id, code: error.code });
      }
    }
  }
  if (isTutorSide(user.role as Role)) tutorChanged(scope, user.id);
}

/** DELETE /user/current/deletion: the grace period's cancellation (the account is used again). */
export async function cancelDeletion(
  scope: Scope,
  user: UserRow,
  actor: AuditActor,
): Promise<DeletionStatus> {
  const { db, now } = scope;
  const at = now.toISOString();
  const [updated] = await db.batch([
    db
      .update(accountDeletions)
      .set({ state: DeletionState.Canceled, canceledAt: at, updatedAt: at })
      .where(and(eq(accountDeletions.userId, user.id), eq(accountDeletions.state, DeletionState.Pending)))
      .returning({ id: accountDeletions.id }),
    auditStatement(db, actor, { action: "user.deletion-cancel", targetType: "user", targetId: user.id }, now),
  ]);
  if (updated.length === 0) fail("deletion-not-requested");
  if (isTutorSide(user.role as Role)) tutorChanged(scope, user.id);
  return deletionStatus(db, user, now);
}
