import { verifyWithJwks } from "hono/jwt";
import type { HonoJsonWebKey } from "hono/utils/jwt/jws";
import { BoundedCache } from "../core/bounded-cache";

/** The claims of a verified Google ID token that the product uses (docs/services.md §5.2). */
export type GoogleIdentity = { sub: string; email: string; name: string | null; picture: string | null };

export interface GoogleVerifier {
  verify(credential: string): Promise<GoogleIdentity | null>;
}

const keyCache = new BoundedCache<string, HonoJsonWebKey[]>({ maxSize: 4 });

/** Google's signing keys, cached for the max-age Google sends (keys rotate). */
async function signingKeys(jwksUrl: string, now: number): Promise<HonoJsonWebKey[]> {
  const cached = keyCache.get(jwksUrl, now);
  if (cached) return cached;
  const response = await fetch(jwksUrl);
  if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
  const { keys } = (await response.json()) as { keys: HonoJsonWebKey[] };
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1] ?? 300);
  return keyCache.set(jwksUrl, keys, { now, ttlMs: maxAge * 1000 });
}

export function googleVerifier(options: { clientId: string; jwksUrl: string }): GoogleVerifier {
  return {
    async verify(credential) {
      try {
        const keys = await signingKeys(options.jwksUrl, Date.now());
        const claims = await verifyWithJwks(credential, {
          keys,
          allowedAlgorithms: ["RS256"],
          verification: { iss: /^(https:\/\/)?accounts\.google\.com$/, aud: options.clientId },
        });
        // Trust the email only when Google says it is verified.
        if (
          typeof claims.sub !== "string" ||
          typeof claims.email !== "string" ||
          claims.email_verified !== true
        )
          return null;
        return {
          sub: claims.sub,
          email: claims.email.toLowerCase(),
          name: typeof claims.name === "string" ? claims.name : null,
          picture: typeof claims.picture === "string" ? claims.picture : null,
        };
      } catch {
        // A bad signature, audience, issuer or expiry: the credential is simply not valid.
        return null;
      }
    },
  };
}
