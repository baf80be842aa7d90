import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { dataRequestContracts } from "../../schema/api/data-requests";
import { readConfig } from "../../worker/core/env";
import { emailHash, erasedEmail } from "../../worker/domain/privacy/erasure";
import { callContract, createUserWithRole, register } from "./helpers";

const DAY = 86_400_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString();

/** A student with a tagged email (so a search finds only this test's rows). */
async function person(tag: string, n: number) {
  const student = await register(Role.Student);
  const email = `dr-${tag}-${n}@example.com`;
  await env.DB.prepare("UPDATE users SET email = ? WHERE id = ?").bind(email, student.user.id).run();
  return { id: student.user.id, email };
}

async function deletion(
  userId: number,
  values: { state: string; requestedBy: number; requestedAt: string; dueAt: string },
  extra: { canceledAt?: string; erasedAt?: string; emailHash?: string } = {},
) {
  await env.DB.prepare(
    `INSERT INTO account_deletions (user_id, state, requested_by, requested_at, due_at, canceled_at, erased_at, email_hash, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      userId,
      values.state,
      values.requestedBy,
      values.requestedAt,
      values.dueAt,
      extra.canceledAt ?? null,
      extra.erasedAt ?? null,
      extra.emailHash ?? null,
      values.requestedAt,
      values.requestedAt,
    )
    .run();
}

describe("admin data requests", () => {
  it("lists deletion requests (self or staff, each state, erasures by state) and exports without their file, filtered by user and paged", async () => {
    const admin = await createUserWithRole(Role.RegularAdmin);
    const superAdmin = await createUserWithRole(Role.SuperAdmin);
    const tag = crypto.randomUUID().slice(0, 8);
    const [a, b, c] = [await person(tag, 1), await person(tag, 2), await person(tag, 3)];
    await deletion(a.id, { state: "pending", requestedBy: a.id, requestedAt: iso(-3), dueAt: iso(11) });
    await deletion(
      b.id,
      { state: "canceled", requestedBy: b.id, requestedAt: iso(-5), dueAt: iso(9) },
      { canceledAt: iso(-4) },
    );
    // c was erased on a written request: the email is gone, only its keyed hash is left.
    const hash = await emailHash(readConfig(env).TOKEN_SECRET, c.email);
    await env.DB.prepare("UPDATE users SET email = ?, name = NULL WHERE id = ?")
      .bind(erasedEmail(c.id), c.id)
      .run();
    await deletion(
      c.id,
      { state: "erased", requestedBy: superAdmin.user.id, requestedAt: iso(-7), dueAt: iso(-7) },
      { erasedAt: iso(-7), emailHash: hash },
    );
    const ready = iso(-1);
    await env.DB.prepare(
      `INSERT INTO data_exports (user_id, state, key, size, ready_at, expires_at, created_at, updated_at)
       VALUES (?, 'ready', ?, 10, ?, ?, ?, ?), (?, 'failed', NULL, NULL, NULL, NULL, ?, ?)`,
    )
      .bind(a.id, `exports/${a.id}/1.zip`, ready, iso(6), ready, ready, b.id, iso(-2), iso(-2))
      .run();

    const deletions = (query: Record<string, unknown>) =>
      callContract(dataRequestContracts.deletions, { token: admin.token, query });
    const all = await deletions({ q: `dr-${tag}` });
    expect(all.status).toBe(200);
    // The erased person's email no longer holds the tag: two by the part of the email.
    expect(all.body.total).toBe(2);
    expect(all.body.list.map((row) => [row.user.id, row.state, row.requestedBy])).toEqual([
      [a.id, "pending", "self"],
      [b.id, "canceled", "self"],
    ]);
    expect(all.body.list[1]!.canceledAt).not.toBeNull();

    // A whole email finds the erased person's request by its hash; the id finds it too.
    for (const q of [c.email, String(c.id)]) {
      const found = await deletions({ q });
      expect(found.status).toBe(200);
      expect(found.body.list).toEqual([
        expect.objectContaining({
          user: { id: c.id, name: null, email: erasedEmail(c.id) },
          state: "erased",
          requestedBy: "staff",
          erasedAt: expect.any(String),
        }),
      ]);
    }
    // The erasures done: state erased.
    const erased = await deletions({ state: "erased", size: 100 });
    expect(erased.body.list.every((row) => row.state === "erased" && row.erasedAt !== null)).toBe(true);
    expect(erased.body.list.map((row) => row.user.id)).toContain(c.id);

    // Paging: one a page, newest first, the total stays.
    const first = await deletions({ q: `dr-${tag}`, size: 1, page: 1 });
    const second = await deletions({ q: `dr-${tag}`, size: 1, page: 2 });
    expect([first.body.total, second.body.total]).toEqual([2, 2]);
    expect([first.body.list[0]!.user.id, second.body.list[0]!.user.id]).toEqual([a.id, b.id]);

    const exports = await callContract(dataRequestContracts.exports, {
      token: admin.token,
      query: { q: `dr-${tag}` },
    });
    expect(exports.status).toBe(200);
    expect(exports.body.total).toBe(2);
    expect(exports.body.list.map((row) => [row.user.id, row.state])).toEqual([
      [a.id, "ready"],
      [b.id, "failed"],
    ]);
    // Never the file: no key, no link.
    for (const row of exports.body.list)
      expect(Object.keys(row).sort()).toEqual(["createdAt", "expiresAt", "id", "readyAt", "state", "user"]);
    const byId = await callContract(dataRequestContracts.exports, {
      token: superAdmin.token,
      query: { q: String(b.id) },
    });
    expect(byId.body.list.map((row) => row.user.id)).toEqual([b.id]);

    const bad = await deletions({ state: "gone" });
    expect(bad.status).toBe(400);
  });

  it("answers the admins only: a student, a tutor and a tutor manager get 403", async () => {
    for (const role of [Role.Student, Role.Tutor, Role.TutorManager]) {
      const { token } = await createUserWithRole(role);
      for (const contract of [dataRequestContracts.deletions, dataRequestContracts.exports]) {
        const answer = await callContract(contract, { token });
        expect({ role, path: contract.path, status: answer.status }).toEqual({
          role,
          path: contract.path,
          status: 403,
        });
      }
    }
    expect((await callContract(dataRequestContracts.deletions)).status).toBe(401);
  });
});
