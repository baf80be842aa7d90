/**
 * Cloudflare Realtime TURN (docs/services.md §8): with TURN_KEY_ID and TURN_KEY_API_TOKEN set,
 * each session member gets their own short-lived TURN credentials, minted through
 * `POST {TURN_API_URL}/turn/keys/{TURN_KEY_ID}/credentials/generate-ice-servers`
 * (`Authorization: Bearer`, JSON `{"ttl": seconds}`, answer `{"iceServers": [...]}`), valid until
 * the session ends. Locally without TURN_API_URL the in-process emulator (emulators/turn.ts,
 * passed in by the local entry) answers the same shape; createServices (worker/integrations/index.ts)
 * chooses. Without the keys the static ICE_SERVERS stay as they are.
 */
import { z } from "zod";
import type { IceServer } from "../core/env";

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
