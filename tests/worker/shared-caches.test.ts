import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { Role } from "../../schema/enums";
import type { AuthResponse } from "../../schema/api/user";
import { tutorContracts } from "../../schema/api/tutor";
import { createDb } from "../../worker/core/db";
import { SHARED_VERSIONS_LEASE_MS } from "../../worker/core/shared-versions";
import * as isolateA from "../../worker/domain/tutors/tutor-list";
import { onboardedTutor } from "./factories-tutors";
import { callContract, createUserWithRole } from "./helpers";

// Two isolates' caches: this file's module instance of the tutor list is isolate A; a fresh instance
// of the same module (vi.resetModules) is isolate B, with a cache of its own. A flush in one must
// reach the other at its next request (worker/core/shared-versions.ts).

type TutorListModule = typeof isolateA;

async function anotherIsolate(): Promise<TutorListModule> {
  vi.resetModules();
  const module = (await import("../../worker/domain/tutors/tutor-list")) as TutorListModule;
  expect(module).not.toBe(isolateA);
  return module;
}

const rename = (id: number, name: string) =>
  env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind(name, id).run();

const version = async () =>
  (
    await env.DB.prepare("SELECT version FROM cache_versions WHERE name = 'tutor-list'").first<{
      version: number;
    }>()
  )?.version ?? 0;

let admin: AuthResponse;
beforeAll(async () => {
  admin = await createUserWithRole(Role.SuperAdmin);
});

describe("a tutor-list flush reaches every isolate", () => {
  it("isolate A answers fresh data at its next request after isolate B flushed", async () => {
    const tutor = await onboardedTutor({ name: "معلمة العزل أ" });
    const query = { page: 1, size: 20, name: "معلمة العزل" };
    const db = createDb(env);
    const before = await isolateA.listOnboardedTutors(db, query);
    expect(before.list.map((card) => card.name)).toEqual(["معلمة العزل أ"]);

    // A change written without telling isolate A (another isolate's write): A still answers its cache.
    await rename(tutor.user.id, "معلمة العزل ب");
    expect((await isolateA.listOnboardedTutors(db, query)).list[0]?.name).toBe("معلمة العزل أ");

    // Isolate B flushes (its own cache and the shared version, in one batch).
    const isolateB = await anotherIsolate();
    const shared = await version();
    await db.batch([isolateB.flushTutorListCache(db)]);
    expect(await version()).toBe(shared + 1);

    // Isolate A's next request sees the flush once its one-second lease on the versions ran out
    // (an anonymous request with no read of its own), not after the cache's 30 seconds.
    const within = new Date(Date.now() + 200);
    expect((await isolateA.listOnboardedTutors(db, query, within)).list[0]?.name).toBe("معلمة العزل أ");
    const next = new Date(Date.now() + SHARED_VERSIONS_LEASE_MS + 100);
    expect((await isolateA.listOnboardedTutors(db, query, next)).list[0]?.name).toBe("معلمة العزل ب");
  });

  it("uses the versions the request read with its user instead of reading them again", async () => {
    const tutor = await onboardedTutor({ name: "معلم النسخة أ" });
    const query = { page: 1, size: 20, name: "معلم النسخة" };
    const db = createDb(env);
    await isolateA.listOnboardedTutors(db, query);
    await rename(tutor.user.id, "معلم النسخة ب");
    const current = { "tutor-list": await version() };
    // The request's read says nothing changed: the cached answer stands.
    expect((await isolateA.listOnboardedTutors(db, query, new Date(), current)).list[0]?.name).toBe(
      "معلم النسخة أ",
    );
    // The request's read carries a newer version (a flush elsewhere): the cache is not used.
    const newer = { "tutor-list": current["tutor-list"] + 1 };
    expect((await isolateA.listOnboardedTutors(db, query, new Date(), newer)).list[0]?.name).toBe(
      "معلم النسخة ب",
    );
  });

  it("DELETE /cache/flush bumps the shared version with its audit row, and GET /tutor/list follows", async () => {
    const tutor = await onboardedTutor({ name: "معلم الرابط أ" });
    const query = { page: 1, size: 20, name: "معلم الرابط" };
    const first = await callContract(tutorContracts.list, { query });
    expect(first.body.list.map((card) => card.name)).toEqual(["معلم الرابط أ"]);
    await rename(tutor.user.id, "معلم الرابط ب");
    // Signed in: the versions ride on the user's read.
    const cached = await callContract(tutorContracts.list, { query, token: admin.token });
    expect(cached.body.list[0]?.name).toBe("معلم الرابط أ");

    const shared = await version();
    // Another isolate's flush: only the shared row moves (this isolate's cache is left as it is).
    await env.DB.prepare(
      "INSERT INTO cache_versions (name, version) VALUES ('tutor-list', 1) ON CONFLICT (name) DO UPDATE SET version = version + 1",
    ).run();
    expect(await version()).toBe(shared + 1);
    // A signed-in request reads the versions with its user: it sees the flush at once.
    const fresh = await callContract(tutorContracts.list, { query, token: admin.token });
    expect(fresh.body.list[0]?.name).toBe("معلم الرابط ب");

    await rename(tutor.user.id, "معلم الرابط ج");
    await callContract(tutorContracts.flushCache, { token: admin.token });
    expect(await version()).toBe(shared + 2);
    const audit = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'cache.delete' AND target_id = 'tutor-list' AND actor_id = ?",
    )
      .bind(admin.user.id)
      .first<{ n: number }>();
    expect(audit?.n).toBe(1);
    const signedIn = await callContract(tutorContracts.list, { query, token: admin.token });
    expect(signedIn.body.list[0]?.name).toBe("معلم الرابط ج");
  });
});

describe("a business-settings change reaches every isolate", () => {
  type SettingsModule = typeof import("../../worker/domain/staff/platform-settings");
  const fresh = async (): Promise<SettingsModule> => {
    vi.resetModules();
    return (await import("../../worker/domain/staff/platform-settings")) as SettingsModule;
  };

  it("isolate A drops its cached numbers once isolate B saved new ones, not 30 seconds later", async () => {
    const db = createDb(env);
    const isolateA = await fresh();
    const isolateB = await fresh();
    expect(isolateB).not.toBe(isolateA);
    const start = Date.now();
    const before = await isolateA.currentBusinessSettings(db, start);
    const changed = { ...before, trialMinutes: before.trialMinutes === 15 ? 30 : 15 };
    await isolateB.saveBusinessSettings(db, changed, admin.user.id, new Date(), {
      userId: admin.user.id,
      requestId: "shared-caches-test",
    });
    // Inside the second A last read the versions in, it still answers its copy (an anonymous reader)...
    expect((await isolateA.currentBusinessSettings(db, start + 200)).trialMinutes).toBe(before.trialMinutes);
    // ...and the next request after it sees the change, well within the cache's 30 seconds.
    const next = start + SHARED_VERSIONS_LEASE_MS + 100;
    expect((await isolateA.currentBusinessSettings(db, next)).trialMinutes).toBe(changed.trialMinutes);
    // Put the numbers back for the other tests.
    await isolateB.saveBusinessSettings(db, before, admin.user.id, new Date(), {
      userId: admin.user.id,
      requestId: "shared-caches-test",
    });
  });
});
