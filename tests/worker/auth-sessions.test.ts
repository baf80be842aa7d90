// Signed-in sessions: every token names a stored session; ending it (sign-out, one device, all
// devices, a password change or reset) makes the token answer 401 and refuse to refresh.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { describeDevice } from "../../worker/domain/identity/auth-sessions";
import { issueToken } from "../../worker/domain/identity/token";
import { readConfig } from "../../worker/core/env";
import { callContract, latestMessage, PASSWORD, register } from "./helpers";
import { authContracts } from "../../schema/api/auth";
import { userContracts } from "../../schema/api/user";
import { confirmationCodeContracts } from "../../schema/api/confirmation-code";

const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

const sidOf = (token: string) =>
  JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sid as string;

async function signIn(email: string, userAgent = CHROME_ANDROID, password = PASSWORD) {
  const response = await callContract(authContracts.password, {
    body: { email, password },
    headers: { "user-agent": userAgent },
  });
  expect(response.status).toBe(200);
  return response.body.token as string;
}

const current = (token: string) => callContract(userContracts.current, { token });
const refresh = (token: string) => callContract(authContracts.refreshToken, { token });
const sessionRow = (id: string) =>
  env.DB.prepare(
    "SELECT user_id, device, ended_at, end_reason, created_at, last_seen_at FROM auth_sessions WHERE id = ?",
  )
    .bind(id)
    .first<{
      user_id: number;
      device: string;
      ended_at: string | null;
      end_reason: string | null;
      created_at: string;
      last_seen_at: string;
    }>();

