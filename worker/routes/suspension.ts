import { type SuspensionResult, suspensionContracts } from "../../schema/api/suspension";
import { Role } from "../../schema/enums";
import { auditActorOf } from "../domain/staff/audit";
import { maySuspend, restoreAccount, suspendAccount } from "../domain/staff/suspension";
import { findUserById } from "../domain/identity/users";
import { fail } from "../core/failure";
import { deliverLater } from "../notifications/notify";
import { route } from "../http/route";
import { tutorChanged } from "../realtime/tutor-events";
import { publishLater } from "../realtime/events";
import { scopeOf } from "../http/scope";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const suspensionRoutes = [
  route(suspensionContracts.suspend, {
    access: admins,
    summary:
      "Suspend an account with a reason (admins; an admin only by a SuperAdmin, never oneself): its sessions end, its sockets close, its future lessons are cancelled with the usual notices, and it answers account-suspended everywhere.",
    async handle({ c, params, body, user: caller }): Promise<SuspensionResult> {
      const db = c.get("db");
      const target = await findUserById(db, params.id);
      if (!target) fail("user-not-found");
      if (target.id === caller.id) fail("illegal"); // nobody suspends or restores themselves
      if (!maySuspend(caller, target)) fail("forbidden");
      const now = c.get("now");
      const { canceled, outbox } = await suspendAccount(
        db,
        { ...auditActorOf(c, caller.id), userId: caller.id },
        target,
        body.reason,
        now,
      );
      deliverLater(scopeOf(c), outbox);
      publishLater(
        scopeOf(c),
        { to: "suspended-user", userId: target.id },
        { to: "lesson-members", type: "LessonCanceled", lessons: canceled },
      );
      if (target.role === Role.Tutor || target.role === Role.TutorManager)
        tutorChanged(scopeOf(c), target.id);
      return {
        suspendedAt: now.toISOString(),
        suspensionReason: body.reason,
        canceledLessons: canceled.length,
      };
    },
  }),
  route(suspensionContracts.restore, {
    access: admins,
    summary: "Lift an account's suspension (admins; an admin only by a SuperAdmin): the user signs in again.",
    async handle({ c, params, user: caller }): Promise<SuspensionResult> {
      const db = c.get("db");
      const target = await findUserById(db, params.id);
      if (!target) fail("user-not-found");
      if (target.id === caller.id) fail("illegal"); // nobody suspends or restores themselves
      if (!maySuspend(caller, target)) fail("forbidden");
      await restoreAccount(db, auditActorOf(c, caller.id), target, c.get("now"));
      if (target.role === Role.Tutor || target.role === Role.TutorManager)
        tutorChanged(scopeOf(c), target.id);
      return { suspendedAt: null, suspensionReason: null, canceledLessons: 0 };
    },
  }),
];
