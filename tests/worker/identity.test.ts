import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { pngBytes } from "./media-files";
import { Role } from "../../schema/enums";
import { issueToken, readToken } from "../../worker/domain/identity/token";
import { ownedUploadKey } from "../../worker/domain/media/uploads";
import { eventually } from "./factories-chat";
import { call, callContract, createUserWithRole, PASSWORD, register, uniqueEmail } from "./helpers";
import { userContracts } from "../../schema/api/user";
import { devContracts } from "../../schema/api/dev";
import { authContracts } from "../../schema/api/auth";

describe("registration (POST /user/)", () => {
  it("registers a student, answers the user and a token, and emails a verification code", async () => {
    const email = uniqueEmail();
    const response = await callContract(userContracts.register, {
      body: { email: ` ${email.toUpperCase()} `, password: PASSWORD, role: Role.Student, name: "Sara Ahmed" },
    });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({
      email,
      role: Role.Student,
      name: "Sara Ahmed",
      verifiedEmail: false,
      verifiedPhone: false,
      hasPassword: true,
    });
    expect(response.body.user).not.toHaveProperty("passwordHash");
    expect(response.body.token.split(".")).toHaveLength(3);
    const stored = await env.DB.prepare("SELECT password_hash FROM users WHERE email = ?")
      .bind(email)
      .first<{ password_hash: string }>();
    expect(stored?.password_hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    const student = await env.DB.prepare("SELECT id FROM students WHERE id = ?")
      .bind(response.body.user.id)
      .first();
    expect(student).not.toBeNull();
    const mailbox = await callContract(devContracts.outbox, { query: { to: email } });
    expect(mailbox.body.list[0]!.code).toMatch(/^[1-9]\d{4}$/);
  });

  it("registers a tutor with a tutor profile row", async () => {
    const { user } = await register(Role.Tutor);
    const tutor = await env.DB.prepare("SELECT notice, activated FROM tutors WHERE id = ?")
      .bind(user.id)
      .first();
    expect(tutor).toEqual({ notice: 60, activated: 0 });
  });

  it("refuses a taken email with user-exists and keeps the first account", async () => {
    const email = uniqueEmail();
    await callContract(userContracts.register, { body: { email, password: PASSWORD, role: Role.Student } });
    const again = await callContract(userContracts.register, {
      body: { email, password: "Other#Pass2", role: Role.Tutor },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("user-exists");
    const rows = await env.DB.prepare("SELECT role FROM users WHERE email = ?").bind(email).all();
    expect(rows.results).toEqual([{ role: Role.Student }]);
  });

  it("lets only an admin create staff accounts", async () => {
    const body = { email: uniqueEmail("manager"), password: PASSWORD, role: Role.TutorManager };
    const anonymous = await callContract(userContracts.register, { body });
    expect(anonymous.body.code).toBe("forbidden");
    const student = await register();
    expect((await callContract(userContracts.register, { body, token: student.token })).status).toBe(403);
    const admin = await createUserWithRole(Role.SuperAdmin);
    const created = await callContract(userContracts.register, { body, token: admin.token });
    expect(created.status).toBe(201);
    expect(created.body.user.role).toBe(Role.TutorManager);
  });

  it.each([
    [{ email: "not-an-email", password: PASSWORD, role: Role.Student }, "invalid-email", "email"],
    [{ email: uniqueEmail(), password: "Ab#1", role: Role.Student }, "short-password", "password"],
    [
      { email: uniqueEmail(), password: `Ab#1${"x".repeat(50)}`, role: Role.Student },
      "long-password",
      "password",
    ],
    [{ email: uniqueEmail(), password: "abcdefgh1", role: Role.Student }, "invalid-password", "password"],
    [{ email: uniqueEmail(), password: PASSWORD, role: 9 }, "bad-request", "role"],
    [
      { email: uniqueEmail(), password: PASSWORD, role: Role.Student, name: "x1" },
      "invalid-user-name",
      "name",
    ],
  ])("answers the field's validation code for %j", async (body, code, field) => {
    const response = await call("POST", "/api/v1/user/", { body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(response.body.fields[field]).toBe(code);
  });

  it("answers empty-request for no body and bad-request for broken JSON", async () => {
    expect((await callContract(userContracts.register)).body.code).toBe("empty-request");
    const broken = await callContract(userContracts.register, {
      raw: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("bad-request");
  });
});

describe("sign-in (POST /auth/password)", () => {
  it("signs in with the right password", async () => {
    const email = uniqueEmail();
    await callContract(userContracts.register, { body: { email, password: PASSWORD, role: Role.Student } });
    const response = await callContract(authContracts.password, { body: { email, password: PASSWORD } });
    expect(response.status).toBe(200);
    expect(response.body.user.email).toBe(email);
    const current = await callContract(userContracts.current, { token: response.body.token });
    expect(current.body.email).toBe(email);
  });

  it("answers wrong-password for a wrong password and for an unknown email alike", async () => {
    const email = uniqueEmail();
    await callContract(userContracts.register, { body: { email, password: PASSWORD, role: Role.Student } });
    const wrong = await callContract(authContracts.password, { body: { email, password: "Wrong#Pass1" } });
    const unknown = await callContract(authContracts.password, {
      body: { email: uniqueEmail(), password: PASSWORD },
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, "wrong-password"]);
    expect([unknown.status, unknown.body.code]).toEqual([400, "wrong-password"]);
  });

  it("limits attempts per address and email (too-many-requests)", async () => {
    const email = uniqueEmail();
    const attempt = () =>
      callContract(authContracts.password, {
        body: { email, password: "Wrong#Pass1" },
        headers: { "cf-connecting-ip": "203.0.113.9" },
      });
    // The account's growing delay (tests/worker/sign-in-limits.test.ts) is run out between tries.
    const runOutDelay = () =>
      env.DB.prepare("UPDATE rate_limits SET window_start = window_start - 3600000 WHERE key = ?")
        .bind(`sign-in-account:${email}`)
        .run();
    for (let i = 0; i < 10; i++) {
      expect((await attempt()).body.code).toBe("wrong-password");
      await runOutDelay();
    }
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("too-many-requests");
  });

  it("never holds back someone who signs in often from one address: a success clears that address's attempts", async () => {
    const { user } = await register();
    const headers = { "cf-connecting-ip": "203.0.113.10" };
    for (let i = 0; i < 15; i++) {
      const signedIn = await callContract(authContracts.password, {
        body: { email: user.email, password: PASSWORD },
        headers,
      });
      expect(signedIn.status).toBe(200);
    }
    // Guessing from there is still counted from zero: ten wrong tries, then the limit.
    for (let i = 0; i < 10; i++) {
      await callContract(authContracts.password, {
        body: { email: user.email, password: "Wrong#Pass1" },
        headers,
      });
      await env.DB.prepare("UPDATE rate_limits SET window_start = window_start - 3600000 WHERE key = ?")
        .bind(`sign-in-account:${user.email}`)
        .run();
    }
    const limited = await callContract(authContracts.password, {
      body: { email: user.email, password: PASSWORD },
      headers,
    });
    expect([limited.status, limited.body.code]).toEqual([429, "too-many-requests"]);
  });
});

describe("tokens", () => {
  it("refuses a missing, forged or expired token with unauthenticated", async () => {
    const { user, token } = await register();
    expect((await callContract(userContracts.current)).body.code).toBe("unauthenticated");
    const forged = token.slice(0, -4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect((await callContract(userContracts.current, { token: forged })).status).toBe(401);
    const sid = JSON.parse(atob(token.split(".")[1]!)).sid as string;
    const expired = await issueToken(
      user.id,
      sid,
      "local-development-token-secret-not-for-production",
      Date.now() - 31 * 24 * 3600 * 1000,
    );
    const response = await callContract(userContracts.current, { token: expired });
    expect([response.status, response.body.code]).toEqual([401, "unauthenticated"]);
    // Signed with another secret (the verifying key is kept per secret), then the right one again.
    const otherSecret = await issueToken(user.id, sid, "some-other-secret-of-enough-length-for-hs256");
    expect((await callContract(userContracts.current, { token: otherSecret })).status).toBe(401);
    expect((await callContract(userContracts.current, { token })).status).toBe(200);
  });

  it("checks a token's signature once but its expiry on every use", async () => {
    const secret = "a-secret-for-the-verified-token-cache-test";
    const now = Date.now();
    const token = await issueToken(7, "b0c1d2e3-0000-4000-8000-000000000007", secret, now);
    expect(await readToken(token, secret, now)).toMatchObject({
      id: 7,
      sid: "b0c1d2e3-0000-4000-8000-000000000007",
    });
    // Remembered as verified, yet refused once it has expired…
    expect(await readToken(token, secret, now + 31 * 24 * 3600 * 1000)).toBeNull();
    // …and never valid under another secret.
    expect(await readToken(token, `${secret}-other`, now)).toBeNull();
    const [header, payload, signature] = token.split(".") as [string, string, string];
    expect(
      await readToken(
        `${header}.${payload}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`,
        secret,
        now,
      ),
    ).toBeNull();
  });

  it("refreshes a valid token into a new one with a later expiry", async () => {
    const { token } = await register();
    const before = JSON.parse(atob(token.split(".")[1]!));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await callContract(authContracts.refreshToken, { token });
    expect(response.status).toBe(200);
    const after = JSON.parse(atob(response.body.token.split(".")[1]!));
    expect(after.id).toBe(before.id);
    expect(after.exp).toBeGreaterThan(before.exp);
    expect(after.exp - after.iat).toBe(30 * 24 * 3600);
    expect((await callContract(authContracts.refreshToken)).status).toBe(401);
  });
});

describe("user account routes", () => {
  it("shows a user to themselves and to admins, not to other users", async () => {
    const a = await register();
    const b = await register();
    expect(
      (await callContract(userContracts.get, { params: { id: a.user.id }, token: a.token })).body.id,
    ).toBe(a.user.id);
    expect(
      (await callContract(userContracts.get, { params: { id: a.user.id }, token: b.token })).body.code,
    ).toBe("forbidden");
    const admin = await createUserWithRole(Role.RegularAdmin);
    expect(
      (await callContract(userContracts.get, { params: { id: a.user.id }, token: admin.token })).status,
    ).toBe(200);
    expect(
      (await callContract(userContracts.get, { params: { id: "999999" }, token: admin.token })).body.code,
    ).toBe("user-not-found");
    expect(
      (await callContract(userContracts.get, { params: { id: "abc" }, token: admin.token })).body.code,
    ).toBe("bad-request");
  });

  it("updates profile fields and keeps the rest", async () => {
    const { user, token } = await register();
    const response = await callContract(userContracts.update, {
      params: { id: user.id },
      token,
      body: { name: "سارة أحمد", birthYear: 2000, gender: "female", city: 2, notificationMethod: 1 },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: "سارة أحمد",
      birthYear: 2000,
      gender: "female",
      city: 2,
      notificationMethod: 1,
      email: user.email,
    });
    const tooOld = await callContract(userContracts.update, {
      params: { id: user.id },
      token,
      body: { birthYear: 1900 },
    });
    expect(tooOld.body.code).toBe("old-user");
    expect(
      (await callContract(userContracts.update, { params: { id: user.id }, token, body: {} })).body.code,
    ).toBe("empty-request");
  });

  it("takes one of Egypt's 27 governorates, refusing the three retired wire values", async () => {
    const { user, token } = await register();
    for (const city of [28, 29, 30, 31]) {
      const refused = await callContract(userContracts.update, {
        params: { id: user.id },
        token,
        body: { city },
      });
      expect([city, refused.status, refused.body.code]).toEqual([city, 400, "bad-request"]);
    }
    const monufia = await callContract(userContracts.update, {
      params: { id: user.id },
      token,
      body: { city: 27 },
    });
    expect([monufia.status, monufia.body.city]).toEqual([200, 27]);
  });

  it("keeps the time zone the user reads times in: Cairo until they choose, canonical spelling, region zones only", async () => {
    const { user, token } = await register();
    expect(user.timeZone).toBe("Africa/Cairo");
    const chosen = await callContract(userContracts.update, {
      params: { id: user.id },
      token,
      body: { timeZone: "asia/riyadh" },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.timeZone).toBe("Asia/Riyadh");
    expect((await callContract(userContracts.current, { token })).body.timeZone).toBe("Asia/Riyadh");
    for (const bad of ["Mars/Olympus", "UTC", "Etc/GMT+3", "", 42]) {
      const refused = await call("PUT", `/api/v1/user/${user.id}`, { token, body: { timeZone: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: "invalid-time-zone",
        fields: { timeZone: "invalid-time-zone" },
      });
    }
    // Nothing half-written: the refused choices left the saved zone alone.
    expect((await callContract(userContracts.current, { token })).body.timeZone).toBe("Asia/Riyadh");
  });

  it("changes the password only with the current one", async () => {
    const { user, token } = await register();
    const refused = await callContract(userContracts.update, {
      params: { id: user.id },
      token,
      body: { password: "New#Pass123", currentPassword: "Wrong#1pass" },
    });
    expect(refused.body.code).toBe("wrong-password");
    const changed = await callContract(userContracts.update, {
      params: { id: user.id },
      token,
      body: { password: "New#Pass123", currentPassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    const signIn = await callContract(authContracts.password, {
      body: { email: user.email, password: "New#Pass123" },
    });
    expect(signIn.status).toBe(200);
  });

  it("requires an Arabic name for tutors", async () => {
    const { user, token } = await register(Role.Tutor);
    const latin = await callContract(userContracts.update, {
      params: { id: user.id },
      token,
      body: { name: "Mahmoud Hassan" },
    });
    expect(latin.body.code).toBe("invalid-tutor-name");
    expect(
      (
        await callContract(userContracts.update, {
          params: { id: user.id },
          token,
          body: { name: "محمود حسن" },
        })
      ).status,
    ).toBe(200);
  });

  it("gives tutors their meta and refuses students", async () => {
    const tutor = await register(Role.Tutor);
    const meta = await callContract(userContracts.tutorMeta, { token: tutor.token });
    expect(meta.body).toMatchObject({
      id: tutor.user.id,
      notice: 60,
      activated: false,
      bypassOnboarding: false,
    });
    const student = await register();
    expect((await callContract(userContracts.tutorMeta, { token: student.token })).status).toBe(403);
  });
});

describe("avatar upload (PUT /user/asset)", () => {
  const form = (file: File) => {
    const data = new FormData();
    data.set("image", file);
    return data;
  };

  it("stores a PNG in R2 and serves it back with its type", async () => {
    const { user, token } = await register();
    const png = new File([pngBytes(2, 2, 40)], "me.png", { type: "image/png" });
    const response = await callContract(userContracts.uploadPicture, { token, raw: form(png) });
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(new RegExp(`^/api/v1/assets/uploads/avatars/${user.id}-`));
    const current = await callContract(userContracts.current, { token });
    expect(current.body.image).toBe(response.body.url);
    const served = await call("GET", response.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    const ranged = await call("GET", response.body.url, { headers: { range: "bytes=0-3" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe("bytes 0-3/40");
  });

  it("deletes the avatar it replaces, but never a file it did not issue for this user (the shared demo media)", async () => {
    const { user, token } = await register();
    const png = () => new File([pngBytes(3, 3)], "me.png", { type: "image/png" });
    // A demo-style shared picture first: replacing it must leave it alone.
    const shared = "uploads/demo/shared-avatar.png";
    await env.MEDIA.put(shared, png().stream(), { httpMetadata: { contentType: "image/png" } });
    await env.DB.prepare("UPDATE users SET image = ? WHERE id = ?")
      .bind(`/api/v1/assets/${shared}`, user.id)
      .run();
    const first = (await callContract(userContracts.uploadPicture, { token, raw: form(png()) })).body
      .url as string;
    const second = (await callContract(userContracts.uploadPicture, { token, raw: form(png()) })).body
      .url as string;
    const keyOf = (url: string) => url.replace("/api/v1/assets/", "");
    await eventually(async () => (await env.MEDIA.head(keyOf(first))) === null);
    expect(await env.MEDIA.head(keyOf(second))).not.toBeNull();
    expect(await env.MEDIA.head(shared)).not.toBeNull();
    expect(ownedUploadKey(`/api/v1/assets/${shared}`, user.id)).toBeNull();
    expect(ownedUploadKey(second, user.id + 1)).toBeNull();
    expect(ownedUploadKey(`/api/v1/assets/uploads/avatars/${user.id}-../../x`, user.id)).toBeNull();
  });

  it("refuses a wrong type or a file over 8 MB before storing anything", async () => {
    const { token } = await register();
    const text = new File(["hello"], "x.txt", { type: "text/plain" });
    expect((await callContract(userContracts.uploadPicture, { token, raw: form(text) })).body.code).toBe(
      "invalid-type",
    );
    const big = new File([new Uint8Array(8 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    const response = await callContract(userContracts.uploadPicture, { token, raw: form(big) });
    expect([response.status, response.body.code]).toEqual([413, "large-file-size"]);
    const listed = await env.MEDIA.list({ prefix: "uploads/avatars/" });
    expect(listed.objects.every((object) => !object.key.endsWith(".txt"))).toBe(true);
  });

  it("lets only the user or an admin upload for a user", async () => {
    const a = await register();
    const b = await register();
    const png = new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" });
    expect(
      (
        await callContract(userContracts.uploadPicture, {
          query: { forUser: a.user.id },
          token: b.token,
          raw: form(png),
        })
      ).body.code,
    ).toBe("forbidden");
    expect((await call("GET", "/api/v1/assets/uploads/avatars/none.png")).body.code).toBe("asset-not-found");
  });
});
