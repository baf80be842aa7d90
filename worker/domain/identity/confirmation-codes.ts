import { and, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { confirmationCodes } from "../../../schema/db";
import type { VerificationType } from "../../../schema/enums";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { settings } from "../../core/settings";
import { generateVerificationCode } from "./verification-code";

type CodeKey = { userId: number; type: VerificationType };

/**
 * Issues a fresh code; a resend replaces the previous one and resets its tries. `alongside` adds
 * statements to the same batch (a staff-sent code's audit row).
 */
export async function issueCode(
  db: Db,
  key: CodeKey & { destination: string },
  now = new Date(),
  alongside?: (db: Db) => BatchItem<"sqlite">[],
): Promise<string> {
  const code = generateVerificationCode();
  const expiresAt = new Date(now.getTime() + settings.verificationCode.lifetimeMs).toISOString();
  const upsert = db
    .insert(confirmationCodes)
    .values({ ...key, code, expiresAt, attempts: 0, createdAt: now.toISOString() })
    .onConflictDoUpdate({
      target: [confirmationCodes.userId, confirmationCodes.type],
      set: { code, destination: key.destination, expiresAt, attempts: 0, createdAt: now.toISOString() },
    });
  const extra = alongside?.(db) ?? [];
  if (extra.length) await db.batch([upsert, ...extra] as unknown as Parameters<Db["batch"]>[0]);
  else await upsert;
  return code;
}

function validCodeWhere({ userId, type }: CodeKey, code: string, now: Date) {
  return and(
    eq(confirmationCodes.userId, userId),
    eq(confirmationCodes.type, type),
    eq(confirmationCodes.code, code),
    gt(confirmationCodes.expiresAt, now.toISOString()),
    lt(confirmationCodes.attempts, settings.verificationCode.maxWrongAttempts),
  );
}

/**
 * A condition that holds only while `code` is the live, unexpired, unburnt code: the guard that
 * a code's effect (verify the email, set the password) puts in its own WHERE clause.
 */
export function whileCodeIsValid(key: CodeKey, code: string, now: Date): SQL {
  return sql`EXISTS (SELECT 1 FROM ${confirmationCodes} WHERE ${validCodeWhere(key, code, now)})`;
}

/** The destination (email or phone) the live code was sent to, for effects that copy it. */
export function codeDestination(key: CodeKey, code: string, now: Date): SQL {
  return sql`(SELECT destination FROM ${confirmationCodes} WHERE ${validCodeWhere(key, code, now)})`;
}

/** Where the live code was sent, or null when `code` is not the live, unexpired, unburnt code. */
export async function liveCodeDestination(
  db: Db,
  key: CodeKey,
  code: string,
  now = new Date(),
): Promise<string | null> {
  const [live] = await db
    .select({ destination: confirmationCodes.destination })
    .from(confirmationCodes)
    .where(validCodeWhere(key, code, now))
    .limit(1);
  return live?.destination ?? null;
}

/**
 * Uses a code: its effect and the code's deletion run in one batch, the effect guarded by
 * `whileCodeIsValid`, so a wrong, expired or burnt code changes nothing. On failure a wrong
 * guess counts; the fifth burns the code (docs/rules.md, Limits on abuse).
 */
export async function consumeCode<T>(
  db: Db,
  key: CodeKey,
  code: string,
  effect: BatchItem<"sqlite"> & PromiseLike<T>,
  now = new Date(),
): Promise<T> {
  const [result, deleted] = await db.batch([
    effect,
    db
      .delete(confirmationCodes)
      .where(validCodeWhere(key, code, now))
      .returning({ id: confirmationCodes.id }),
  ]);
  if (deleted.length > 0) return result as T;
  return explainRefusal(db, key, now);
}

async function explainRefusal(db: Db, { userId, type }: CodeKey, now: Date): Promise<never> {
  const keyWhere = and(eq(confirmationCodes.userId, userId), eq(confirmationCodes.type, type));
  const [live] = await db.select().from(confirmationCodes).where(keyWhere).limit(1);
  if (!live) return fail("invalid-verification-code");
  if (live.expiresAt <= now.toISOString()) {
    await db.delete(confirmationCodes).where(keyWhere);
    return fail("expired-verification-code");
  }
  const attempts = live.attempts + 1;
  if (attempts >= settings.verificationCode.maxWrongAttempts)
    await db.delete(confirmationCodes).where(keyWhere);
  else
    await db
      .update(confirmationCodes)
      .set({ attempts: sql`${confirmationCodes.attempts} + 1` })
      .where(keyWhere);
  return fail("invalid-verification-code");
}
