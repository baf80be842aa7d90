import { env } from "cloudflare:workers";
import { sign } from "hono/jwt";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Role } from "../../schema/enums";
import { callContract, uniqueEmail } from "./helpers";
import { authContracts } from "../../schema/api/auth";
import { userContracts } from "../../schema/api/user";

const CLIENT_ID = "dars-test.apps.googleusercontent.com";
let privateKey: CryptoKey;
let publicJwk: JsonWebKey;

beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  privateKey = pair.privateKey;
  publicJwk = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey;
  // The test's own JWKS stands in for Google's (GOOGLE_JWKS_URL points here in vitest.worker.config.ts).
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === "https://google-jwks.test/certs")
      return Response.json(
        { keys: [{ ...publicJwk, kid: "test-key", alg: "RS256", use: "sig" }] },
        { headers: { "cache-control": "max-age=60" } },
      );
    return realFetch(input, init);
  });
});

afterAll(() => vi.restoreAllMocks());

async function idToken(claims: Record<string, unknown>) {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: "https://accounts.google.com",
    aud: CLIENT_ID,
    iat: now,
    exp: now + 3600,
    email_verified: true,
    ...claims,
  };
  const token = await sign(payload, privateKey, "RS256");
  // Put the kid in the header so the verifier can pick the key, as Google's tokens do.
  const [header, body] = token.split(".");
  const withKid = btoa(JSON.stringify({ ...JSON.parse(atob(header!)), kid: "test-key" }))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
  const resigned = await crypto.subtle.sign(
    "RSASSA-PKCS1-v1_5",
    privateKey,
    new TextEncoder().encode(`${withKid}.${body}`),
  );
  const sig = btoa(String.fromCharCode(...new Uint8Array(resigned)))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
  return `${withKid}.${body}.${sig}`;
}

describe("sign in with Google (POST /auth/google)", () => {
  it("creates a verified student on first sign-in and finds the same account next time", async () => {
    const email = uniqueEmail("google");
    const credential = await idToken({ sub: `sub-${email}`, email, name: "Google User" });
    const first = await callContract(authContracts.google, { body: { credential, select_by: "btn" } });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({
      email,
      role: Role.Student,
      verifiedEmail: true,
      hasPassword: false,
    });
    const second = await callContract(authContracts.google, { body: { credential } });
    expect(second.body.user.id).toBe(first.body.user.id);
  });

  it("stores a session for the Google sign-in, and refuses a suspended account with account-suspended", async () => {
    const email = uniqueEmail("google-suspended");
    const credential = await idToken({ sub: `sub-${email}`, email, name: "Google User" });
    const first = await callContract(authContracts.google, { body: { credential } });
    const sid = JSON.parse(atob(first.body.token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/")))
      .sid as string;
    expect(
      (
        await env.DB.prepare("SELECT user_id FROM auth_sessions WHERE id = ?")
          .bind(sid)
          .first<{ user_id: number }>()
      )?.user_id,
    ).toBe(first.body.user.id);
    await env.DB.prepare("UPDATE users SET suspended_at = ?, suspension_reason = 'test' WHERE id = ?")
      .bind(new Date().toISOString(), first.body.user.id)
      .run();
    const refused = await callContract(authContracts.google, { body: { credential } });
    expect([refused.status, refused.body.code]).toEqual([403, "account-suspended"]);
  });

  it("links Google to an existing password account with the same email", async () => {
    const email = uniqueEmail("linked");
    const registered = await callContract(userContracts.register, {
      body: { email, password: "Strong#Pass1", role: Role.Tutor },
    });
    const response = await callContract(authContracts.google, {
      body: { credential: await idToken({ sub: `sub-${email}`, email }) },
    });
    expect(response.body.user).toMatchObject({
      id: registered.body.user.id,
      role: Role.Tutor,
      verifiedEmail: true,
    });
  });

  it.each([
    ["another audience", { aud: "someone-else.apps.googleusercontent.com" }],
    ["another issuer", { iss: "https://evil.example" }],
    ["an expired token", { exp: Math.floor(Date.now() / 1000) - 60 }],
    ["an unverified email", { email_verified: false }],
  ])("refuses %s with unauthenticated", async (_label, claims) => {
    const email = uniqueEmail("refused");
    const response = await callContract(authContracts.google, {
      body: { credential: await idToken({ sub: `sub-${email}`, email, ...claims }) },
    });
    expect([response.status, response.body.code]).toEqual([401, "unauthenticated"]);
  });

  it("refuses a tampered token", async () => {
    const email = uniqueEmail("tampered");
    const token = await idToken({ sub: "sub-tampered", email });
    const [header, , signature] = token.split(".");
    const forgedBody = btoa(
      JSON.stringify({
        iss: "https://accounts.google.com",
        aud: CLIENT_ID,
        sub: "admin",
        email: "admin@dars.test",
        email_verified: true,
        exp: 9999999999,
      }),
    ).replace(/=+$/, "");
    const response = await callContract(authContracts.google, {
      body: { credential: `${header}.${forgedBody}.${signature}` },
    });
    expect(response.body.code).toBe("unauthenticated");
  });
});
