import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { privacyContracts } from "../../schema/api/privacy";
import { chatRoom } from "../../durable-objects/clients";
import { buildZip, crc32 } from "../../worker/domain/privacy/zip";
import { buildExport } from "../../worker/domain/privacy/export";
import { readConfig } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { backgroundScope } from "../../worker/core/scope";
import { createServices } from "../../worker/integrations";
import { call, callContract } from "./helpers";
import { eventually, startRoom, tutor, verifiedStudent } from "./factories-chat";

/**
 * A ZIP reader written for the test, from the format (PKWARE APPNOTE), not from the writer:
 * the end record, then every central directory entry, each entry's local header, and its CRC.
 */
function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  const centralSize = view.getUint32(end + 12, true);
  const centralOffset = view.getUint32(end + 16, true);
  expect(centralOffset + centralSize).toBe(end);
  const files = new Map<string, Uint8Array>();
  const decoder = new TextDecoder();
  let at = centralOffset;
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    expect(method).toBe(0);
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const localName = view.getUint16(local + 26, true);
    const localExtra = view.getUint16(local + 28, true);
    const data = bytes.subarray(
      local + 30 + localName + localExtra,
      local + 30 + localName + localExtra + size,
    );
    expect(crc32(data), `crc of ${name}`).toBe(crc);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

const text = (data: Uint8Array | undefined) => new TextDecoder().decode(data);
const jsonOf = (files: Map<string, Uint8Array>, name: string) => JSON.parse(text(files.get(name)));

async function readyExport(token: string) {
  let url: string | null = null;
  await eventually(async () => {
    const list = await callContract(privacyContracts.listExports, { token });
    const [latest] = list.body.list;
    if (latest?.state === "failed") throw new Error("the export failed");
    url = latest?.state === "ready" ? latest.url : null;
    return url !== null;
  }, 15_000);
  return url as unknown as string;
}

