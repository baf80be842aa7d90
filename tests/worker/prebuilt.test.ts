// prebuilt (worker/core/db.ts): a hot query's SQL is built once per isolate and bound per call. These
// prove the values are each call's own — awaited, in one db.batch, and on a new binding each time —
// and that the rows keep the query's shape.
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { users } from "../../schema/db";
import { createDb, prebuilt } from "../../worker/core/db";
import { userByIdQuery } from "../../worker/domain/identity/users";
import { createUserWithRole } from "./helpers";

describe("prebuilt queries", () => {
  it("answers each call with its own values, on a new binding each time", async () => {
    const [a, b] = [await createUserWithRole(Role.Student), await createUserWithRole(Role.Tutor)];
    const [first] = await userByIdQuery(createDb(env), a.user.id);
    const [second] = await userByIdQuery(createDb(env), b.user.id);
    expect([first?.id, first?.email, first?.role]).toEqual([a.user.id, a.user.email, Role.Student]);
    expect([second?.id, second?.email, second?.role]).toEqual([b.user.id, b.user.email, Role.Tutor]);
    expect(await userByIdQuery(createDb(env), 987_654_321)).toEqual([]);
  });

  it("binds each item of one db.batch to its own values", async () => {
    const [a, b] = [await createUserWithRole(Role.Student), await createUserWithRole(Role.Student)];
    const db = createDb(env);
    const [rowsA, rowsB] = await db.batch([userByIdQuery(db, a.user.id), userByIdQuery(db, b.user.id)]);
    expect([rowsA.map((row) => row.email), rowsB.map((row) => row.email)]).toEqual([
      [a.user.email],
      [b.user.email],
    ]);
  });

  it("maps rows as the built query does (aliased columns, typed values)", async () => {
    const { user } = await createUserWithRole(Role.Student);
    const named = prebuilt((db: ReturnType<typeof createDb>) =>
      db
        .select({
          who: users.email,
          verified: users.verifiedEmail,
          doubled: sql<number>`${users.id} * 2`.as("doubled"),
        })
        .from(users)
        .where(eq(users.id, sql.placeholder("id"))),
    );
    const built = await createDb(env)
      .select({
        who: users.email,
        verified: users.verifiedEmail,
        doubled: sql<number>`${users.id} * 2`.as("doubled"),
      })
      .from(users)
      .where(eq(users.id, user.id));
    expect(await named(createDb(env), { id: user.id })).toEqual(built);
    expect(built[0]?.doubled).toBe(user.id * 2);
  });
});
