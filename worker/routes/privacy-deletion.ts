import { privacyDeletionContracts } from "../../schema/api/privacy-deletion";
import { Role } from "../../schema/enums";
import { fail } from "../core/failure";
import { settings } from "../core/settings";
import { takeAttempt } from "../domain/identity/rate-limit";
import { findUserById } from "../domain/identity/users";
import {
  cancelDeletion,
  deletionStatus,
  requestDeletion,
  staffDeletionRequest,
  startDeletionCode,
} from "../domain/privacy/deletion";
import { eraseAccount } from "../domain/privacy/erasure";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import { notify } from "../notifications/notify";

/** Account deletion (docs/rules.md, "Your data: deletion"): the owner's request, its cancellation, the SuperAdmin's erasure. */
export const privacyDeletionRoutes = [
  route(privacyDeletionContracts.status, {
    access: "signed-in",
    duringDeletion: true,
    summary:
      "The caller's deletion request: its state and due date, the grace period in force, and what asking needs (password or code) or blocks it (staff, a tutor's money).",
    handle: ({ c, user }) => deletionStatus(c.get("db"), user, c.get("now")),
  }),
  route(privacyDeletionContracts.sendCode, {
    access: "signed-in",
    summary: "Email the code that confirms deleting an account without a password (Google sign-in only).",
    async handle({ c, user }) {
      await takeAttempt(c.get("db"), `code-send:${user.id}`, settings.rateLimits.codeSend);
      await notify(scopeOf(c), await startDeletionCode(c.get("db"), user, c.get("now")));
    },
  }),
  route(privacyDeletionContracts.request, {
    access: "signed-in",
    summary:
      "Ask to delete one's account (every role but staff) with the password, or the emailed code: every session ends, future lessons and a live plan are cancelled, a tutor leaves the list; the account is erased after the grace period.",
    async handle({ c, body, user }) {
      await takeAttempt(c.get("db"), `deletion:${user.id}`, settings.rateLimits.codeConfirm);
      return requestDeletion(scopeOf(c), user, body, auditActorOf(c, user.id));
    },
  }),
  route(privacyDeletionContracts.cancel, {
    access: "signed-in",
    duringDeletion: true,
    summary: "Restore the account during the grace period: the deletion request is cancelled.",
    handle: ({ c, user }) => cancelDeletion(scopeOf(c), user, auditActorOf(c, user.id)),
  }),
  route(privacyDeletionContracts.staffErase, {
    access: [Role.SuperAdmin],
    summary:
      "SuperAdmin: erase an account at once on its owner's written request (the reason is audited); never one's own or another SuperAdmin's.",
    async handle({ c, params, body, user: caller }) {
      const db = c.get("db");
      const target = await findUserById(db, params.id);
      if (!target) fail("user-not-found");
      if (target.id === caller.id || target.role === Role.SuperAdmin) fail("deletion-not-allowed");
      const scope = scopeOf(c);
      await staffDeletionRequest(
        scope,
        target,
        { ...auditActorOf(c, caller.id), userId: caller.id },
        body.reason,
      );
      const result = await eraseAccount(scope, target.id);
      return { userId: target.id, state: result };
    },
  }),
];
