/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { lessonContracts } from "@schema/api/lesson";
import { reportContracts } from "@schema/api/report";
import { sessionContracts } from "@schema/api/session";

const get = vi.fn();
const post = vi.fn();
const uploadMock = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    upload: (...args: unknown[]) => uploadMock(...args),
  },
}));
const { call, upload } = await import("../../web/src/lib/client");

// Vitest runs from the repository root (npm test).
const webSource = path.resolve(process.cwd(), "web/src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("the SPA calls the API through the route contracts", () => {
  it("has no hand-written path and answer type left (api.get<T>(path) and friends), only call(contract) and upload(contract)", () => {
    const handWritten = sourceFiles(webSource)
      .filter((file) => !file.endsWith(path.join("lib", "client.ts")))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .map((line, index) => ({ line, where: `${path.relative(webSource, file)}:${index + 1}` }))
          .filter(({ line }) => /\bapi\.(get|post|put|patch|delete|upload)\s*[<(]/.test(line))
          .map(({ where }) => where),
      );
    expect(handWritten).toEqual([]);
  });

  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    uploadMock.mockReset();
  });

  it("builds the path from the params, passes the query and options, and answers the body", async () => {
    get.mockResolvedValue({ id: 7 });
    const signal = new AbortController().signal;
    await expect(call(lessonContracts.get, { params: { id: 7 }, signal })).resolves.toEqual({ id: 7 });
    expect(get).toHaveBeenCalledWith("/lesson/7", { signal });
    await call(lessonContracts.list, { query: { when: "past", page: 2 } });
    expect(get).toHaveBeenLastCalledWith("/lesson/list/", { query: { when: "past", page: 2 } });
  });

  it("sends a JSON body, nothing more when there is none, and keeps ':' readable in a path parameter", async () => {
    post.mockResolvedValue({});
    await call(lessonContracts.book, {
      body: { tutorId: 3, start: "2026-12-01T10:00:00.000Z", duration: 30 },
    });
    expect(post).toHaveBeenCalledWith("/lesson/", {
      tutorId: 3,
      start: "2026-12-01T10:00:00.000Z",
      duration: 30,
    });
    await call(lessonContracts.rotateFeed);
    expect(post).toHaveBeenLastCalledWith("/lesson/calendar/feed");
    await call(sessionContracts.reportAbsence, { params: { id: "lesson:7" } });
    expect(post).toHaveBeenLastCalledWith("/session/lesson:7/report-absence");
  });

  it("uploads a form to a multipart contract with its method", async () => {
    uploadMock.mockResolvedValue({ id: 1 });
    const form = new FormData();
    await upload(reportContracts.create, form);
    expect(uploadMock).toHaveBeenCalledWith("/report/with/asset", form, { method: "POST" });
  });
});
