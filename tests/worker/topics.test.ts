import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import type { AuthResponse } from "../../schema/api/user";
import { createTopicRow } from "./factories-tutors";
import { callContract, createUserWithRole, register } from "./helpers";
import { topicContracts } from "../../schema/api/topic";

const arabicLetters = "ابتثجحخدذرزسشصضطظعغفقكلمنهوي";
let counter = 0;
/** Unique valid names: Arabic and Latin letters only. */
function names() {
  counter++;
  const code = (alphabet: string) =>
    [
      counter % alphabet.length,
      Math.floor(counter / alphabet.length) % alphabet.length,
      Math.floor(Math.random() * alphabet.length),
    ]
      .map((i) => alphabet[i])
      .join("");
  return { nameAr: `موضوع ${code(arabicLetters)}`, nameEn: `Topic ${code("abcdefghijklmnopqrstuvwxyz")}` };
}

let admin: AuthResponse;
beforeAll(async () => {
  admin = await createUserWithRole(Role.RegularAdmin);
});

describe("topics (admin)", () => {
  it("creates a topic and stores both names", async () => {
    const body = names();
    const response = await callContract(topicContracts.create, { token: admin.token, body });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject(body);
    const row = await env.DB.prepare("SELECT name_ar, name_en FROM topics WHERE id = ?")
      .bind(response.body.id)
      .first();
    expect(row).toEqual({ name_ar: body.nameAr, name_en: body.nameEn });
  });

  it("refuses a second topic with the same Arabic name with topic-exists", async () => {
    const first = names();
    await callContract(topicContracts.create, { token: admin.token, body: first });
    const response = await callContract(topicContracts.create, {
      token: admin.token,
      body: { ...names(), nameAr: first.nameAr },
    });
    expect([response.status, response.body.code]).toEqual([409, "topic-exists"]);
  });

  it("treats English names that differ only in case as the same topic", async () => {
    const first = names();
    await callContract(topicContracts.create, { token: admin.token, body: first });
    const response = await callContract(topicContracts.create, {
      token: admin.token,
      body: { ...names(), nameEn: first.nameEn.toUpperCase() },
    });
    expect([response.status, response.body.code]).toEqual([409, "topic-exists"]);
  });

  it.each([
    [{ nameAr: "اب", nameEn: "Grammar" }, "short-topic-name", "nameAr"],
    [{ nameAr: "قواعد اللغة", nameEn: "Gr" }, "short-topic-name", "nameEn"],
    [{ nameAr: "ق".repeat(51), nameEn: "Grammar" }, "long-topic-name", "nameAr"],
    [{ nameAr: "قواعد اللغة", nameEn: "G".repeat(51) }, "long-topic-name", "nameEn"],
    [{ nameAr: "Grammar", nameEn: "Grammar" }, "invalid-topic-name", "nameAr"],
    [{ nameAr: "قواعد اللغة", nameEn: "قواعد" }, "invalid-topic-name", "nameEn"],
  ])("refuses %j with %s", async (body, code, field) => {
    const response = await callContract(topicContracts.create, { token: admin.token, body });
    expect([response.status, response.body.code, response.body.fields![field]]).toEqual([400, code, code]);
  });

  it("lets only admins create topics", async () => {
    const tutor = await register(Role.Tutor);
    const response = await callContract(topicContracts.create, { token: tutor.token, body: names() });
    expect(response.status).toBe(403);
  });

  it("lists topics publicly, paged, with the total, and searches either name", async () => {
    const body = names();
    await callContract(topicContracts.create, { token: admin.token, body });
    const page = await callContract(topicContracts.list, { query: { page: "1", size: "2" } });
    expect(page.status).toBe(200);
    expect(page.body.list).toHaveLength(2);
    expect(page.body.total).toBeGreaterThanOrEqual(3);
    const found = await callContract(topicContracts.list, { query: { search: body.nameEn.slice(6) } });
    expect(found.body.list.map((t: { nameEn: string }) => t.nameEn)).toContain(body.nameEn);
    const arabic = await callContract(topicContracts.list, { query: { search: body.nameAr } });
    expect(arabic.body).toEqual({ list: [expect.objectContaining(body)], total: 1 });
  });

  it("renames a topic, refusing a name another topic has", async () => {
    const created = await callContract(topicContracts.create, { token: admin.token, body: names() });
    const other = names();
    await callContract(topicContracts.create, { token: admin.token, body: other });
    const renamed = names();
    const ok = await callContract(topicContracts.update, {
      params: { id: created.body.id },
      token: admin.token,
      body: { nameEn: renamed.nameEn },
    });
    expect([ok.status, ok.body.nameEn]).toEqual([200, renamed.nameEn]);
    const clash = await callContract(topicContracts.update, {
      params: { id: created.body.id },
      token: admin.token,
      body: { nameAr: other.nameAr },
    });
    expect([clash.status, clash.body.code]).toEqual([409, "topic-exists"]);
    const row = await env.DB.prepare("SELECT name_ar, name_en FROM topics WHERE id = ?")
      .bind(created.body.id)
      .first();
    expect(row).toEqual({ name_ar: created.body.nameAr, name_en: renamed.nameEn });
  });

  it("answers topic-not-found for renaming or deleting a topic that does not exist", async () => {
    const put = await callContract(topicContracts.update, {
      params: { id: "999999" },
      token: admin.token,
      body: names(),
    });
    const del = await callContract(topicContracts.remove, { params: { id: "999999" }, token: admin.token });
    expect([put.status, put.body.code, del.status, del.body.code]).toEqual([
      404,
      "topic-not-found",
      404,
      "topic-not-found",
    ]);
  });

  it("deletes a topic together with every user's link to it", async () => {
    const { nameAr, nameEn } = names();
    const topicId = await createTopicRow(nameAr, nameEn);
    const tutor = await register(Role.Tutor);
    await callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: [topicId] } });
    const response = await callContract(topicContracts.remove, {
      params: { id: topicId },
      token: admin.token,
    });
    expect(response.status).toBe(204);
    const links = await env.DB.prepare("SELECT count(*) AS n FROM user_topics WHERE topic_id = ?")
      .bind(topicId)
      .first<{ n: number }>();
    const topic = await env.DB.prepare("SELECT id FROM topics WHERE id = ?").bind(topicId).first();
    expect([links?.n, topic]).toEqual([0, null]);
  });
});

