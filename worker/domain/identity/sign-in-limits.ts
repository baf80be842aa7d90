/**
 * Password sign-in under attack (rate_limits rows, no other state):
 *
 * - per address and email: every attempt counts until one succeeds (settings.rateLimits.signIn);
 * - per address across accounts: failures count (password spraying from one address);
 * - per account from any address: a delay that doubles with each failure in a row, capped, and
 *   runs out — never a lock-out another person could hold on someone's account;
 * - the same work for an unknown email as for a known one: the password is hashed either way.
 */
import { sql } from "drizzle-orm";
import { rateLimits } from "../../../schema/db";
import { d1, statement } from "../../core/db";
import type { Db } from "../../core/context";
import { failTooMany } from "../../core/failure";
import { verifyPassword } from "./password";
import { settings } from "../../core/settings";

const pairKey = (address: string, email: string) => `sign-in:${address}:${email}`;
const addressKey = (address: string) => `sign-in-address:${address}`;
const accountKey = (email: string) => `sign-in-account:${email}`;

/** A fixed hash of a random password: what an unknown email's attempt is checked against. */
const DUMMY_HASH =
  "pbkdf2-sha256$100000$QPc+R9E8T3umeLh1HKWAkQ==$h4TEc4ga7hL2e4zQBeqVSRjsjlO/SUSdGs+dyBn/5/8=";

type Counter = { count: number; window_start: number } | null;

/** The delay (ms) an account's failures in a row impose after the last one. */
export function accountDelayMs(failures: number): number {
  const { freeFailures, maxDelaySeconds } = settings.rateLimits.signInAccountDelay;
  if (failures < freeFailures) return 0;
  return Math.min(2 ** (failures - freeFailures), maxDelaySeconds) * 1000;
}

/**
 * Before a password is checked: counts the attempt for this address and email and reads the
 * address's and the account's failures (one round trip). Refuses with too-many-requests and a
 * Retry-After while a limit holds.
 */
export async function checkSignInAllowed(
  db: Db,
  address: string,
  email: string,
  now = Date.now(),
): Promise<{ accountFailures: number; pairAttempts: number }> {
  const pair = settings.rateLimits.signIn;
  const expired = now - pair.windowMs;
  const [counted, byAddress, byAccount] = await d1(db).batch([
    statement(
      db,
      sql`INSERT INTO ${rateLimits} (key, window_start, count) VALUES (${pairKey(address, email)}, ${now}, 1)
          ON CONFLICT(key) DO UPDATE SET
            count = CASE WHEN window_start <= ${expired} THEN 1 ELSE count + 1 END,
            window_start = CASE WHEN window_start <= ${expired} THEN ${now} ELSE window_start END
          RETURNING count, window_start`,
    ),
    statement(db, sql`SELECT count, window_start FROM ${rateLimits} WHERE key = ${addressKey(address)}`),
    statement(db, sql`SELECT count, window_start FROM ${rateLimits} WHERE key = ${accountKey(email)}`),
  ]);
  const first = (result: D1Result | undefined) => (result?.results[0] ?? null) as Counter;
  const attempt = first(counted);
  if (attempt && attempt.count > pair.limit) failTooMany((attempt.window_start + pair.windowMs - now) / 1000);
  const spray = first(byAddress);
  const sprayLimit = settings.rateLimits.signInAddressFailures;
  if (spray && spray.window_start > now - sprayLimit.windowMs && spray.count >= sprayLimit.limit)
    failTooMany((spray.window_start + sprayLimit.windowMs - now) / 1000);
  const account = first(byAccount);
  const fresh = account && account.window_start > now - settings.rateLimits.signInAccountDelay.forgetAfterMs;
  const accountFailures = fresh ? account.count : 0;
  const waitUntil = fresh ? account.window_start + accountDelayMs(accountFailures) : 0;
  if (waitUntil > now) failTooMany((waitUntil - now) / 1000);
  return { accountFailures, pairAttempts: attempt?.count ?? 1 };
}

/**
 * Checks the password against the user's hash, or against a dummy hash when there is no such
 * user (or no password): the same PBKDF2 work either way, so timing does not tell which emails exist.
 */
export async function passwordMatches(
  password: string,
  storedHash: string | null | undefined,
  verify = verifyPassword,
): Promise<boolean> {
  const matches = await verify(password, storedHash ?? DUMMY_HASH);
  return storedHash ? matches : false;
}

/** A failed sign-in: one more failure for the address (in its window) and for the account (in a row). */
export async function recordSignInFailure(
  db: Db,
  address: string,
  email: string,
  now = Date.now(),
): Promise<void> {
  const spray = settings.rateLimits.signInAddressFailures;
  const expired = now - spray.windowMs;
  const forgotten = now - settings.rateLimits.signInAccountDelay.forgetAfterMs;
  await d1(db).batch([
    statement(
      db,
      sql`INSERT INTO ${rateLimits} (key, window_start, count) VALUES (${addressKey(address)}, ${now}, 1)
          ON CONFLICT(key) DO UPDATE SET
            count = CASE WHEN window_start <= ${expired} THEN 1 ELSE count + 1 END,
            window_start = CASE WHEN window_start <= ${expired} THEN ${now} ELSE window_start END`,
    ),
    // For the account, window_start is the time of the last failure.
    statement(
      db,
      sql`INSERT INTO ${rateLimits} (key, window_start, count) VALUES (${accountKey(email)}, ${now}, 1)
          ON CONFLICT(key) DO UPDATE SET
            count = CASE WHEN window_start <= ${forgotten} THEN 1 ELSE count + 1 END,
            window_start = ${now}`,
    ),
  ]);
}

/**
 * A success ends the account's run of failures and this address's attempts at this account: the
 * attempt limit is there to stop guessing, so a person who signs in often from one place (a shared
 * office or carrier address, a family laptop) is never held back by their own earlier successes.
 */
export async function signInSucceeded(db: Db, address: string, email: string): Promise<void> {
  await db.run(
    sql`DELETE FROM ${rateLimits} WHERE key IN (${accountKey(email)}, ${pairKey(address, email)})`,
  );
}
