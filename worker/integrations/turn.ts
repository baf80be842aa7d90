/**
 * Cloudflare Realtime TURN (docs/services.md §8): with TURN_KEY_ID and TURN_KEY_API_TOKEN set,
 * each session member gets their own short-lived TURN credentials, minted through
 * `POST {TURN_API_URL}/turn/keys/{TURN_KEY_ID}/credentials/generate-ice-servers`
 * (`Authorization: Bearer`, JSON `{"ttl": seconds}`, answer `{"iceServers": [...]}`), valid until
 * the session ends. Locally without TURN_API_URL the in-process emulator (emulators/turn.ts,
 * passed in by the local entry) answers the same shape. Without the keys the static ICE_SERVERS stay as they are.
 */
import { z } from "zod";
import { EMULATOR_ORIGIN, EMULATOR_PATHS, type Fetcher } from "./emulated";
import type { Config, IceServer } from "../core/env";

export const CLOUDFLARE_TURN_API_URL = "https://rtc.live.cloudflare.com/v1";

/** Mints one member's ICE servers (STUN and TURN with credentials) for `ttl` seconds. */
export type TurnMinter = { iceServers(ttl: number): Promise<IceServer[]> };

const answer = z.object({
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string()).min(1)]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
});

/** The real API (or any server with its shape, e.g. the emulator via `send`). */
export function cloudflareTurn(options: {
  apiUrl: string;
  keyId: string;
  token: string;
  send?: (request: Request) => Promise<Response>;
}): TurnMinter {
  const send = options.send ?? ((request: Request) => fetch(request));
  return {
    async iceServers(ttl) {
      const url = `${options.apiUrl.replace(/\/+$/, "")}/turn/keys/${encodeURIComponent(options.keyId)}/credentials/generate-ice-servers`;
      const response = await send(
        new Request(url, {
          method: "POST",
          headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
          body: JSON.stringify({ ttl }),
        }),
      );
      // The answer is 201 Created; never repeat the body (it may echo credentials).
      if (!response.ok) throw new Error(`TURN credentials refused with HTTP ${response.status}`);
      const parsed = answer.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new Error("TURN credentials answer has an unexpected shape");
      return parsed.data.iceServers;
    },
  };
}

/**
 * The configured minter, or null without TURN keys. TURN_API_URL overrides Cloudflare's base URL;
 * locally without it the emulator answers in-process (a Worker cannot fetch its own origin).
 */
export function turnFor(config: Config, emulate: Fetcher | null): TurnMinter | null {
  if (!config.TURN_KEY_ID || !config.TURN_KEY_API_TOKEN) return null;
  const keys = { keyId: config.TURN_KEY_ID, token: config.TURN_KEY_API_TOKEN };
  if (config.TURN_API_URL) return cloudflareTurn({ ...keys, apiUrl: config.TURN_API_URL });
  if (config.isLocal && emulate)
    return cloudflareTurn({ ...keys, apiUrl: EMULATOR_ORIGIN + EMULATOR_PATHS.turn, send: emulate });
  return cloudflareTurn({ ...keys, apiUrl: CLOUDFLARE_TURN_API_URL });
}
