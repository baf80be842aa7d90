// The SPA on Cloudflare Pages, same origin as its API: `wrangler pages dev` (pages/wrangler.toml,
// web/dist plus pages/functions) with the Worker running beside it (`npm start`'s script), bound
// through the service binding API over wrangler's dev registry. Sign-in, a chat socket and an
// avatar all go through the Pages origin.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with the benchmarks
import { startServer } from "../support/server.mjs";
import { solidPng } from "./media";

const root = path.resolve(import.meta.dirname, "../..");
const e2ePort = Number(process.env.E2E_PORT ?? 8790);
const workerPort = e2ePort + 10_000;
const pagesPort = e2ePort + 20_000;
const pages = `http://127.0.0.1:${pagesPort}`;
// A registry of this test's own: other local Workers named "dars" (other runs) stay out of it.
const registry = path.join(root, `.wrangler/registry-pages-${pagesPort}`);

let worker: { stop(): Promise<void> } | undefined;
let pagesDev: ChildProcess | undefined;
let pagesOutput = "";

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer in time:\n${pagesOutput}`);
}

beforeAll(async () => {
  process.env.WRANGLER_REGISTRY_PATH = registry;
  worker = await startServer({ port: workerPort, state: `.wrangler/pages-worker-state-${workerPort}` });
  pagesDev = spawn(
    path.join(root, "node_modules/.bin/wrangler"),
    [
      "pages",
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(pagesPort),
      "--persist-to",
      `../.wrangler/pages-state-${pagesPort}`,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
    {
      cwd: path.join(root, "pages"),
      env: {
        ...process.env,
        PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
        WRANGLER_REGISTRY_PATH: registry,
        WRANGLER_SEND_METRICS: "false",
        CI: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  pagesDev.stdout?.on("data", (chunk) => (pagesOutput += chunk));
  pagesDev.stderr?.on("data", (chunk) => (pagesOutput += chunk));
  // Through Pages to the Worker: answers once the service binding has found the Worker.
  await waitFor(`${pages}/api/v1/health`, 120_000);
}, 300_000);

afterAll(async () => {
  if (pagesDev?.pid) {
    try {
      process.kill(-pagesDev.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  await worker?.stop();
  delete process.env.WRANGLER_REGISTRY_PATH;
});

async function signIn(email: string): Promise<{ token: string; user: { id: number } }> {
  const response = await fetch(`${pages}/api/v1/auth/password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "Dars@2026" }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { token: string; user: { id: number } };
}

describe("the SPA on Pages", () => {
  it("serves the SPA with the security headers and no source map", async () => {
    const home = await fetch(`${pages}/tutors`, {
      headers: { accept: "text/html", "sec-fetch-mode": "navigate" },
    });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root">');
    expect(home.headers.get("content-security-policy")).toContain(
      `connect-src 'self' ws://127.0.0.1:${pagesPort}`,
    );
    // The Worker's own policy for this origin (with whatever hosts its configuration adds).
    const api = await fetch(`${pages}/api/v1/health`);
    expect(home.headers.get("content-security-policy")).toBe(api.headers.get("content-security-policy"));
    expect(home.headers.get("cache-control")).toBe("no-cache");
    expect(home.headers.get("x-content-type-options")).toBe("nosniff");
    const script = /src="\/assets\/([^"]+\.js)"/.exec(await (await fetch(`${pages}/`)).text())?.[1];
    expect(script).toBeTruthy();
    expect((await fetch(`${pages}/assets/${script}`)).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await fetch(`${pages}/assets/${script}.map`)).status).toBe(404);
  });

  it("signs in, opens a chat socket and loads an avatar through the Pages origin", async () => {
    const student = await signIn("student@dars.test");
    const tutor = await signIn("tutor1@dars.test");
    const auth = { authorization: `Bearer ${student.token}` };

    // The API answers through Pages with the Worker's own headers (its CSP names the Pages origin).
    const current = await fetch(`${pages}/api/v1/user/current`, { headers: auth });
    expect(current.status).toBe(200);
    expect(((await current.json()) as { id: number }).id).toBe(student.user.id);
    expect(current.headers.get("content-security-policy")).toContain(`ws://127.0.0.1:${pagesPort}`);

    // An avatar uploaded and read back on the Pages origin.
    const png = solidPng(64, 64, [14, 116, 144]);
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "avatar.png");
    const uploaded = await fetch(`${pages}/api/v1/user/asset`, { method: "PUT", headers: auth, body: form });
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    const avatar = await fetch(new URL(url, pages));
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await avatar.arrayBuffer()).equals(png)).toBe(true);

    // A chat room with the tutor (opened now, or found if an earlier run opened it).
    const opened = await fetch(`${pages}/api/v1/chat/new`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ userId: tutor.user.id, message: "مرحبا من صفحات Cloudflare" }),
    });
    let roomId: number;
    if (opened.status === 201) roomId = ((await opened.json()) as { room: { id: number } }).room.id;
    else {
      expect(((await opened.json()) as { code: string }).code).toBe("room-exists");
      const found = await fetch(
        `${pages}/api/v1/chat/room/by/members?members=${student.user.id},${tutor.user.id}`,
        { headers: auth },
      );
      roomId = ((await found.json()) as { room: { id: number } }).room.id;
    }

    // The room's socket, upgraded through the Pages Function and the service binding.
    const ticketAnswer = await fetch(`${pages}/api/v1/auth/socket-ticket`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ party: "chat-room", name: String(roomId) }),
    });
    expect(ticketAnswer.status).toBe(200);
    const { ticket } = (await ticketAnswer.json()) as { ticket: string };
    const frame = await new Promise<{ type: string; payload: { userId: number; roomId: number } }>(
      (resolve, reject) => {
        const socket = new WebSocket(
          `ws://127.0.0.1:${pagesPort}/parties/chat-room/${roomId}?ticket=${ticket}`,
        );
        const timer = setTimeout(() => reject(new Error("no Connected frame through Pages")), 20_000);
        socket.addEventListener("message", (event) => {
          const data = JSON.parse(String(event.data)) as {
            type: string;
            payload: { userId: number; roomId: number };
          };
          if (data.type !== "Connected") return;
          clearTimeout(timer);
          socket.close();
          resolve(data);
        });
        socket.addEventListener("error", () => reject(new Error("socket error through Pages")));
      },
    );
    expect(frame.payload.userId).toBe(student.user.id);
  });
});
