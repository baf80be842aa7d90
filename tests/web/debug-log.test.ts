import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../web/src/lib/api-error";
import {
  captureUncaughtErrors,
  createDebugLog,
  debugLog,
  debugLogFile,
  debugLogFileName,
} from "../../web/src/lib/debug-log";

const apiFetch = vi.fn();
vi.mock("../../web/src/lib/http", () => ({
  apiFetch: (...args: unknown[]) => apiFetch(...args),
  apiUpload: vi.fn(),
}));
vi.mock("../../web/src/lib/session", () => ({
  session: { liveToken: () => "secret-token", refreshIfDue: async () => false },
}));
const { api } = await import("../../web/src/lib/api");

const at = () => new Date("2026-11-22T02:30:00.000Z");

afterEach(() => debugLog.clear());

describe("the debug log (docs/product.md §8)", () => {
  it("saves a text file with the user agent, the URL and the log lines, oldest first", async () => {
    const log = createDebugLog({ now: at });
    log.add("info", "[realtime] connected user-channel/4");
    log.add("warn", "[api] GET /lesson/9 → 404 lesson-not-found");
    const file = debugLogFile(log);
    expect(file.name).toBe(debugLogFileName);
    expect(file.type).toBe("text/plain");
    const lines = (await file.text()).split("\n");
    expect(lines[0]).toBe(`User agent: ${navigator.userAgent}`);
    expect(lines[1]).toBe(`URL: ${window.location.href}`);
    expect(lines.slice(4, 6)).toEqual([
      "2026-11-22T02:30:00.000Z [info] [realtime] connected user-channel/4",
      "2026-11-22T02:30:00.000Z [warn] [api] GET /lesson/9 → 404 lesson-not-found",
    ]);
  });

  it("keeps only the latest lines", () => {
    const log = createDebugLog({ limit: 3, now: at });
    for (const n of [1, 2, 3, 4, 5]) log.add("info", `line ${n}`);
    expect(log.lines().map((line) => line.split("] ")[1])).toEqual(["line 3", "line 4", "line 5"]);
  });

  it("records uncaught errors and unhandled rejections", () => {
    const log = createDebugLog({ now: at });
    const target = new EventTarget();
    captureUncaughtErrors(log, target as unknown as Window);
    target.dispatchEvent(Object.assign(new Event("error"), { message: "boom" }));
    target.dispatchEvent(
      Object.assign(new Event("unhandledrejection"), { reason: new TypeError("bad value") }),
    );
    expect(log.lines()).toEqual([
      "2026-11-22T02:30:00.000Z [error] uncaught: boom",
      "2026-11-22T02:30:00.000Z [error] unhandled rejection: TypeError: bad value",
    ]);
  });
});

describe("what feeds the app's debug log", () => {
  it("a failed API call, with method, path, status and code (no body, no token)", async () => {
    apiFetch.mockRejectedValue(new ApiError("plan-not-found", 404));
    await expect(api.get("/plan/77")).rejects.toMatchObject({ code: "plan-not-found" });
    const lines = debugLog.lines();
    expect(lines.at(-1)).toMatch(/\[warn\] \[api\] GET \/plan\/77 → 404 plan-not-found$/);
    expect(lines.join("\n")).not.toContain("secret-token");
  });

  it("a server failure as an error line", async () => {
    apiFetch.mockRejectedValue(new ApiError("unexpected", 500));
    await expect(api.post("/lesson/", { start: "x" })).rejects.toMatchObject({ code: "unexpected" });
    expect(debugLog.lines().at(-1)).toMatch(/\[error\] \[api\] POST \/lesson\/ → 500 unexpected$/);
  });
});

describe("the crash screen", () => {
  it("offers to save the debug log as a file", async () => {
    const { cleanup, fireEvent, render, screen } = await import("@testing-library/react");
    const { MemoryRouter } = await import("react-router-dom");
    const { createElement } = await import("react");
    const { CrashScreen } = await import("../../web/src/app/crash-screen");
    const { ar } = await import("../../web/src/i18n/ar-EG");
    const createObjectURL = vi.fn(() => "blob:log");
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    render(createElement(MemoryRouter, null, createElement(CrashScreen)));
    fireEvent.click(screen.getByRole("button", { name: ar.errors.saveLog }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const file = (createObjectURL.mock.calls[0] as unknown as [File])[0];
    expect(file.name).toBe(debugLogFileName);
    expect(await file.text()).toContain(`URL: ${window.location.href}`);
    clicked.mockRestore();
    cleanup();
  });
});
