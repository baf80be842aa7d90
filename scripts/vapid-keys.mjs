// Makes a VAPID key pair for web push (RFC 8292) with WebCrypto: prints VAPID_PUBLIC_KEY (the raw
// P-256 public key, base64url) and VAPID_PRIVATE_KEY (the private JWK as JSON), the two settings
// docs/configuration.md describes. `node scripts/vapid-keys.mjs`
const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
  "sign",
  "verify",
]);
const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
const jwk = await crypto.subtle.exportKey("jwk", pair.privateKey);
const base64url = (bytes) => Buffer.from(bytes).toString("base64url");
console.log(`VAPID_PUBLIC_KEY=${base64url(raw)}`);
console.log(
  `VAPID_PRIVATE_KEY=${JSON.stringify({ kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y, d: jwk.d })}`,
);
