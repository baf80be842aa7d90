// D1 read replication behind a flag (worker/app.ts, worker/core/db.ts createReplicaDb): with
// D1_READ_REPLICATION=on an anonymous read goes through a "first-unconstrained" D1 session (the
// Sessions API, which a replica may serve); a signed-in request continues from the bookmark its
// last answer carried (x-d1-bookmark), or starts at the primary; an anonymous write stays on the
// primary; with the flag off nothing changes. Locally the session is served by the one database, so the
// answers must be the same both ways.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { readConfig, type Env } from "../../worker/core/env";
import { Role } from "../../schema/enums";
import { ORIGIN, register } from "./helpers";
import { BOOKMARK_HEADER } from "../../schema/api/common";

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

  it("starts a signed-in request's session at the primary, and answers with its bookmark", async () => {
    const student = await register(Role.Student);
    const on = countingEnv("on");
    const mine = await fetchWith(on.env, "/api/v1/user/current", {
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(mine.status).toBe(200);
    const bookmark = mine.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);
    expect(on.sessions).toEqual(["first-primary"]);
    // An anonymous write stays on the primary, outside any session.
    const contact = await fetchWith(on.env, "/api/v1/contact/", { method: "POST", body: "{}" });
    expect(contact.status).toBeGreaterThanOrEqual(400);
    expect(on.sessions).toEqual(["first-primary"]);
  });

  it("continues from the bookmark sent back, so the person reads their own write; a malformed one starts at the primary", async () => {
    const student = await register(Role.Student);
    const on = countingEnv("on");
    const auth = { authorization: `Bearer ${student.token}`, "content-type": "application/json" };
    const first = await fetchWith(on.env, "/api/v1/user/current", { headers: auth });
    const before = first.headers.get(BOOKMARK_HEADER)!;
    const wrote = await fetchWith(on.env, `/api/v1/user/${student.user.id}`, {
      method: "PUT",
      headers: { ...auth, [BOOKMARK_HEADER]: before },
      body: JSON.stringify({ name: "رنا سمير" }),
    });
    expect(wrote.status).toBe(200);
    const after = wrote.headers.get(BOOKMARK_HEADER)!;
    // The write moved the database on: the bookmark after it sorts after the one before.
    expect(after > before).toBe(true);
    const read = await fetchWith(on.env, "/api/v1/user/current", {
      headers: { ...auth, [BOOKMARK_HEADER]: after },
    });
    expect(((await read.json()) as { name: string }).name).toBe("رنا سمير");
    await fetchWith(on.env, "/api/v1/user/current", {
      headers: { ...auth, [BOOKMARK_HEADER]: "not-a-bookmark'; --" },
    });
    expect(on.sessions).toEqual(["first-primary", before, after, "first-primary"]);
  });

  it("lets the SPA on another allowed origin (Cloudflare Pages) send the bookmark and read it", async () => {
    const pages = "https://dars.pages.dev";
    const on = countingEnv("on");
    const target = { ...on.env, APP_ORIGINS: pages } as Env;
    const preflight = await fetchWith(target, "/api/v1/user/current", {
      method: "OPTIONS",
      headers: {
        origin: pages,
        "access-control-request-method": "GET",
        "access-control-request-headers": `authorization,${BOOKMARK_HEADER}`,
      },
    });
    expect(preflight.headers.get("access-control-allow-headers")).toContain(BOOKMARK_HEADER);
    const student = await register(Role.Student);
    const mine = await fetchWith(target, "/api/v1/user/current", {
      headers: { origin: pages, authorization: `Bearer ${student.token}` },
    });
    expect(mine.headers.get("access-control-expose-headers")).toContain(BOOKMARK_HEADER);
  });

  it("with the flag off, opens no session and sends no bookmark", async () => {
    const student = await register(Role.Student);
    const off = countingEnv("off");
    const mine = await fetchWith(off.env, "/api/v1/user/current", {
      headers: { authorization: `Bearer ${student.token}` },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get(BOOKMARK_HEADER)).toBeNull();
    expect(off.sessions).toEqual([]);
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
