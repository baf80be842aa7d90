// The admin users search through users_fts (migrations/0017, worker/domain/staff/admin-users.ts):
// a word's prefix finds Arabic names, an email's prefix or full address finds its account, and
// whatever is typed is text, never FTS5 syntax.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { UserListItem } from "../../schema/api/admin-user";
import type { Paged } from "../../schema/api/common";
import { Role } from "../../schema/enums";
import { ftsPrefixQuery } from "../../worker/domain/staff/admin-users";
import { createUser } from "./factories-lessons";
import { call } from "./helpers";

const tag = () => `fts${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function search(token: string, term: string): Promise<number[]> {
  const response = await call("GET", `/api/v1/user/list?size=100&search=${encodeURIComponent(term)}`, {
    token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const page = response.body as Paged<UserListItem>;
  expect(page.total).toBe(page.list.length);
  return page.list.map((user) => user.id);
}

async function person(name: string, email: string, phone: string | null = null): Promise<number> {
  const user = await createUser(Role.Student, { name });
  await env.DB.prepare("UPDATE users SET email = ?, phone = ? WHERE id = ?")
    .bind(email, phone, user.id)
    .run();
  return user.id;
}

describe("ftsPrefixQuery", () => {
  it("quotes every word as a prefix and drops words with no letter or digit", () => {
    expect(ftsPrefixQuery("زين  الرح")).toBe('"زين"* "الرح"*');
    expect(ftsPrefixQuery('a"b OR -c *')).toBe('"a""b"* "OR"* "-c"*');
    expect(ftsPrefixQuery("  ")).toBeNull();
    expect(ftsPrefixQuery('% - * "')).toBeNull();
  });
});

describe("GET /user/list?search= (users_fts)", () => {
  it("finds an Arabic name by the prefix of any of its words, every word typed required", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const t = tag();
    const zeinab = await person("زينب عبد الرحمن", `${t}.z@example.com`);
    const other = await person("زياد الرحماني", `${t}.y@example.com`);
    expect(await search(admin.token, `${t} زين`)).toEqual([zeinab]);
    expect(await search(admin.token, `${t} الرحم`)).toEqual([other, zeinab]);
    expect(await search(admin.token, `الرحمن عبد ${t}`)).toEqual([zeinab]);
    // A word is matched from its start: the middle of a name finds no one.
    expect(await search(admin.token, `${t} ينب`)).toEqual([]);
  });

  it("finds an email by its prefix, in any case, or by the full address, and a phone by its digits' prefix", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const t = tag();
    const mona = await person("منى عادل", `mona.adel-${t}@example.com`, "+201001234567");
    await person("منى سمير", `mona.samir-${t}@example.com`);
    expect(await search(admin.token, `mona.adel-${t}`)).toEqual([mona]);
    expect(await search(admin.token, `MONA.ADEL-${t.toUpperCase()}@EXAM`)).toEqual([mona]);
    expect(await search(admin.token, `mona.adel-${t}@example.com`)).toEqual([mona]);
    expect((await search(admin.token, `mona.${t}`)).length).toBe(0);
    expect(await search(admin.token, `${t} +2010012`)).toEqual([mona]);
  });

  it("treats quotes and operators as text: nothing crashes and nothing widens the search", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const t = tag();
    const id = await person("سارة", `${t}@example.com`);
    // As FTS5 syntax `t OR x` would find her; as text it asks for a word starting with "OR" too.
    expect(await search(admin.token, `${t} OR سارة`)).toEqual([]);
    expect(await search(admin.token, `${t} سارة`)).toEqual([id]);
    // As syntax "-t" or "NOT t" would leave her out; "t*", an open quote, a column filter, NEAR(.
    expect(await search(admin.token, `-${t}`)).toEqual([id]);
    expect(await search(admin.token, `${t}*`)).toEqual([id]);
    expect(await search(admin.token, `"${t}`)).toEqual([id]);
    expect(await search(admin.token, `email:${t}`)).toEqual([]);
    expect(await search(admin.token, `NEAR(${t}`)).toEqual([]);
    expect(await search(admin.token, `^${t} سا`)).toEqual([id]);
    // Only punctuation names no word: no one.
    expect(await search(admin.token, `"*" - ( )`)).toEqual([]);
  });

  it("follows each change of a name, email or phone, and a deleted row", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const t = tag();
    const id = await person(`${t} كريم`, `${t}.k@example.com`, "+201112223334");
    await env.DB.prepare("UPDATE users SET name = ?, email = ?, phone = ? WHERE id = ?")
      .bind("حسن", `h-${t}@example.com`, "+201559998887", id)
      .run();
    expect(await search(admin.token, `${t} كريم`)).toEqual([]);
    expect(await search(admin.token, `${t}.k`)).toEqual([]);
    expect(await search(admin.token, `h-${t} حس`)).toEqual([id]);
    expect(await search(admin.token, `h-${t} +2015599`)).toEqual([id]);
    expect(await search(admin.token, `h-${t} +2011122`)).toEqual([]);
    await env.DB.prepare("DELETE FROM auth_sessions WHERE user_id = ?").bind(id).run();
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(id).run();
    expect(await search(admin.token, `h-${t}`)).toEqual([]);
    // The index holds exactly the rows of users (FTS5's own consistency check).
    await env.DB.prepare("INSERT INTO users_fts (users_fts, rank) VALUES ('integrity-check', 1)").run();
  });

  it("keeps nothing of a changed value: the erasure's UPDATE leaves no old word in the index or its shadow tables", async () => {
    const admin = await createUser(Role.SuperAdmin);
    const t = tag();
    const word = `${t}qz`;
    const id = await person(`${word} نادر`, `${word}@example.com`, "+201234509876");
    expect(await search(admin.token, word)).toEqual([id]);
    // The raw pages: segments and page keys holding the word's bytes (some while it is there, none after).
    const raw = async () =>
      (await env.DB.prepare(
        `SELECT (SELECT count(*) FROM users_fts_data WHERE instr(block, CAST(?1 AS BLOB)) > 0)
                + (SELECT count(*) FROM users_fts_idx WHERE instr(CAST(term AS BLOB), CAST(?1 AS BLOB)) > 0) AS n`,
      )
        .bind(word)
        .first<{ n: number }>())!.n;
    expect(await raw()).toBeGreaterThan(0);
    // As worker/domain/privacy/erasure.ts does: name, email and phone replaced in one UPDATE.
    await env.DB.prepare(
      "UPDATE users SET name = 'محذوف', email = ?, phone = NULL, deleted_at = ? WHERE id = ?",
    )
      .bind(`erased-${id}@erased.invalid`, new Date().toISOString(), id)
      .run();
    await env.DB.prepare(
      "CREATE VIRTUAL TABLE IF NOT EXISTS users_fts_terms USING fts5vocab(users_fts, 'row')",
    ).run();
    const terms = async (value: string) =>
      (await env.DB.prepare("SELECT count(*) AS n FROM users_fts_terms WHERE term = ?")
        .bind(value)
        .first<{ n: number }>())!.n;
    expect(await terms(word)).toBe(0);
    expect(await terms("201234509876")).toBe(0);
    expect(await terms("نادر")).toBe(0);
    expect(await raw()).toBe(0);
    await env.DB.prepare("DROP TABLE users_fts_terms").run();
  });
});
