/**
 * How long a session member's TURN credentials live (worker/integrations/turn.ts mints them; the
 * emulator and the staging rehearsal check the same figures). Pure, so Node tests can import it.
 */

/** Cloudflare's limit on a credential's lifetime (48 hours). */
export const TURN_MAX_TTL_SECONDS = 172_800;
/** Added to the time left, so a call that runs a little over its end keeps its relay. */
export const TURN_TTL_MARGIN_SECONDS = 300;
/** Never ask for less (a credential that expires while ICE is still gathering is useless). */
export const TURN_MIN_TTL_SECONDS = 60;

/**
 * The credentials' lifetime for a session ending at `end`: the seconds left plus a margin, at
 * least a minute, at most Cloudflare's limit; null once the session has ended (nothing to mint).
 */
export function turnTtl(end: string, now: Date): number | null {
  const left = Math.ceil((Date.parse(end) - now.getTime()) / 1000);
  if (!(left > 0)) return null;
  return Math.min(TURN_MAX_TTL_SECONDS, Math.max(TURN_MIN_TTL_SECONDS, left + TURN_TTL_MARGIN_SECONDS));
}
