// The signed-in user is read on every authenticated request without the password hash
// (accountColumns, worker/domain/identity/users.ts): only whether one is set. The hash is read
// where a password is checked (sign-in, a password change, a deletion: tests/worker/account-deletion.test.ts).
import { describe, expect, it } from "vitest";
import { authContracts } from "../../schema/api/auth";
import { userContracts } from "../../schema/api/user";
import { Role } from "../../schema/enums";
import { roundTrips } from "./d1-trips";
import { callContract, PASSWORD, register } from "./helpers";

/** Whether a statement names password_hash anywhere but in `password_hash IS NOT NULL`. */
const readsHash = (sql: string) =>
  /password_hash/i.test(sql.replace(/\(\s*(?:"users"\.)?"password_hash"\s+IS NOT NULL\s*\)/gi, ""));

describe("the signed-in user's read", () => {
  it("asks D1 whether a password is set, never for the hash, and answers hasPassword", async () => {
    const student = await register(Role.Student);
    let answer: Awaited<ReturnType<typeof callContract<typeof userContracts.current>>> | undefined;
    const trips = await roundTrips(async () => {
      answer = await callContract(userContracts.current, { token: student.token });
    });
    expect(answer?.status).toBe(200);
    expect(answer?.body.hasPassword).toBe(true);
    expect(answer?.body).not.toHaveProperty("passwordHash");
    const statements = trips.flatMap((trip) => trip.statements.map((statement) => statement.sql));
    expect(statements.some((sql) => /password_hash/i.test(sql))).toBe(true);
    expect(statements.filter(readsHash)).toEqual([]);
  });

  it("still checks the password where one is asked for: a change needs the current one", async () => {
    const student = await register(Role.Student);
    const id = student.user.id;
    const wrong = await callContract(userContracts.update, {
      token: student.token,
      params: { id },
      body: { password: "NewPassw0rd!x", currentPassword: "not-the-password" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("wrong-password");
    const changed = await callContract(userContracts.update, {
      token: student.token,
      params: { id },
      body: { password: "NewPassw0rd!x", currentPassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.hasPassword).toBe(true);
    const signedIn = await callContract(authContracts.password, {
      body: { email: student.user.email, password: "NewPassw0rd!x" },
      headers: { "cf-connecting-ip": "10.9.8.7" },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.hasPassword).toBe(true);
  });
});
