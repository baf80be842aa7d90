/**
 * Local emulator of Cloudflare Realtime TURN's credentials API (docs/services.md, TURN):
 * `POST /turn/keys/{keyId}/credentials/generate-ice-servers` with `Authorization: Bearer <token>`
 * and `{"ttl": seconds}` answers 201 `{"iceServers": [STUN, TURN with username and credential]}`,
 * the same shape as the provider. A test double, not a relay: its servers are loopback addresses
 * nothing listens on (calls on loopback connect without them). The username carries the expiry,
 * as a TURN REST credential does, so tests can read what was asked.
 */
import { TURN_MAX_TTL_SECONDS } from "../worker/integrations/turn-ttl";

const PATH = /\/turn\/keys\/([^/]+)\/credentials\/generate-ice-servers$/;

export async function turnEmulator(request: Request, now = Date.now()): Promise<Response> {
  const url = new URL(request.url);
  const match = PATH.exec(url.pathname);
  if (!match) return Response.json({ error: "not found" }, { status: 404 });
  if (request.method !== "POST") return Response.json({ error: "method not allowed" }, { status: 405 });
  const bearer = /^Bearer (\S+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!bearer) return Response.json({ error: "unauthorized" }, { status: 401 });
  const body = (await request.json().catch(() => null)) as { ttl?: unknown } | null;
  const ttl = body?.ttl;
  if (typeof ttl !== "number" || !Number.isInteger(ttl) || ttl < 1 || ttl > TURN_MAX_TTL_SECONDS)
    return Response.json({ error: "ttl must be an integer number of seconds up to 172800" }, { status: 400 });
  const expires = Math.floor(now / 1000) + ttl;
  const nonce = crypto.randomUUID().replaceAll("-", "");
  return Response.json(
    {
      iceServers: [
        { urls: ["stun:127.0.0.1:3478"] },
        {
          urls: [
            "turn:127.0.0.1:3478?transport=udp",
            "turn:127.0.0.1:3478?transport=tcp",
            "turns:127.0.0.1:5349?transport=tcp",
          ],
          username: `${expires}:${decodeURIComponent(match[1]!)}`,
          credential: nonce,
        },
      ],
    },
    { status: 201 },
  );
}