describe("the ZIP writer (worker/domain/privacy/zip.ts)", () => {
  it("computes the standard CRC-32", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it("writes an archive any reader opens: names in UTF-8, stored bytes, the right CRCs", () => {
    const zip = buildZip([
      { name: "README.txt", data: new TextEncoder().encode("أهلًا") },
      { name: "files/صورة.bin", data: new Uint8Array([0, 1, 2, 255]) },
      { name: "empty.json", data: new Uint8Array() },
    ]);
    const files = readZip(zip);
    expect([...files.keys()]).toEqual(["README.txt", "files/صورة.bin", "empty.json"]);
    expect(text(files.get("README.txt"))).toBe("أهلًا");
    expect([...files.get("files/صورة.bin")!]).toEqual([0, 1, 2, 255]);
    expect(files.get("empty.json")!.length).toBe(0);
  });
});

describe("data export (docs/rules.md, Your data: export, consents, retention)", () => {
  it("builds a ZIP of the person's own data: their messages with the room id, never the other member's text", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const roomId = await startRoom(student, teacher, "رسالتي الأولى للأستاذ");
    expect((await chatRoom(env, roomId).send(teacher.user.id, "رد الأستاذ السري")).result).toBe("ok");
    // An upload of the student's (an asset row and its R2 object) and one of someone else's.
    const key = `uploads/export-test-${student.user.id}.txt`;
    await env.MEDIA.put(key, "ملف الطالب");
    await env.DB.prepare(
      "INSERT INTO assets (key, kind, user_id, uploaded_by, content_type, size, created_at) VALUES (?, 'image', ?, ?, 'text/plain', ?, ?)",
    )
      .bind(
        key,
        student.user.id,
        student.user.id,
        new TextEncoder().encode("ملف الطالب").length,
        new Date().toISOString(),
      )
      .run();
    await env.MEDIA.put(`uploads/other-${teacher.user.id}.txt`, "ملف الأستاذ");
    await env.DB.prepare(
      "INSERT INTO assets (key, kind, user_id, uploaded_by, content_type, size, created_at) VALUES (?, 'image', ?, ?, 'text/plain', 5, ?)",
    )
      .bind(
        `uploads/other-${teacher.user.id}.txt`,
        teacher.user.id,
        teacher.user.id,
        new Date().toISOString(),
      )
      .run();

    const asked = await callContract(privacyContracts.requestExport, { token: student.token });
    expect(asked.status).toBe(202);
    expect(asked.body.state).toBe("pending");
    const url = await readyExport(student.token);
    expect(url).toBe(`/api/v1/user/current/export/${asked.body.id}`);

    const download = await call("GET", url, { token: student.token });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/zip");
    expect(download.headers.get("content-disposition")).toContain("attachment;");
    const zip = new Uint8Array(await (await fetchRaw(url, student.token)).arrayBuffer());
    const files = readZip(zip);
    for (const name of [
      "README.txt",
      "profile.json",
      "sessions.json",
      "lessons.json",
      "subscriptions-and-transactions.json",
      "refunds.json",
      "invoices.json",
      "chat-messages.json",
      "ratings.json",
      "reports.json",
      "notifications.json",
      "consents.json",
      "files.json",
      "words.json",
      "levels.json",
    ])
      expect(files.has(name), name).toBe(true);
    expect(text(files.get("README.txt"))).toContain("chat-messages.json");

    const profile = jsonOf(files, "profile.json");
    expect(profile.id).toBe(student.user.id);
    expect(profile.email).toBe(student.user.email);
    expect(profile).not.toHaveProperty("passwordHash");
    expect(profile.hasPassword).toBe(true);

    const chat = jsonOf(files, "chat-messages.json");
    expect(chat).toEqual([
      {
        roomId,
        messages: [expect.objectContaining({ text: "رسالتي الأولى للأستاذ", deletedAt: null })],
      },
    ]);
    expect(text(zip.subarray(0, zip.length))).not.toContain("رد الأستاذ السري");

    const uploads = jsonOf(files, "files.json");
    expect(uploads).toHaveLength(1);
    expect(text(files.get(uploads[0].file))).toBe("ملف الطالب");
    expect(text(zip)).not.toContain("ملف الأستاذ");

    // The student's sign-in session is theirs; the tutor's is not in the ZIP.
    const sessions = jsonOf(files, "sessions.json");
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s: { userId: number }) => s.userId === student.user.id)).toBe(true);

    // The person is told it is ready (email at least).
    const told = await env.DB.prepare(
      "SELECT count(*) AS n FROM notifications_outbox WHERE user_id = ? AND subject = 'نسخة بياناتك جاهزة'",
    )
      .bind(student.user.id)
      .first<number>("n");
    expect(told).toBe(1);
  });

  it("refuses a second export the same day (export-too-soon), but not after a failed one", async () => {
    const student = await verifiedStudent();
    const first = await callContract(privacyContracts.requestExport, { token: student.token });
    expect(first.status).toBe(202);
    const again = await callContract(privacyContracts.requestExport, { token: student.token });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("export-too-soon");
    await readyExport(student.token);
    expect((await callContract(privacyContracts.requestExport, { token: student.token })).body.code).toBe(
      "export-too-soon",
    );
    // A failed export (the build threw) may be asked again at once.
    await env.DB.prepare("UPDATE data_exports SET state = 'failed' WHERE user_id = ?")
      .bind(student.user.id)
      .run();
    const retry = await callContract(privacyContracts.requestExport, { token: student.token });
    expect(retry.status).toBe(202);
    // A pending export lost with its isolate (half an hour old) counts as failed.
    const other = await verifiedStudent();
    const old = new Date(Date.now() - 31 * 60_000).toISOString();
    await env.DB.prepare(
      "INSERT INTO data_exports (user_id, state, created_at, updated_at) VALUES (?, 'pending', ?, ?)",
    )
      .bind(other.user.id, old, old)
      .run();
    const listed = await callContract(privacyContracts.listExports, { token: other.token });
    expect(listed.body.list[0]!.state).toBe("failed");
    expect((await callContract(privacyContracts.requestExport, { token: other.token })).status).toBe(202);
    const states = await env.DB.prepare("SELECT state FROM data_exports WHERE user_id = ? ORDER BY id")
      .bind(other.user.id)
      .all<{ state: string }>();
    expect(states.results.map((row) => row.state)).toEqual([
      "failed",
      expect.stringMatching(/pending|ready/),
    ]);
  });

  it("downloads only for its owner: someone else gets export-not-found and nothing else", async () => {
    const owner = await verifiedStudent();
    const stranger = await verifiedStudent();
    const asked = await callContract(privacyContracts.requestExport, { token: owner.token });
    await readyExport(owner.token);
    const theirs = await callContract(privacyContracts.downloadExport, {
      token: stranger.token,
      params: { id: asked.body.id },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("export-not-found");
    const missing = await callContract(privacyContracts.downloadExport, {
      token: stranger.token,
      params: { id: 987_654_321 },
    });
    expect(missing.body).toEqual(theirs.body);
    expect((await call("GET", `/api/v1/user/current/export/${asked.body.id}`)).status).toBe(401);
    // Past its 7 days the export is expired and no longer served.
    await env.DB.prepare("UPDATE data_exports SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), asked.body.id)
      .run();
    const late = await callContract(privacyContracts.downloadExport, {
      token: owner.token,
      params: { id: asked.body.id },
    });
    expect(late.body.code).toBe("export-not-found");
    const listed = await callContract(privacyContracts.listExports, { token: owner.token });
    expect(listed.body.list[0]).toMatchObject({ id: asked.body.id, state: "expired", url: null });
  });
});

describe("a data export still being built", () => {
  it("answers export-not-ready to its owner and nothing to anyone else", async () => {
    const owner = await verifiedStudent();
    const at = new Date().toISOString();
    const row = await env.DB.prepare(
      "INSERT INTO data_exports (user_id, state, created_at, updated_at) VALUES (?, 'pending', ?, ?) RETURNING id",
    )
      .bind(owner.user.id, at, at)
      .first<{ id: number }>();
    const early = await callContract(privacyContracts.downloadExport, {
      token: owner.token,
      params: { id: row!.id },
    });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("export-not-ready");
    const stranger = await verifiedStudent();
    const theirs = await callContract(privacyContracts.downloadExport, {
      token: stranger.token,
      params: { id: row!.id },
    });
    expect(theirs.body.code).toBe("export-not-found");
  });
});

describe("a data export that fails", () => {
  it("is marked failed with its error, keeps no file, and may be asked for again at once", async () => {
    const student = await verifiedStudent();
    const at = new Date().toISOString();
    const id = (await env.DB.prepare(
      "INSERT INTO data_exports (user_id, state, created_at, updated_at) VALUES (?, 'pending', ?, ?) RETURNING id",
    )
      .bind(student.user.id, at, at)
      .first<number>("id"))!;
    const config = readConfig(env);
    // R2 refuses the write: the build must not leave the export pending.
    const broken = {
      ...env,
      MEDIA: {
        ...env.MEDIA,
        get: env.MEDIA.get.bind(env.MEDIA),
        put: () => Promise.reject(new Error("r2 down")),
      },
    };
    const scope = backgroundScope(broken as typeof env, {
      config,
      logger: createLogger("export-test"),
      now: new Date(),
      services: createServices(config, env),
      waitUntil: () => undefined,
    });
    await buildExport(scope, id);
    const row = await env.DB.prepare("SELECT state, key, error FROM data_exports WHERE id = ?")
      .bind(id)
      .first();
    expect(row).toMatchObject({ state: "failed", key: null });
    expect(String(row!.error)).toContain("r2 down");
    const listed = await callContract(privacyContracts.listExports, { token: student.token });
    expect(listed.body.list[0]).toMatchObject({ id, state: "failed", url: null });
    expect((await callContract(privacyContracts.requestExport, { token: student.token })).status).toBe(202);
  });
});

async function fetchRaw(path: string, token: string): Promise<Response> {
  return exports.default.fetch(
    new Request(`http://127.0.0.1${path}`, { headers: { Authorization: `Bearer ${token}` } }),
  );
}
