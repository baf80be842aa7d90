// Linking a user to their Telegram chat (docs/services.md §3.2): a one-time deep-link token stored
// as a confirmation code of type LinkTelegram; the bot's "/start <token>" stores the chat id.
import { and, eq, gt, sql } from "drizzle-orm";
import { confirmationCodes, users } from "../../../schema/db";
import { VerificationType } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { DEEP_LINK_PAYLOAD } from "../../integrations/telegram";
import { settings } from "../../core/settings";

const type = VerificationType.LinkTelegram;

/** 32 characters of base64url (192 random bits): within the deep link's 64 of A-Z a-z 0-9 _ -. */
export function newLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

/** Issues the user's link token; a new one replaces the previous (one live token per user). */
export async function issueLinkToken(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  const token = newLinkToken();
  const expiresAt = new Date(now.getTime() + settings.verificationCode.lifetimeMs).toISOString();
  await db
    .insert(confirmationCodes)
    .values({
      userId,
      type,
      code: token,
      destination: "telegram",
      expiresAt,
      attempts: 0,
      createdAt: now.toISOString(),
    })
    .onConflictDoUpdate({
      target: [confirmationCodes.userId, confirmationCodes.type],
      set: { code: token, destination: "telegram", expiresAt, attempts: 0, createdAt: now.toISOString() },
    });
  return { token, expiresAt };
}

/**
 * Uses a link token: in one batch, the chat leaves any other account, the token's user gets the
 * chat id, and the token is deleted; each statement guarded by the token being live, so an
 * unknown, expired or used token changes nothing. Answers the linked user, or null.
 */
export async function linkChat(db: Db, token: string, chatId: string, now = new Date()) {
  if (!DEEP_LINK_PAYLOAD.test(token)) return null;
  const live = and(
    eq(confirmationCodes.type, type),
    eq(confirmationCodes.code, token),
    gt(confirmationCodes.expiresAt, now.toISOString()),
  );
  const owner = sql`(SELECT ${confirmationCodes.userId} FROM ${confirmationCodes} WHERE ${live})`;
  const [, linked] = await db.batch([
    db
      .update(users)
      .set({ telegramChatId: null, updatedAt: now.toISOString() })
      .where(and(eq(users.telegramChatId, chatId), sql`${users.id} IS NOT ${owner}`, sql`EXISTS ${owner}`)),
    db
      .update(users)
      .set({ telegramChatId: chatId, updatedAt: now.toISOString() })
      .where(eq(users.id, owner))
      .returning({ id: users.id, name: users.name }),
    db
      .delete(confirmationCodes)
      .where(and(eq(confirmationCodes.type, type), eq(confirmationCodes.code, token))),
  ]);
  return linked[0] ?? null;
}