describe("a user's topics", () => {
  async function topicIds(n: number): Promise<number[]> {
    const ids = [];
    for (let i = 0; i < n; i++) {
      const { nameAr, nameEn } = names();
      ids.push(await createTopicRow(nameAr, nameEn));
    }
    return ids;
  }

  it("adds topics to the caller's set and lists them", async () => {
    const tutor = await register(Role.Tutor);
    const ids = await topicIds(2);
    const added = await callContract(topicContracts.addToUser, {
      token: tutor.token,
      body: { topicIds: ids },
    });
    expect(added.status).toBe(200);
    const listed = await callContract(topicContracts.ofUser, { token: tutor.token });
    expect(listed.body.map((t: { id: number }) => t.id)).toEqual(ids);
  });

  it("shows another user's topics with ?userId=", async () => {
    const tutor = await register(Role.Tutor);
    const student = await register(Role.Student);
    const ids = await topicIds(1);
    await callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: ids } });
    const listed = await callContract(topicContracts.ofUser, {
      query: { userId: tutor.user.id },
      token: student.token,
    });
    expect(listed.body.map((t: { id: number }) => t.id)).toEqual(ids);
  });

  it("ignores a topic the user already has", async () => {
    const tutor = await register(Role.Tutor);
    const ids = await topicIds(1);
    await callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: ids } });
    const again = await callContract(topicContracts.addToUser, {
      token: tutor.token,
      body: { topicIds: ids },
    });
    expect(again.status).toBe(200);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM user_topics WHERE user_id = ?")
      .bind(tutor.user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("answers topic-not-found for an unknown topic and stores nothing", async () => {
    const tutor = await register(Role.Tutor);
    const ids = await topicIds(1);
    const response = await callContract(topicContracts.addToUser, {
      token: tutor.token,
      body: { topicIds: [...ids, 999999] },
    });
    expect([response.status, response.body.code]).toEqual([404, "topic-not-found"]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM user_topics WHERE user_id = ?")
      .bind(tutor.user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });

  it("refuses a 31st topic with forbidden", async () => {
    const tutor = await register(Role.Tutor);
    const ids = await topicIds(31);
    const thirty = await callContract(topicContracts.addToUser, {
      token: tutor.token,
      body: { topicIds: ids.slice(0, 30) },
    });
    expect(thirty.status).toBe(200);
    const more = await callContract(topicContracts.addToUser, {
      token: tutor.token,
      body: { topicIds: [ids[30]!] },
    });
    expect([more.status, more.body.code]).toEqual([403, "forbidden"]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM user_topics WHERE user_id = ?")
      .bind(tutor.user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(30);
  });

  it("holds the 30-topic cap when two additions race", async () => {
    const tutor = await register(Role.Tutor);
    const ids = await topicIds(32);
    await callContract(topicContracts.addToUser, {
      token: tutor.token,
      body: { topicIds: ids.slice(0, 29) },
    });
    const answers = await Promise.all([
      callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: [ids[29]!] } }),
      callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: [ids[30]!] } }),
      callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: [ids[31]!] } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM user_topics WHERE user_id = ?")
      .bind(tutor.user.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(30);
  });

  it("removes topics from the caller's set only", async () => {
    const tutor = await register(Role.Tutor);
    const other = await register(Role.Tutor);
    const ids = await topicIds(2);
    await callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: ids } });
    await callContract(topicContracts.addToUser, { token: other.token, body: { topicIds: ids } });
    const response = await callContract(topicContracts.removeFromUser, {
      token: tutor.token,
      body: { topicIds: [ids[0]!] },
    });
    expect(response.body.map((t: { id: number }) => t.id)).toEqual([ids[1]]);
    const others = await env.DB.prepare("SELECT count(*) AS n FROM user_topics WHERE user_id = ?")
      .bind(other.user.id)
      .first<{ n: number }>();
    expect(others?.n).toBe(2);
  });

  it("replaces the whole set with PATCH", async () => {
    const tutor = await register(Role.Tutor);
    const ids = await topicIds(4);
    await callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: ids.slice(0, 2) } });
    const response = await callContract(topicContracts.setOfUser, {
      token: tutor.token,
      body: { topicIds: ids.slice(2) },
    });
    expect(response.body.map((t: { id: number }) => t.id)).toEqual(ids.slice(2));
    const rows = await env.DB.prepare("SELECT topic_id FROM user_topics WHERE user_id = ? ORDER BY topic_id")
      .bind(tutor.user.id)
      .all();
    expect(rows.results.map((r) => r.topic_id)).toEqual(ids.slice(2));
  });

  it("refuses a replacement set of more than 30 with forbidden and keeps the old set", async () => {
    const tutor = await register(Role.Tutor);
    const ids = await topicIds(31);
    await callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: ids.slice(0, 1) } });
    const response = await callContract(topicContracts.setOfUser, {
      token: tutor.token,
      body: { topicIds: ids },
    });
    expect([response.status, response.body.code]).toEqual([403, "forbidden"]);
    const rows = await env.DB.prepare("SELECT topic_id FROM user_topics WHERE user_id = ?")
      .bind(tutor.user.id)
      .all();
    expect(rows.results.map((r) => r.topic_id)).toEqual([ids[0]]);
  });

  it("empties the set with an empty PATCH", async () => {
    const tutor = await register(Role.Tutor);
    const ids = await topicIds(1);
    await callContract(topicContracts.addToUser, { token: tutor.token, body: { topicIds: ids } });
    const response = await callContract(topicContracts.setOfUser, {
      token: tutor.token,
      body: { topicIds: [] },
    });
    expect([response.status, response.body]).toEqual([200, []]);
  });
});
