// stablePlanSql (worker/core/db.ts): every parameter written `+?`, so SQLite compiles a statement
// once instead of on every run; quoted text and comments are left as they are, and the values
// bound answer exactly as before.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  createBookmarkedDb,
  createDb,
  createReplicaDb,
  d1,
  hasBareParameter,
  stablePlanSql,
  statement,
} from "../../worker/core/db";
import type { Db } from "../../worker/core/context";

describe("stablePlanSql", () => {
  it("writes each parameter, numbered or not, as +?", () => {
    expect(stablePlanSql("SELECT * FROM users WHERE id = ? AND role IN (?, ?) LIMIT ? OFFSET ?")).toBe(
      "SELECT * FROM users WHERE id = +? AND role IN (+?, +?) LIMIT +? OFFSET +?",
    );
    expect(stablePlanSql("SELECT ?1, ?12 FROM json_each(?3) w")).toBe(
      "SELECT +?1, +?12 FROM json_each(+?3) w",
    );
  });

  it("leaves quoted text, quoted names and comments as they are", () => {
    const text = `SELECT 'why?' AS "who?", \`x?\` -- a comment?\n, ? /* and ? here */ WHERE a = 'it''s ?' AND b = ?`;
    expect(stablePlanSql(text)).toBe(
      `SELECT 'why?' AS "who?", \`x?\` -- a comment?\n, +? /* and ? here */ WHERE a = 'it''s ?' AND b = +?`,
    );
  });

  it("finds a bare parameter only outside quoted text and comments, and none once rewritten", () => {
    const text = `SELECT 'why?' AS "who?" -- a comment?\n FROM users WHERE id = ?2 /* ? */`;
    expect(hasBareParameter(text)).toBe(true);
    expect(hasBareParameter(stablePlanSql(text))).toBe(false);
    expect(hasBareParameter(`SELECT 'why?' AS "who?", \`x?\` -- ?\n`)).toBe(false);
    expect(hasBareParameter("SELECT ? FROM users")).toBe(true);
  });

  it("answers as the bare statement does: types, NULL, comparisons, LIKE, LIMIT", async () => {
    const text =
      "SELECT ? AS n, ? AS t, ? AS z, ? IS NULL AS empty, 3 = ? AS eq, 'abc' LIKE ? AS matched, typeof(?) AS kind FROM (SELECT 1 UNION ALL SELECT 2) LIMIT ?";
    const values = [7, "سبعة", null, null, 3, "a%", 2.5, 1];
    const bare = await env.DB.prepare(text)
      .bind(...values)
      .all();
    const stable = await env.DB.prepare(stablePlanSql(text))
      .bind(...values)
      .all();
    expect(stable.results).toEqual(bare.results);
    expect(stable.results).toEqual([{ n: 7, t: "سبعة", z: null, empty: 1, eq: 1, matched: 1, kind: "real" }]);
  });

  it("is what each of the Worker's D1 handles prepares, and drizzle's queries answer through it", async () => {
    const sentBy = (db: Db) =>
      (d1(db).prepare("SELECT ? AS x LIMIT ?") as unknown as { statement: string }).statement;
    expect(sentBy(createDb(env))).toBe("SELECT +? AS x LIMIT +?");
    expect(sentBy(createReplicaDb(env))).toBe("SELECT +? AS x LIMIT +?");
    expect(sentBy(createBookmarkedDb(env, undefined).db)).toBe("SELECT +? AS x LIMIT +?");
    const db = createDb(env);
    const rows = await statement(db, sql`SELECT ${41} + 1 AS answer`).all<{ answer: number }>();
    expect(rows.results).toEqual([{ answer: 42 }]);
    const [row] = await db
      .select({ n: sql<number>`${5} * 2` })
      .from(sql`(SELECT 1)`)
      .limit(1);
    expect(row).toEqual({ n: 10 });
  });
});
