import { and, eq, isNull } from "drizzle-orm";
import { users } from "../../../schema/db";
import { MessagingApp, VerificationType } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import type { Scope } from "../../core/scope";
import {
  codeDestination,
  consumeCode,
  issueCode,
  liveCodeDestination,
  whileCodeIsValid,
} from "./confirmation-codes";
import { messages } from "../../notifications/messages";
import type { Message } from "../../notifications/outbox";
import { hashPassword } from "./password";
import { accountColumns, type UserRow } from "./users";

/** What a flow wants sent; the route enqueues it in the outbox and delivers it after answering. */
export type Outgoing = Message;

export async function startEmailVerification(db: Db, user: UserRow): Promise<Outgoing> {
  if (user.verifiedEmail) fail("email-already-verified");
  const code = await issueCode(db, {
    userId: user.id,
    type: VerificationType.VerifyEmail,
    destination: user.email,
  });
  return {
    userId: user.id,
    channel: "email",
    kind: "security",
    recipient: user.email,
    code,
    ...messages.verifyEmail(code),
  };
}

export async function confirmEmail(db: Db, user: UserRow, code: string, now = new Date()): Promise<UserRow> {
  if (user.verifiedEmail) fail("email-already-verified");
  const key = { userId: user.id, type: VerificationType.VerifyEmail };
  const [updated] = await consumeCode(
    db,
    key,
    code,
    db
      .update(users)
      .set({ verifiedEmail: true, updatedAt: now.toISOString() })
      .where(and(eq(users.id, user.id), whileCodeIsValid(key, code, now)))
      .returning(accountColumns),
    now,
  );
  return updated ?? fail("user-not-found");
}

/** Forgot password, step 1. Unknown emails get no message and the same answer. */
export async function startPasswordReset(db: Db, email: string): Promise<Outgoing | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return null;
  const code = await issueCode(db, {
    userId: user.id,
    type: VerificationType.ResetPassword,
    destination: email,
  });
  return {
    userId: user.id,
    channel: "email",
    kind: "security",
    recipient: email,
    code,
    ...messages.resetPassword(code),
  };
}

/** Forgot password, last step: a right code sets the new password and proves the email. */
export async function resetPassword(
  db: Db,
  email: string,
  code: string,
  password: string,
  now = new Date(),
): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  if (!user) return fail("invalid-verification-code");
  const key = { userId: user.id, type: VerificationType.ResetPassword };
  const passwordHash = await hashPassword(password);
  const [updated] = await consumeCode(
    db,
    key,
    code,
    db
      .update(users)
      .set({ passwordHash, verifiedEmail: true, updatedAt: now.toISOString() })
      .where(and(eq(users.id, user.id), whileCodeIsValid(key, code, now)))
      .returning(accountColumns),
    now,
  );
  return updated ?? fail("user-not-found");
}

const phoneCodeType = (method: MessagingApp) =>
  method === MessagingApp.Whatsapp ? VerificationType.VerifyWhatsApp : VerificationType.VerifyTelegram;

export async function startPhoneVerification(
  db: Db,
  user: UserRow,
  phone: string,
  method: MessagingApp,
  isLocal: boolean,
): Promise<Outgoing> {
  if (user.verifiedPhone && user.phone === phone) fail("phone-already-verified");
  // A Telegram bot can only write to a chat that pressed Start; locally the mailbox stands in.
  const recipient =
    method === MessagingApp.Telegram ? (user.telegramChatId ?? (isLocal ? phone : null)) : phone;
  if (!recipient) fail("unresolved-phone");
  const code = await issueCode(db, { userId: user.id, type: phoneCodeType(method), destination: phone });
  return {
    userId: user.id,
    channel: method === MessagingApp.Whatsapp ? "whatsapp" : "telegram",
    kind: "security",
    recipient,
    code,
    ...messages.verifyPhone(code),
  };
}

/**
 * Verifies the phone the code was sent to. When the client also names the phone it shows, a right
 * code sent to another number is refused with `incorrect-phone` and stays usable.
 */
export async function verifyPhone(
  scope: Pick<Scope, "db" | "now">,
  {
    user,
    code,
    method,
    phone,
  }: {
    user: UserRow;
    code: string;
    method: MessagingApp;
    /** The phone the client shows, when it names one. */
    phone?: string;
  },
): Promise<UserRow> {
  const { db, now } = scope;
  const key = { userId: user.id, type: phoneCodeType(method) };
  if (phone !== undefined) {
    const destination = await liveCodeDestination(db, key, code, now);
    if (destination !== null && destination !== phone) fail("incorrect-phone", { phone: "incorrect-phone" });
  }
  const [updated] = await consumeCode(
    db,
    key,
    code,
    db
      .update(users)
      .set({
        phone: codeDestination(key, code, now),
        verifiedPhone: true,
        notificationMethod: method,
        updatedAt: now.toISOString(),
      })
      .where(and(eq(users.id, user.id), whileCodeIsValid(key, code, now)))
      .returning(accountColumns),
    now,
  );
  return updated ?? fail("user-not-found");
}
