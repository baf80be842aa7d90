import { describe, expect, it, vi } from "vitest";
import type { AuthResponse, TutorMeta } from "@schema/api/user";
import { Role } from "@schema/enums";
import { sessionStorageKeys } from "../../web/src/lib/session-keys";
import { createSessionStore, type SessionStorage } from "../../web/src/lib/session-store";
import { isTokenDueForRefresh, isTokenExpired, readTokenPayload } from "../../web/src/lib/token";
import { userWith } from "./fixtures";

const day = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 0, 10, 12);

/** A bearer token whose payload is { id, iat, exp } in seconds (the signature is not checked here). */
function tokenExpiringIn(ms: number, id = 7): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode({ id, iat: Math.floor((now - day) / 1000), exp: Math.floor((now + ms) / 1000) })}.signature`;
}

const meta: TutorMeta = {
  id: 7,
  bio: null,
  about: null,
  video: null,
  thumbnail: null,
  notice: 60,
  activated: false,
  bypassOnboarding: false,
};

function memoryStorage(): SessionStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function storeWith(token: string, refreshToken = vi.fn<(token: string) => Promise<AuthResponse>>()) {
  const storage = memoryStorage();
  const store = createSessionStore({ storage, refreshToken, now: () => now });
  store.signIn({ token, user: userWith() });
  return { store, storage, refreshToken };
}

describe("token", () => {
  it("reads the id, iat and exp of the payload", () => {
    expect(readTokenPayload(tokenExpiringIn(day, 42))).toMatchObject({
      id: 42,
      exp: Math.floor((now + day) / 1000),
    });
  });

  it("is expired once exp is before now", () => {
    expect(isTokenExpired(tokenExpiringIn(-1000), now)).toBe(true);
    expect(isTokenExpired(tokenExpiringIn(60_000), now)).toBe(false);
  });

  it("treats an unreadable token as expired", () => {
    expect(isTokenExpired("not-a-token", now)).toBe(true);
    expect(isTokenExpired("a.b.c", now)).toBe(true);
  });

  it("is due for refresh within 2 days of expiry, not before, and not once expired", () => {
    expect(isTokenDueForRefresh(tokenExpiringIn(2 * day - 60_000), now)).toBe(true);
    expect(isTokenDueForRefresh(tokenExpiringIn(2 * day + 60_000), now)).toBe(false);
    expect(isTokenDueForRefresh(tokenExpiringIn(-60_000), now)).toBe(false);
  });
});

describe("session", () => {
  it("keeps the token, user and tutor meta in local storage", () => {
    const { store, storage } = storeWith(tokenExpiringIn(7 * day));
    store.setUser(userWith(Role.Tutor));
    store.setTutorMeta(meta);
    expect(storage.entries.get(sessionStorageKeys.token)).toBe(store.getState().token);
    expect(JSON.parse(storage.entries.get(sessionStorageKeys.user) ?? "null")).toMatchObject({
      role: Role.Tutor,
    });
    expect(JSON.parse(storage.entries.get(sessionStorageKeys.tutorMeta) ?? "null")).toEqual(meta);

    const reopened = createSessionStore({ storage, refreshToken: vi.fn(), now: () => now });
    expect(reopened.getState()).toMatchObject({
      token: store.getState().token,
      user: { role: Role.Tutor },
      tutorMeta: meta,
    });
  });

  it("clears the token, user and tutor meta on logout", () => {
    const { store, storage } = storeWith(tokenExpiringIn(7 * day));
    store.setTutorMeta(meta);
    store.logout();
    expect(store.getState()).toMatchObject({ token: null, user: null, tutorMeta: null });
    expect(storage.entries.size).toBe(0);
  });

  it("offers no token for private requests once it has expired", () => {
    const { store } = storeWith(tokenExpiringIn(-1000));
    expect(store.liveToken()).toBeNull();
    expect(store.hasLiveToken()).toBe(false);
    expect(store.dropExpiredToken()).toBe(true);
    expect(store.getState().user).toBeNull();
  });

  it("drops tutor meta for a user who is not tutor-side", () => {
    const { store } = storeWith(tokenExpiringIn(7 * day));
    store.setTutorMeta(meta);
    store.setUser(userWith(Role.Student));
    expect(store.getState().tutorMeta).toBeNull();
  });

  it("keeps a save when a profile read that left before it lands after it", () => {
    const { store, storage } = storeWith(tokenExpiringIn(7 * day));
    const before = { ...userWith(), timeZone: "Africa/Cairo", updatedAt: "2026-01-10T11:00:00.000Z" };
    const saved = { ...before, timeZone: "Asia/Riyadh", updatedAt: "2026-01-10T12:00:00.000Z" };
    store.setUser(before);
    expect(store.setUser(saved)).toBe(saved);
    expect(store.setUser(before)).toBe(saved);
    expect(store.getState().user?.timeZone).toBe("Asia/Riyadh");
    expect(JSON.parse(storage.entries.get(sessionStorageKeys.user) ?? "null")).toMatchObject({
      timeZone: "Asia/Riyadh",
    });
    // The same time (a local change, such as a new picture) and another account are kept.
    const picture = { ...saved, image: "/media/a.webp" };
    expect(store.setUser(picture)).toBe(picture);
    const other = { ...before, id: before.id + 1 };
    expect(store.setUser(other)).toBe(other);
  });

  it("refreshes a token with less than 2 days left and stores the new one", async () => {
    const fresh = tokenExpiringIn(30 * day);
    const { store, refreshToken, storage } = storeWith(tokenExpiringIn(day));
    refreshToken.mockResolvedValue({ token: fresh, user: userWith() });
    await expect(store.refreshIfDue()).resolves.toBe(true);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(store.getState().token).toBe(fresh);
    expect(storage.entries.get(sessionStorageKeys.token)).toBe(fresh);
  });

  it("does not refresh a token with more than 2 days left", async () => {
    const { store, refreshToken } = storeWith(tokenExpiringIn(3 * day));
    await expect(store.refreshIfDue()).resolves.toBe(false);
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it("starts no second refresh while one is pending", async () => {
    const pending = deferred<AuthResponse>();
    const { store, refreshToken } = storeWith(tokenExpiringIn(day));
    refreshToken.mockReturnValue(pending.promise);
    const first = store.refreshIfDue();
    expect(store.getState().refreshStatus).toBe("pending");
    await expect(store.refreshIfDue()).resolves.toBe(false);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    pending.resolve({ token: tokenExpiringIn(30 * day), user: userWith() });
    await expect(first).resolves.toBe(true);
    expect(store.getState().refreshStatus).toBe("idle");
  });

  it("starts no new refresh after one has failed", async () => {
    const token = tokenExpiringIn(day);
    const { store, refreshToken } = storeWith(token);
    refreshToken.mockRejectedValue(new Error("offline"));
    await expect(store.refreshIfDue()).resolves.toBe(false);
    expect(store.getState()).toMatchObject({ refreshStatus: "failed", token });
    await expect(store.refreshIfDue()).resolves.toBe(false);
    expect(refreshToken).toHaveBeenCalledTimes(1);
  });

  it("lets a new sign-in refresh again after a failure", async () => {
    const { store, refreshToken } = storeWith(tokenExpiringIn(day));
    refreshToken.mockRejectedValueOnce(new Error("offline"));
    await store.refreshIfDue();
    store.signIn({ token: tokenExpiringIn(day), user: userWith() });
    refreshToken.mockResolvedValueOnce({ token: tokenExpiringIn(30 * day), user: userWith() });
    await expect(store.refreshIfDue()).resolves.toBe(true);
  });

  it("keeps a logout that happens while a refresh is pending", async () => {
    const pending = deferred<AuthResponse>();
    const { store, refreshToken } = storeWith(tokenExpiringIn(day));
    refreshToken.mockReturnValue(pending.promise);
    const refreshing = store.refreshIfDue();
    store.logout();
    pending.resolve({ token: tokenExpiringIn(30 * day), user: userWith() });
    await expect(refreshing).resolves.toBe(false);
    expect(store.getState().token).toBeNull();
  });
});
