import { describe, expect, it } from "vitest";
import { Role, allRoles } from "../../schema/enums";
import type { AuthResponse } from "../../schema/api/user";
import type { Access } from "../../worker/http/route";
import { apiRoutes } from "../../worker/routes";
import { call, createUserWithRole } from "./helpers";

/** What the access declaration alone should answer for a caller (null: let through). */
function denial(access: Access, role: Role | null): 401 | 403 | null {
  if (access === "public") return null;
  if (role === null) return 401;
  if (access === "signed-in") return null;
  return access.includes(role) ? null : 403;
}

describe("every route's declared roles, called as every role and as nobody", () => {
  const callers: Array<Role | null> = [null, ...allRoles];

  it("answers 401 to nobody, 403 to a role not declared, and lets declared roles through", async () => {
    const sessions = new Map<Role, AuthResponse>();
    for (const role of allRoles) sessions.set(role, await createUserWithRole(role));
    const checked: string[] = [];
    for (const def of apiRoutes) {
      if (def.path === "/dev/seed") continue; // seeding is exercised by the e2e run; slow here
      for (const role of callers) {
        const session = role === null ? undefined : sessions.get(role);
        const path = "/api/v1" + def.path.replace(/:id(\{[^}]*\})?/, String(session?.user.id ?? 1)).replace(":name{.+}", "none.png");
        const response = await call(def.method.toUpperCase(), path, { token: session?.token });
        const expected = denial(def.access, role);
        const label = `${def.method} ${def.path} as ${role ?? "nobody"}`;
        if (expected) expect([label, response.status]).toEqual([label, expected]);
        else expect([label, [401, 403].includes(response.status)]).toEqual([label, false]);
        checked.push(label);
      }
    }
    expect(checked.length).toBe((apiRoutes.length - 1) * callers.length);
  }, 60_000); // every route × 7 callers: well over the 5 s default
});
