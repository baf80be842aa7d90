// One-click unsubscribe (RFC 8058; docs/rules.md, "Notifications: channels, preferences, quiet
// hours"): every email of a choosable kind carries a link that turns that kind's email off without
// signing in. The link's token names the user and the kind only, signed with an HMAC of the
// Worker's TOKEN_SECRET under its own label (as worker/domain/privacy/erasure.ts's emailHash), so
// a token is good for that one kind of that one person and nothing else.
import { choosableKinds, type ChoosableKind } from "../../schema/notification-kinds";
import { BoundedCache } from "../core/bounded-cache";

const keys = new BoundedCache<string, Promise<CryptoKey>>({ maxSize: 4 });
const keyOf = (secret: string) =>
  keys.getOrSet(secret, () =>
    crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(`unsubscribe:${secret}`),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign", "verify"],
    ),
  );

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

function fromBase64url(text: string): Uint8Array | null {
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** `<userId>.<kind>.<signature>`: the user and the kind in clear, the HMAC of both. */
export async function unsubscribeToken(secret: string, userId: number, kind: ChoosableKind): Promise<string> {
  const payload = `${userId}.${kind}`;
  const mac = await crypto.subtle.sign("HMAC", await keyOf(secret), new TextEncoder().encode(payload));
  return `${payload}.${base64url(new Uint8Array(mac))}`;
}

/** The user and kind a token names, or null when it is malformed or its signature does not match. */
export async function readUnsubscribeToken(
  secret: string,
  token: string,
): Promise<{ userId: number; kind: ChoosableKind } | null> {
  const match = /^([1-9][0-9]{0,15})\.([a-z-]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, kind, signature] = match as unknown as [string, string, string, string];
  if (!(choosableKinds as readonly string[]).includes(kind)) return null;
  const mac = fromBase64url(signature);
  if (!mac) return null;
  const ok = await crypto.subtle.verify(
    "HMAC",
    await keyOf(secret),
    mac,
    new TextEncoder().encode(`${id}.${kind}`),
  );
  return ok ? { userId: Number(id), kind: kind as ChoosableKind } : null;
}

export const unsubscribePath = (token: string) => `/api/v1/unsubscribe/${token}`;

/**
 * The headers an email of `kind` carries (none for required kinds or unkinded mail): the link to
 * the one-click endpoint and RFC 8058's List-Unsubscribe-Post.
 */
export async function unsubscribeHeaders(
  secret: string,
  origin: string,
  userId: number | null | undefined,
  kind: string | null | undefined,
): Promise<Record<string, string>> {
  if (!userId || !kind || !(choosableKinds as readonly string[]).includes(kind)) return {};
  const token = await unsubscribeToken(secret, userId, kind as ChoosableKind);
  return {
    "List-Unsubscribe": `<${origin}${unsubscribePath(token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
