import { confirmationCodeContracts } from "../../schema/api/confirmation-code";
import { endSessionsStatement } from "../domain/identity/auth-sessions";
import { takeAttempt } from "../domain/identity/rate-limit";
import { settings } from "../core/settings";
import { toUserView } from "../domain/identity/users";
import {
  confirmEmail,
  resetPassword,
  startEmailVerification,
  startPasswordReset,
  startPhoneVerification,
  verifyPhone,
} from "../domain/identity/verification";
import { clientAddress, signedIn } from "../http/respond";
import { notify } from "../notifications/notify";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import { publishEvents } from "../realtime/events";
import { TURNSTILE_TOKEN_HEADER, requireHuman } from "../integrations/turnstile";

export const confirmationCodeRoutes = [
  route(confirmationCodeContracts.sendEmailCode, {
    access: "signed-in",
    summary: "Send (or resend) the 5-digit email verification code.",
    async handle({ c, user }) {
      await takeAttempt(c.get("db"), `code-send:${user.id}`, settings.rateLimits.codeSend);
      await notify(scopeOf(c), await startEmailVerification(c.get("db"), user));
    },
  }),
  route(confirmationCodeContracts.confirmEmail, {
    access: "signed-in",
    summary: "Verify the email with its code.",
    async handle({ c, body, user }) {
      await takeAttempt(c.get("db"), `code-confirm:${user.id}`, settings.rateLimits.codeConfirm);
      return toUserView(await confirmEmail(c.get("db"), user, body.code));
    },
  }),
  route(confirmationCodeContracts.sendPasswordCode, {
    access: "public",
    summary:
      "Forgot password: email a reset code (the same answer whether or not the email exists). With Turnstile on, the x-turnstile-token header (captcha-failed).",
    async handle({ c, body }) {
      await requireHuman(scopeOf(c), {
        token: c.req.header(TURNSTILE_TOKEN_HEADER),
        remoteIp: clientAddress(c),
      });
      await takeAttempt(
        c.get("db"),
        `code-send:${clientAddress(c)}:${body.email}`,
        settings.rateLimits.codeSend,
      );
      const outgoing = await startPasswordReset(c.get("db"), body.email);
      if (outgoing) await notify(scopeOf(c), outgoing);
    },
  }),
  route(confirmationCodeContracts.confirmPassword, {
    access: "public",
    summary: "Forgot password: set a new password with the code; answers a signed-in session.",
    async handle({ c, body }) {
      await takeAttempt(
        c.get("db"),
        `code-confirm:${clientAddress(c)}:${body.email}`,
        settings.rateLimits.codeConfirm,
      );
      const user = await resetPassword(c.get("db"), body.email, body.code, body.password);
      // A reset signs every device out (a token issued before it no longer works, its sockets
      // close); this one signs in anew.
      const ended = await endSessionsStatement(c.get("db"), user.id, "password", c.get("now"));
      await publishEvents(scopeOf(c), {
        to: "ended-sessions",
        userId: user.id,
        sessionIds: ended.map((session) => session.id),
      });
      return signedIn(c, user);
    },
  }),
  route(confirmationCodeContracts.sendPhoneCode, {
    access: "signed-in",
    summary: "Send a phone verification code over WhatsApp or Telegram.",
    async handle({ c, body, user }) {
      await takeAttempt(c.get("db"), `code-send:${user.id}`, settings.rateLimits.codeSend);
      await notify(
        scopeOf(c),
        await startPhoneVerification(c.get("db"), user, body.phone, body.method, c.get("config").isLocal),
      );
    },
  }),
  route(confirmationCodeContracts.verifyPhone, {
    access: "signed-in",
    summary:
      "Verify the phone with its code; sets the phone and the notification method (incorrect-phone if `phone` is not where the code went).",
    async handle({ c, body, user }) {
      await takeAttempt(c.get("db"), `code-confirm:${user.id}`, settings.rateLimits.codeConfirm);
      return toUserView(
        await verifyPhone(scopeOf(c), {
          user,
          code: body.code,
          method: body.method,
          phone: body.phone,
        }),
      );
    },
  }),
];
