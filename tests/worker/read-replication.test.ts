// D1 read replication behind a flag (worker/app.ts, worker/core/db.ts createReplicaDb): with
// D1_READ_REPLICATION=on an anonymous read goes through a "first-unconstrained" D1 session (the
// Sessions API, which a replica may serve); a signed-in read and every write stay on the primary;
// with the flag off nothing changes. Locally the session is served by the one database, so the
// answers must be the same both ways.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { readConfig, type Env } from "../../worker/core/env";
import { Role } from "../../schema/enums";
import { ORIGIN, register } from "./helpers";

/** The env with a DB whose withSession calls are counted by their first constraint. */
function countingEnv(flag: "on" | "off" | undefined) {
  const sessions: string[] = [];
  const db = new Proxy(env.DB, {
    get(target, property) {
      if (property === "withSession")
        return (constraint: D1SessionConstraint | D1SessionBookmark) => {
          sessions.push(String(constraint));
          return target.withSession(constraint);
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { sessions, env: { ...env, DB: db, D1_READ_REPLICATION: flag } as Env };
}

async function fetchWith(target: Env, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, init) as Request<unknown, IncomingRequestCfProperties>,
    target,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const LIST = "/api/v1/user/tutor/list/onboarded?page=1&size=5";

describe("public reads from a read replica, behind a flag", () => {
  it("sends an anonymous read through an unconstrained session when the flag is on, with the same answer", async () => {
    const on = countingEnv("on");
    const replica = await fetchWith(on.env, LIST);
    expect(replica.status).toBe(200);
    expect(on.sessions).toEqual(["first-unconstrained"]);

    const off = countingEnv(undefined);
    const primary = await fetchWith(off.env, LIST);
    expect(off.sessions).toEqual([]);
    expect(await replica.json()).toEqual(await primary.json());
  });

  it("keeps signed-in reads and every write on the primary", async () => {
    const student = await register(Role.Student);
    const on = countingEnv("on");
    const mine = await fetchWith(on.env, "/api/v1/user/current", {
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(mine.status).toBe(200);
    const signedInList = await fetchWith(on.env, LIST, {
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(signedInList.status).toBe(200);
    const contact = await fetchWith(on.env, "/api/v1/contact/", { method: "POST", body: "{}" });
    expect(contact.status).toBeGreaterThanOrEqual(400);
    expect(on.sessions).toEqual([]);
  });

  it("refuses a value other than on or off at start: the configuration error names the setting", async () => {
    const wrong = { ...env, D1_READ_REPLICATION: "yes" } as unknown as Env;
    expect(() => readConfig(wrong)).toThrow(/D1_READ_REPLICATION/);
    const response = await fetchWith(wrong, LIST);
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([
      503,
      "service-unavailable",
    ]);
  });
});
