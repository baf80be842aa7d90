import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role, allRoles } from "../../schema/enums";
import type { AuthResponse } from "../../schema/api/user";
import type { Access } from "../../worker/http/route";
import { apiRoutes } from "../../worker/routes";
import { createStudent, createUser, storedSessionToken } from "./factories-lessons";
import { call, callContract, createUserWithRole, latestMessage, PASSWORD, uniqueEmail } from "./helpers";
import { userContracts } from "../../schema/api/user";
import { confirmationCodeContracts } from "../../schema/api/confirmation-code";
import { outboxContracts } from "../../schema/api/outbox";

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
        const path =
          "/api/v1" +
          def.path.replace(/:id(\{[^}]*\})?/, String(session?.user.id ?? 1)).replace(":name{.+}", "none.png");
        const response = await call(def.method.toUpperCase(), path, { token: session?.token });
        // Signing out ends the caller's session: the next routes are called from a new sign-in.
        if (def.path === "/auth/sign-out" && role !== null && session)
          sessions.set(role, { ...session, token: await storedSessionToken(session.user.id) });
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

describe("least privilege over accounts (schema/staff-rights.ts)", () => {
  const create = (token: string, role: Role) =>
    callContract(userContracts.register, {
      token,
      body: { email: uniqueEmail("staff"), password: PASSWORD, role, name: "موظف جديد" },
    });

  it("lets only a SuperAdmin create an admin; a RegularAdmin creates only the staff roles below its own", async () => {
    const superAdmin = await createUser(Role.SuperAdmin);
    const regular = await createUser(Role.RegularAdmin);
    expect((await create(regular.token, Role.SuperAdmin)).status).toBe(403);
    expect((await create(regular.token, Role.RegularAdmin)).status).toBe(403);
    expect((await create(regular.token, Role.TutorManager)).status).toBe(201);
    expect((await create(regular.token, Role.Studio)).status).toBe(201);
    expect((await create(superAdmin.token, Role.RegularAdmin)).status).toBe(201);
    expect((await create(superAdmin.token, Role.SuperAdmin)).status).toBe(201);
    const manager = await createUser(Role.TutorManager);
    expect((await create(manager.token, Role.Studio)).status).toBe(403);
    const refused = await callContract(userContracts.register, {
      body: { email: uniqueEmail("anon"), password: PASSWORD, role: Role.RegularAdmin },
    });
    expect(refused.status).toBe(403);
  });

  it("refuses a RegularAdmin editing a SuperAdmin or another admin, and lets it edit a student", async () => {
    const regular = await createUser(Role.RegularAdmin);
    const superAdmin = await createUser(Role.SuperAdmin);
    const otherRegular = await createUser(Role.RegularAdmin);
    const student = await createStudent();
    const rename = (token: string, id: number) =>
      callContract(userContracts.update, { params: { id }, token, body: { name: "Renamed" } });
    expect((await rename(regular.token, superAdmin.id)).status).toBe(403);
    expect((await rename(regular.token, otherRegular.id)).status).toBe(403);
    expect((await rename(regular.token, student.id)).status).toBe(200);
    expect((await rename(superAdmin.token, regular.id)).status).toBe(200);
    const { name } = (await env.DB.prepare("SELECT name FROM users WHERE id = ?")
      .bind(superAdmin.id)
      .first<{ name: string }>())!;
    expect(name).not.toBe("Renamed");
  });

  it("refuses anyone, a SuperAdmin too, setting another person's password", async () => {
    const superAdmin = await createUser(Role.SuperAdmin);
    const regular = await createUser(Role.RegularAdmin);
    const student = await createStudent();
    for (const [caller, target] of [
      [superAdmin, student],
      [regular, student],
      [regular, superAdmin],
    ] as const) {
      const response = await callContract(userContracts.update, {
        params: { id: target.id },
        token: caller.token,
        body: { password: "Other#Pass2" },
      });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("forbidden");
    }
    const row = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(student.id)
      .first<{ password_hash: string | null }>();
    expect(row!.password_hash).toBeNull();
  });

  it("lets staff send a password reset by email instead, within their rights, and records it", async () => {
    const regular = await createUser(Role.RegularAdmin);
    const superAdmin = await createUser(Role.SuperAdmin);
    const student = await createStudent();
    const sent = await callContract(userContracts.resetPassword, {
      params: { id: student.id },
      token: regular.token,
    });
    expect(sent.status).toBe(200);
    const message = await latestMessage(student.email);
    expect(message.code).toMatch(/^[0-9]{5}$/);
    const reset = await callContract(confirmationCodeContracts.confirmPassword, {
      body: { email: student.email, code: message.code!, password: "Reset#Pass3" },
    });
    expect(reset.status).toBe(200);
    const audit = await env.DB.prepare(
      "SELECT actor_id, target_id FROM audit_log WHERE action = 'user.password-reset' AND target_id = ?",
    )
      .bind(String(student.id))
      .all<{ actor_id: number; target_id: string }>();
    expect(audit.results).toEqual([{ actor_id: regular.id, target_id: String(student.id) }]);
    expect(
      (
        await callContract(userContracts.resetPassword, {
          params: { id: superAdmin.id },
          token: regular.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (await callContract(userContracts.resetPassword, { params: { id: "999999" }, token: superAdmin.token }))
        .body.code,
    ).toBe("user-not-found");
  });

  it("records an admin's account changes with before and after, never a password", async () => {
    const superAdmin = await createUser(Role.SuperAdmin);
    const student = await createStudent();
    const response = await callContract(userContracts.update, {
      params: { id: student.id },
      token: superAdmin.token,
      body: { name: "بعد" },
    });
    expect(response.status).toBe(200);
    const row = await env.DB.prepare("SELECT * FROM audit_log WHERE action = 'user.update' AND target_id = ?")
      .bind(String(student.id))
      .first<Record<string, string>>();
    expect(row).toMatchObject({
      actor_id: superAdmin.id,
      target_type: "user",
      before: JSON.stringify({ name: "مستخدم تجريبي" }),
      after: JSON.stringify({ name: "بعد" }),
    });
    const created = await create(superAdmin.token, Role.Studio);
    const createdRow = await env.DB.prepare(
      "SELECT * FROM audit_log WHERE action = 'user.create' AND target_id = ?",
    )
      .bind(String(created.body.user.id))
      .first<Record<string, string>>();
    expect(createdRow).toMatchObject({ actor_id: superAdmin.id });
    expect(createdRow!.after).not.toContain("password");
    // A user's own change is not a staff write: no row.
    await callContract(userContracts.update, {
      params: { id: student.id },
      token: student.token,
      body: { name: "ذاتي" },
    });
    const own = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE target_id = ? AND actor_id = ?",
    )
      .bind(String(student.id), student.id)
      .first<{ n: number }>();
    expect(own!.n).toBe(0);
  });
});

describe("«رسائل لم تصل» (dead deliveries) for staff only", () => {
  it("lists dead deliveries and sends one again for admins; refuses nobody (401), a student, a tutor manager and a studio (403)", async () => {
    const admin = await createUserWithRole(Role.RegularAdmin);
    const callers = await Promise.all(
      [Role.Student, Role.TutorManager, Role.Studio].map((role) => createUserWithRole(role)),
    );
    expect((await callContract(outboxContracts.dead)).status).toBe(401);
    for (const caller of callers) {
      expect((await callContract(outboxContracts.dead, { token: caller.token })).status).toBe(403);
      expect(
        (await callContract(outboxContracts.retry, { params: { id: "1" }, token: caller.token })).status,
      ).toBe(403);
    }
    const listed = await callContract(outboxContracts.dead, { token: admin.token });
    expect([listed.status, Array.isArray(listed.body.list)]).toEqual([200, true]);
    expect(
      (await callContract(outboxContracts.retry, { params: { id: "999999" }, token: admin.token })).body.code,
    ).toBe("delivery-not-failed");
  });
});
