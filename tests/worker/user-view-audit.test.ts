import { describe, expect, it } from "vitest";
import { auditContracts } from "../../schema/api/audit";
import { userContracts } from "../../schema/api/user";
import { Role } from "../../schema/enums";
import { callContract, createUserWithRole, register } from "./helpers";

/** The user.view rows about `targetId`, as an admin reads the audit log. */
async function views(adminToken: string, targetId: number) {
  const answer = await callContract(auditContracts.list, {
    token: adminToken,
    query: { action: "user.view", targetType: "user", targetId: String(targetId), size: 100 },
  });
  expect(answer.status).toBe(200);
  return answer.body.list;
}

describe("staff looks at a user's page (user.view)", () => {
  it("a SuperAdmin opening a user's page leaves a row naming who looked at whom; the owner reading their own account leaves none", async () => {
    const superAdmin = await createUserWithRole(Role.SuperAdmin);
    const student = await register(Role.Student);
    const id = student.user.id;

    const own = await callContract(userContracts.get, { token: student.token, params: { id } });
    expect(own.status).toBe(200);
    expect(await views(superAdmin.token, id)).toEqual([]);

    const opened = await callContract(userContracts.get, { token: superAdmin.token, params: { id } });
    expect(opened.status).toBe(200);
    expect(opened.body.id).toBe(id);
    const rows = await views(superAdmin.token, id);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "user.view",
        targetType: "user",
        targetId: String(id),
        actor: expect.objectContaining({ id: superAdmin.user.id }),
      }),
    ]);
    expect(Date.now() - Date.parse(rows[0]!.createdAt)).toBeLessThan(60_000);

    // A tutor manager's look is staff's too; a student looking at someone else is refused, unrecorded.
    const manager = await createUserWithRole(Role.TutorManager);
    expect((await callContract(userContracts.get, { token: manager.token, params: { id } })).status).toBe(
      200,
    );
    const other = await register(Role.Student);
    expect((await callContract(userContracts.get, { token: other.token, params: { id } })).status).toBe(403);
    expect((await views(superAdmin.token, id)).map((row) => row.actor?.id)).toEqual([
      manager.user.id,
      superAdmin.user.id,
    ]);
  });
});
