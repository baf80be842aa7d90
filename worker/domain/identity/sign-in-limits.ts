/**
 * Password sign-in under attack (rate_limits rows, no other state):
 *
 * - per address and email: every attempt counts until one succeeds (settings.rateLimits.signIn);
 * - per address across accounts: failures count (password spraying from one address);
 * - per account from any address: a delay that doubles with each failure in a row, capped, and
 *   runs out — never a lock-out another person could hold on someone's account;
 * - the same work for an unknown email as for a known one: the password is hashed either way.
 *
 * An attempt is counted before its password is checked (a failure reserved, given back on a
 * success), so guesses sent at once meet the same limits as guesses sent one after another.
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

/** The delay (ms) an account's failures in a row impose after the last one. */
export function accountDelayMs(failures: number): number {
  const { freeFailures, maxDelaySeconds } = settings.rateLimits.signInAccountDelay;
  if (failures < freeFailures) return 0;
  return Math.min(2 ** (failures - freeFailures), maxDelaySeconds) * 1000;
}

/** What an admitted attempt reserved: the address counter's window, to give the attempt back on a success. */
export type SignInReservation = { addressWindowStart: number };

/**
 * Before a password is checked (one round trip, one batch): counts the attempt for this address and
 * email, and reserves it as a failure for the address and the account, in one upsert that writes
 * only when every limit admits it. So guesses sent at once are limited exactly like guesses sent
 * one by one: each takes its place in the counters before its password is hashed, and the ones past
 * a limit are refused without changing the address's or the account's counters (a refused attempt
 * never moves the account's delay on). Refuses with too-many-requests and a Retry-After while a limit holds.
 */
export async function checkSignInAllowed(
  db: Db,
  address: string,
  email: string,
  now = Date.now(),
): Promise<SignInReservation> {
  const pair = settings.rateLimits.signIn;
  const spray = settings.rateLimits.signInAddressFailures;
  const { freeFailures, maxDelaySeconds, forgetAfterMs } = settings.rateLimits.signInAccountDelay;
  const pairExpired = now - pair.windowMs;
  const sprayExpired = now - spray.windowMs;
  const forgotten = now - forgetAfterMs;
  const [pairKeyed, addressKeyed, accountKeyed] = [
    pairKey(address, email),
    addressKey(address),
    accountKey(email),
  ];
  // accountDelayMs in SQL: 0 before freeFailures, then 2^(failures − free) seconds, capped.
  const delayMs = sql`(CASE WHEN count < ${freeFailures} THEN 0
    ELSE min(1 << min(count - ${freeFailures}, 40), ${maxDelaySeconds}) * 1000 END)`;
  const [before, counted, reserved] = await d1(db).batch([
    // The counters as the reservation below finds them (a batch runs alone): why it refused, if it did.
    statement(
      db,
      sql`SELECT key, count, window_start FROM ${rateLimits} WHERE key IN (${addressKeyed}, ${accountKeyed})`,
    ),
    // Every attempt at this address and email counts, refused or not.
    statement(
      db,
      sql`INSERT INTO ${rateLimits} (key, window_start, count) VALUES (${pairKeyed}, ${now}, 1)
          ON CONFLICT(key) DO UPDATE SET
            count = CASE WHEN window_start <= ${pairExpired} THEN 1 ELSE count + 1 END,
            window_start = CASE WHEN window_start <= ${pairExpired} THEN ${now} ELSE window_start END
          RETURNING count, window_start`,
    ),
    // One failure more for the address (in its window) and the account (window_start: the time of
    // its last failure), written only when all three limits admit the attempt. The WHERE reads no
    // row of the SELECT, so SQLite decides it once, before writing either row.
    statement(
      db,
      sql`INSERT INTO ${rateLimits} (key, window_start, count)
          SELECT column1, ${now}, 1 FROM (VALUES (${addressKeyed}), (${accountKeyed}))
          WHERE (SELECT count FROM ${rateLimits} WHERE key = ${pairKeyed}) <= ${pair.limit}
            AND NOT EXISTS (SELECT 1 FROM ${rateLimits} WHERE key = ${addressKeyed}
              AND window_start > ${sprayExpired} AND count >= ${spray.limit})
            AND NOT EXISTS (SELECT 1 FROM ${rateLimits} WHERE key = ${accountKeyed}
              AND window_start > ${forgotten} AND window_start + ${delayMs} > ${now})
          ON CONFLICT(key) DO UPDATE SET
            count = CASE WHEN window_start <= (CASE WHEN key = ${addressKeyed} THEN ${sprayExpired} ELSE ${forgotten} END)
              THEN 1 ELSE count + 1 END,
            window_start = CASE WHEN key = ${addressKeyed} AND window_start > ${sprayExpired} THEN window_start ELSE ${now} END
          RETURNING key, window_start`,
    ),
  ]);
  const rows = (result: D1Result | undefined) =>
    (result?.results ?? []) as { key: string; count: number; window_start: number }[];
  const addressRow = rows(reserved).find((row) => row.key === addressKeyed);
  if (addressRow) return { addressWindowStart: addressRow.window_start };
  // Refused: the first limit that holds says how long to wait.
  const attempt = rows(counted)[0];
  if (attempt && attempt.count > pair.limit) failTooMany((attempt.window_start + pair.windowMs - now) / 1000);
  const sprayRow = rows(before).find((row) => row.key === addressKeyed);
  if (sprayRow && sprayRow.window_start > sprayExpired && sprayRow.count >= spray.limit)
    failTooMany((sprayRow.window_start + spray.windowMs - now) / 1000);
  const accountRow = rows(before).find((row) => row.key === accountKeyed);
  const failures = accountRow && accountRow.window_start > forgotten ? accountRow.count : 0;
  failTooMany(((accountRow?.window_start ?? now) + accountDelayMs(failures) - now) / 1000);
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

/**
 * A success ends the account's run of failures and this address's attempts at this account, and
 * gives the address back the failure its attempt reserved (only failures count there): the attempt
 * limit is there to stop guessing, so a person who signs in often from one place (a shared office
 * or carrier address, a family laptop) is never held back by their own earlier successes. A
 * failure needs no write: checkSignInAllowed counted it already.
 */
export async function signInSucceeded(
  db: Db,
  address: string,
  email: string,
  reservation: SignInReservation,
): Promise<void> {
  await d1(db).batch([
    statement(
      db,
      sql`DELETE FROM ${rateLimits} WHERE key IN (${accountKey(email)}, ${pairKey(address, email)})`,
    ),
    // Only in the window the attempt was counted in (a window started since has not counted it).
    statement(
      db,
      sql`UPDATE ${rateLimits} SET count = count - 1
          WHERE key = ${addressKey(address)} AND window_start = ${reservation.addressWindowStart} AND count > 0`,
    ),
  ]);
}
