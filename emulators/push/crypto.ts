// The browser's half of web push, for the local push emulator (outside the product): a
// subscription's keys (an ECDH P-256 pair and a 16-byte auth secret), the decryption of a message
// with them, in either content encoding browsers accept: RFC 8291's aes128gcm, and the older
// "aesgcm" (draft-ietf-webpush-encryption-04, salt and key in the Encryption and Crypto-Key
// headers), which older senders use; and the check of the sender's VAPID signature (RFC 8292).
// WebCrypto only; the product encrypts and signs with @block65/webcrypto-web-push, so
// a round trip through this file is a real test of what a browser would receive.

const encoder = new TextEncoder();

export const toBase64Url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

export const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (char) => char.charCodeAt(0));

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** What a browser keeps of one subscription: its private key (JWK) and auth secret; p256dh and auth are shared. */
export type BrowserKeys = { privateJwk: JsonWebKey; p256dh: string; auth: string };

/** A new subscription's keys, as a browser makes them. */
export async function mintBrowserKeys(): Promise<BrowserKeys> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  const privateJwk = (await crypto.subtle.exportKey("jwk", pair.privateKey)) as JsonWebKey;
  return {
    privateJwk,
    p256dh: toBase64Url(publicRaw),
    auth: toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
  };
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8),
  );
}

/**
 * Decrypts one aes128gcm push message body (RFC 8188 header: salt, record size, the sender's
 * public key as key id) with the subscription's keys (RFC 8291 §3.3–3.4) and answers its text.
 * Throws when the body is not a message for these keys.
 */
export async function decryptPush(body: Uint8Array<ArrayBuffer>, keys: BrowserKeys): Promise<string> {
  if (body.length < 21 + 65 + 17) throw new Error("body too short for aes128gcm");
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idLength = body[20]!;
  if (idLength !== 65) throw new Error("key id is not a P-256 public key");
  const senderPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error("more than one record");

  const shared = await ecdhSecret(keys, senderPublic);
  const receiverPublic = fromBase64Url(keys.p256dh);
  const keyInfo = concat(encoder.encode("WebPush: info\0"), receiverPublic, senderPublic);
  const ikm = await hkdf(fromBase64Url(keys.auth), shared, keyInfo, 32);
  const cek = await hkdf(salt, ikm, concat(encoder.encode("Content-Encoding: aes128gcm\0")), 16);
  const nonce = await hkdf(salt, ikm, concat(encoder.encode("Content-Encoding: nonce\0")), 12);
  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, ciphertext));
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (end < 0 || padded[end] !== 2) throw new Error("no last-record delimiter");
  return new TextDecoder().decode(padded.slice(0, end));
}

const ecdhSecret = async (keys: BrowserKeys, senderPublic: Uint8Array<ArrayBuffer>) => {
  const privateKey = await crypto.subtle.importKey(
    "jwk",
    keys.privateJwk,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    ["deriveBits"],
  );
  const senderKey = await crypto.subtle.importKey(
    "raw",
    senderPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "ECDH", public: senderKey } as unknown as SubtleCryptoDeriveKeyAlgorithm,
      privateKey,
      256,
    ),
  );
};

/** The value of one `name=value` parameter of an Encryption or Crypto-Key header. */
export const headerParam = (header: string | null, name: string): string | null =>
  new RegExp(`(?:^|[;,\\s])${name}=([A-Za-z0-9_=-]+)`).exec(header ?? "")?.[1]?.replace(/=+$/, "") ?? null;

/**
 * Decrypts one "aesgcm" push message (draft-ietf-webpush-encryption-04): the salt comes from the
 * Encryption header, the sender's public key from Crypto-Key's dh; the plaintext starts with a
 * two-byte padding length and that many padding bytes.
 */
export async function decryptAesgcm(
  body: Uint8Array<ArrayBuffer>,
  keys: BrowserKeys,
  salt: string,
  senderKey: string,
): Promise<string> {
  const senderPublic = fromBase64Url(senderKey);
  const receiverPublic = fromBase64Url(keys.p256dh);
  if (senderPublic.length !== 65) throw new Error("Crypto-Key dh is not a P-256 public key");
  const shared = await ecdhSecret(keys, senderPublic);
  const prk = await hkdf(
    fromBase64Url(keys.auth),
    shared,
    concat(encoder.encode("Content-Encoding: auth\0")),
    32,
  );
  const context = concat(
    encoder.encode("P-256\0"),
    new Uint8Array([0, receiverPublic.length]),
    receiverPublic,
    new Uint8Array([0, senderPublic.length]),
    senderPublic,
  );
  const saltBytes = fromBase64Url(salt);
  const cek = await hkdf(saltBytes, prk, concat(encoder.encode("Content-Encoding: aesgcm\0"), context), 16);
  const nonce = await hkdf(saltBytes, prk, concat(encoder.encode("Content-Encoding: nonce\0"), context), 12);
  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, aes, body));
  const padding = (padded[0]! << 8) | padded[1]!;
  if (2 + padding > padded.length) throw new Error("padding longer than the record");
  return new TextDecoder().decode(padded.slice(2 + padding));
}

/** The claims of a VAPID token the emulator checks. */
export type VapidClaims = { aud: string; exp: number; sub: string };

/**
 * Checks an `Authorization: vapid t=<jwt>, k=<public key>` header (RFC 8292): an ES256 token
 * signed by `k`, for this push service's origin, not expired nor more than 24 hours ahead, with a
 * contact. Answers the public key and the claims, or the reason it is refused.
 */
export async function verifyVapid(
  header: string | null,
  origin: string,
  nowSeconds: number,
): Promise<{ ok: true; publicKey: string; claims: VapidClaims } | { ok: false; reason: string }> {
  const match = /^vapid\s+t=([^,\s]+)\s*,\s*k=([A-Za-z0-9_-]+)$/.exec(header?.trim() ?? "");
  if (!match) return { ok: false, reason: "no vapid authorization" };
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [head, payload, signature] = token.split(".");
  if (!head || !payload || !signature) return { ok: false, reason: "malformed token" };
  try {
    const key = await crypto.subtle.importKey(
      "raw",
      fromBase64Url(publicKey),
      { name: "ECDSA", namedCurve: "P-256" },
      false,
      ["verify"],
    );
    const valid = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      key,
      fromBase64Url(signature),
      encoder.encode(`${head}.${payload}`),
    );
    if (!valid) return { ok: false, reason: "bad signature" };
    const alg = (JSON.parse(new TextDecoder().decode(fromBase64Url(head))) as { alg?: string }).alg;
    if (alg !== "ES256") return { ok: false, reason: "not ES256" };
    const claims = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as VapidClaims;
    if (claims.aud !== origin) return { ok: false, reason: `aud is not ${origin}` };
    if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 3600 + 60))
      return { ok: false, reason: "exp out of range" };
    if (!/^(mailto:|https:)/.test(claims.sub ?? "")) return { ok: false, reason: "no contact" };
    return { ok: true, publicKey, claims };
  } catch {
    return { ok: false, reason: "unreadable token" };
  }
}
