import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../worker/domain/identity/password";
import { accountDelayMs, passwordMatches } from "../../worker/domain/identity/sign-in-limits";
import { callContract, PASSWORD, register, uniqueEmail } from "./helpers";
import { authContracts } from "../../schema/api/auth";

const signIn = (email: string, password: string, address: string) =>
  callContract(authContracts.password, {
    body: { email, password },
    headers: { "cf-connecting-ip": address },
  });

/** Moves an account's last failure back, as if `seconds` had passed. */
const age = (email: string, seconds: number) =>
  env.DB.prepare("UPDATE rate_limits SET window_start = window_start - ? WHERE key = ?")
    .bind(seconds * 1000, `sign-in-account:${email}`)
    .run();

describe("sign-in abuse limits", () => {
  it("stops one address spraying many accounts: after 20 failures across accounts it answers 429 with Retry-After, even for a right password", async () => {
    const address = "198.51.100.7";
    for (let i = 0; i < 20; i++)
      expect((await signIn(uniqueEmail("spray"), "Wrong#Pass1", address)).body.code).toBe("wrong-password");
    const victim = await register();
    const blocked = await signIn(victim.user.email, PASSWORD, address);
    expect([blocked.status, blocked.body.code]).toEqual([429, "too-many-requests"]);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn(victim.user.email, PASSWORD, "198.51.100.8")).status).toBe(200);
  });

  it("delays an account after repeated failures from any address, doubling, and lets the right password in once the delay has run out", async () => {
    const { user } = await register();
    for (let i = 0; i < 5; i++)
      expect((await signIn(user.email, "Wrong#Pass1", `192.0.2.${i + 1}`)).body.code).toBe("wrong-password");
    const delayed = await signIn(user.email, PASSWORD, "192.0.2.50");
    expect([delayed.status, delayed.body.code, delayed.headers.get("retry-after")]).toEqual([
      429,
      "too-many-requests",
      "1",
    ]);
    await age(user.email, 2);
    expect((await signIn(user.email, "Wrong#Pass1", "192.0.2.9")).body.code).toBe("wrong-password");
    expect((await signIn(user.email, PASSWORD, "192.0.2.50")).headers.get("retry-after")).toBe("2");
    await age(user.email, 3);
    // The owner, from yet another address: in, and the run of failures is cleared.
    expect((await signIn(user.email, PASSWORD, "192.0.2.77")).status).toBe(200);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key = ?")
      .bind(`sign-in-account:${user.email}`)
      .first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  it("counts guesses sent at once like guesses sent one by one: of 40 parallel failures from one address, exactly 20 are checked", async () => {
    const address = "198.51.100.40";
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(uniqueEmail(`burst${i}`), "Wrong#Pass1", address)),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === "wrong-password")).toHaveLength(20);
    expect(codes.filter((code) => code === "too-many-requests")).toHaveLength(20);
    const row = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?")
      .bind(`sign-in-address:${address}`)
      .first<{ count: number }>();
    expect(row!.count).toBe(20);
  });

  it("delays an account under guesses sent at once from many addresses: of 20 parallel wrong passwords, exactly 5 are checked", async () => {
    const { user } = await register();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(user.email, "Wrong#Pass1", `192.0.2.${100 + i}`)),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === "wrong-password")).toHaveLength(5);
    expect(codes.filter((code) => code === "too-many-requests")).toHaveLength(15);
    // The account's run holds the 5 failures checked, as 5 sequential failures would leave it.
    const row = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?")
      .bind(`sign-in-account:${user.email}`)
      .first<{ count: number }>();
    expect(row!.count).toBe(5);
  });

  it("gives an address's counted attempt back when it succeeds: only failures count towards the 20", async () => {
    const address = "198.51.100.60";
    const owner = await register();
    for (let i = 0; i < 19; i++)
      expect((await signIn(uniqueEmail("near"), "Wrong#Pass1", address)).body.code).toBe("wrong-password");
    expect((await signIn(owner.user.email, PASSWORD, address)).status).toBe(200);
    // 19 failures and a success: one more failure is still checked, the next attempt is not.
    expect((await signIn(uniqueEmail("near"), "Wrong#Pass1", address)).body.code).toBe("wrong-password");
    expect((await signIn(owner.user.email, PASSWORD, address)).body.code).toBe("too-many-requests");
  });

  it("caps the delay (never a lock-out): 1 s after 5 failures, doubling, at most 15 minutes", () => {
    expect([4, 5, 6, 8, 14, 15, 40].map(accountDelayMs)).toEqual([
      0, 1000, 2000, 8000, 512_000, 900_000, 900_000,
    ]);
  });

  it("does the same hashing work for an unknown email as for a known one", async () => {
    const hashed: string[] = [];
    const counting = async (password: string, stored: string) => {
      hashed.push(stored);
      return verifyPassword(password, stored);
    };
    const known = await hashPassword(PASSWORD);
    expect(await passwordMatches(PASSWORD, known, counting)).toBe(true);
    expect(await passwordMatches(PASSWORD, null, counting)).toBe(false);
    expect(await passwordMatches(PASSWORD, undefined, counting)).toBe(false);
    expect(hashed).toHaveLength(3);
    // The unknown email's check runs the same PBKDF2 (100,000 iterations) on a stored-format hash.
    expect(hashed[1]!.split("$")[1]).toBe(known.split("$")[1]);
  });

  it("answers an unknown email exactly as a wrong password, and delays it the same way", async () => {
    const email = uniqueEmail("nobody");
    for (let i = 0; i < 5; i++)
      expect((await signIn(email, "Wrong#Pass1", `203.0.113.${i + 20}`)).body).toMatchObject({
        code: "wrong-password",
      });
    expect((await signIn(email, "Wrong#Pass1", "203.0.113.40")).status).toBe(429);
  });
});