describe("signed-in sessions", () => {
  it("stores each sign-in as a session naming the device, and lists the open ones with this device marked", async () => {
    const { user, token: registered } = await register();
    const phone = await signIn(user.email, CHROME_ANDROID);
    const laptop = await signIn(user.email, FIREFOX_WINDOWS);
    expect(await sessionRow(sidOf(phone))).toMatchObject({
      user_id: user.id,
      device: "Chrome · Android",
      ended_at: null,
    });
    const listed = await callContract(authContracts.sessions, { token: laptop });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(3);
    const byId = new Map(
      (listed.body as { id: string; device: string; current: boolean }[]).map((row) => [row.id, row]),
    );
    expect(byId.get(sidOf(laptop))).toMatchObject({ device: "Firefox · Windows", current: true });
    expect(byId.get(sidOf(phone))).toMatchObject({ device: "Chrome · Android", current: false });
    expect(byId.get(sidOf(registered))?.current).toBe(false);
    expect(describeDevice("curl/8.0")).toBe("—");
  });

  it("ends the session on the server at sign-out: its token answers 401 and cannot refresh", async () => {
    const { user, token } = await register();
    const other = await signIn(user.email);
    const out = await callContract(authContracts.signOut, { token });
    expect(out.status).toBe(204);
    expect(await sessionRow(sidOf(token))).toMatchObject({ end_reason: "sign-out" });
    const after = await current(token);
    expect([after.status, after.body.code]).toEqual([401, "unauthenticated"]);
    expect((await refresh(token)).status).toBe(401);
    // The other device is still signed in.
    expect((await current(other)).status).toBe(200);
  });

  it("refreshes into a token of the same session, which ending the session also stops", async () => {
    const { token } = await register();
    const fresh = await refresh(token);
    expect(fresh.status).toBe(200);
    expect(sidOf(fresh.body.token)).toBe(sidOf(token));
    await callContract(authContracts.signOut, { token: fresh.body.token });
    expect((await refresh(token)).status).toBe(401);
    expect((await current(fresh.body.token)).status).toBe(401);
  });

  it("ends one chosen device, and refuses a session that is not the caller's with device-not-found", async () => {
    const { user, token } = await register();
    const phone = await signIn(user.email);
    const stranger = await register();
    const ended = await callContract(authContracts.endSession, { params: { id: sidOf(phone) }, token });
    expect(ended.status).toBe(204);
    expect((await current(phone)).status).toBe(401);
    expect((await current(token)).status).toBe(200);
    const again = await callContract(authContracts.endSession, { params: { id: sidOf(phone) }, token });
    expect([again.status, again.body.code]).toEqual([404, "device-not-found"]);
    const foreign = await callContract(authContracts.endSession, {
      params: { id: sidOf(stranger.token) },
      token,
    });
    expect([foreign.status, foreign.body.code]).toEqual([404, "device-not-found"]);
    expect((await current(stranger.token)).status).toBe(200);
    const malformed = await callContract(authContracts.endSession, { params: { id: "not-an-id" }, token });
    expect([malformed.status, malformed.body.code]).toEqual([404, "device-not-found"]);
  });

  it("signs out of all other devices, or of all of them", async () => {
    const { user, token } = await register();
    const [a, b] = [await signIn(user.email), await signIn(user.email)];
    expect(
      (await callContract(authContracts.endAllSessions, { token, body: { keepCurrent: true } })).status,
    ).toBe(204);
    expect([(await current(a)).status, (await current(b)).status, (await current(token)).status]).toEqual([
      401, 401, 200,
    ]);
    expect((await callContract(authContracts.sessions, { token })).body).toHaveLength(1);
    expect(
      (await callContract(authContracts.endAllSessions, { token, body: { keepCurrent: false } })).status,
    ).toBe(204);
    expect((await current(token)).status).toBe(401);
  });

  it("ends the other devices' sessions when the user changes their password, keeping this one", async () => {
    const { user, token } = await register();
    const before = await signIn(user.email);
    const changed = await callContract(userContracts.update, {
      params: { id: user.id },
      token,
      body: { password: "Newer#Pass2", currentPassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect((await current(before)).status).toBe(401);
    expect((await refresh(before)).status).toBe(401);
    expect(await sessionRow(sidOf(before))).toMatchObject({ end_reason: "password" });
    expect((await current(token)).status).toBe(200);
  });

  it("ends every session at a password reset; the reset itself signs in anew", async () => {
    const { user, token } = await register();
    const other = await signIn(user.email);
    await callContract(confirmationCodeContracts.sendPasswordCode, { body: { email: user.email } });
    const { code } = await latestMessage(user.email);
    const reset = await callContract(confirmationCodeContracts.confirmPassword, {
      body: { email: user.email, code: code!, password: "Reset#Pass3" },
    });
    expect(reset.status).toBe(200);
    expect([(await current(token)).status, (await current(other)).status]).toEqual([401, 401]);
    expect((await refresh(token)).status).toBe(401);
    expect((await current(reset.body.token)).status).toBe(200);
  });

  it("ends every session of an account whose role changes, whoever changes it", async () => {
    const { user, token } = await register();
    const other = await signIn(user.email);
    await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind("اسم جديد", user.id).run();
    expect((await current(token)).status).toBe(200);
    await env.DB.prepare("UPDATE users SET role = ? WHERE id = ?").bind(Role.Tutor, user.id).run();
    expect([(await current(token)).status, (await current(other)).status]).toEqual([401, 401]);
    expect(await sessionRow(sidOf(token))).toMatchObject({ end_reason: "role" });
    expect((await current(await signIn(user.email))).body.role).toBe(Role.Tutor);
  });

  it("refuses a token without a session (issued before sessions were stored) and a session that does not exist", async () => {
    const { user } = await register();
    const secret = readConfig(env).TOKEN_SECRET;
    const [header, , signature] = (await issueToken(user.id, "x", secret)).split(".");
    const legacyPayload = btoa(JSON.stringify({ id: user.id, iat: 1, exp: 4_000_000_000 })).replace(
      /=+$/,
      "",
    );
    expect((await current(`${header}.${legacyPayload}.${signature}`)).status).toBe(401);
    expect((await current(await issueToken(user.id, crypto.randomUUID(), secret))).status).toBe(401);
  });

  it("moves a session's last-seen time forward after the response when it is older than a few minutes", async () => {
    const { token } = await register(Role.Student);
    const sid = sidOf(token);
    const old = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    await env.DB.prepare("UPDATE auth_sessions SET last_seen_at = ? WHERE id = ?").bind(old, sid).run();
    expect((await current(token)).status).toBe(200);
    const deadline = Date.now() + 5000;
    let seen = old;
    while (seen === old && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = (await sessionRow(sid))!.last_seen_at;
    }
    expect(seen > old).toBe(true);
  });
});
