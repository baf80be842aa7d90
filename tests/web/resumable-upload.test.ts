// The multipart upload loop (web/src/features/onboarding/upload.ts): a failed part is tried again
// with a growing wait, a network failure keeps the upload to resume, choosing the same file again
// sends only the parts the Worker has not stored, and stopping aborts and forgets it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../web/src/lib/session", () => ({ session: { liveToken: () => "token" } }));
const remembered = new Map<string, unknown>();
vi.mock("../../web/src/features/onboarding/resumable-store", () => ({
  fingerprintOf: async (file: Blob & { name?: string }, purpose: string) =>
    `${purpose}:${file.name ?? ""}:${file.size}`,
  recallUpload: async (key: string) => remembered.get(key) ?? null,
  rememberUpload: async (upload: { fingerprint: string }) => void remembered.set(upload.fingerprint, upload),
  forgetUpload: async (key: string) => void remembered.delete(key),
}));

const { uploadInParts, RETRY_DELAYS_MS } = await import("../../web/src/features/onboarding/upload");

/** What each PUT of a part meets: "ok", "drop" (no answer), or an HTTP status. */
let outcomes: Array<"ok" | "drop" | number> = [];
const sent: string[] = [];

class FakeRequest {
  status = 0;
  responseText = "";
  upload = { addEventListener: () => undefined };
  private url = "";
  private listeners: Record<string, () => void> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = listener;
  }
  abort() {
    this.listeners.abort?.();
  }
  send() {
    sent.push(this.url);
    const outcome = outcomes.shift() ?? "ok";
    queueMicrotask(() => {
      if (outcome === "drop") return this.listeners.error?.();
      this.status = outcome === "ok" ? 200 : outcome;
      const partNumber = Number(this.url.split("part=")[1]);
      this.responseText = JSON.stringify(
        outcome === "ok" ? { partNumber, etag: `etag-${partNumber}` } : { code: "unexpected" },
      );
      this.listeners.load?.();
    });
  }
}

function routes() {
  return {
    purpose: "intro-video",
    start: vi.fn().mockResolvedValue({ key: "k", uploadId: "u", partSize: 4 }),
    partUrl: (_upload: unknown, partNumber: number) => `/api/v1/part?part=${partNumber}`,
    storedParts: vi.fn().mockResolvedValue({ parts: [] }),
    complete: vi.fn().mockResolvedValue("done"),
    abort: vi.fn().mockResolvedValue(undefined),
  };
}

const file = () => Object.assign(new Blob(["0123456789"]), { name: "intro.webm" });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
  outcomes = [];
  sent.length = 0;
  remembered.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a multipart upload on a bad network", () => {
  it("tries a failed part again after 1, 2 and 4 seconds, and completes when it goes through", async () => {
    const calls = routes();
    outcomes = ["ok", "drop", 503, "drop", "ok", "ok"];
    const progress: number[] = [];
    const done = uploadInParts(file(), calls, new AbortController().signal, (_fraction, parts) =>
      progress.push(parts.retry),
    );
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1] + RETRY_DELAYS_MS[2]);
    await expect(done).resolves.toBe("done");
    expect(sent.map((url) => url.split("part=")[1])).toEqual(["1", "2", "2", "2", "2", "3"]);
    expect(Math.max(...progress)).toBe(3);
    expect(calls.complete).toHaveBeenCalledWith({ key: "k", uploadId: "u", partSize: 4 }, [
      { partNumber: 1, etag: "etag-1" },
      { partNumber: 2, etag: "etag-2" },
      { partNumber: 3, etag: "etag-3" },
    ]);
    expect(calls.abort).not.toHaveBeenCalled();
    expect(remembered.size).toBe(0);
  });

  it("keeps the upload after three failed tries, then resumes it with only the missing parts", async () => {
    const first = routes();
    outcomes = ["ok", "drop", "drop", "drop", "drop"];
    const failed = uploadInParts(file(), first, new AbortController().signal, () => {}).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await failed).toMatchObject({ status: 0 });
    expect(first.abort).not.toHaveBeenCalled();
    expect(remembered.size).toBe(1);

    // The page reloads; the same file is chosen again: the Worker says part 1 is stored.
    const second = routes();
    second.storedParts.mockResolvedValue({ parts: [{ partNumber: 1, etag: "etag-1", size: 4 }] });
    sent.length = 0;
    const parts: number[] = [];
    await expect(
      uploadInParts(file(), second, new AbortController().signal, (_f, p) => parts.push(p.partsDone)),
    ).resolves.toBe("done");
    expect(second.start).not.toHaveBeenCalled();
    expect(sent.map((url) => url.split("part=")[1])).toEqual(["2", "3"]);
    expect(second.complete.mock.calls[0]?.[1]).toEqual([
      { partNumber: 1, etag: "etag-1" },
      { partNumber: 2, etag: "etag-2" },
      { partNumber: 3, etag: "etag-3" },
    ]);
    expect(parts.at(-1)).toBe(3);
    expect(remembered.size).toBe(0);
  });

  it("starts again when the remembered upload is gone at the Worker (aborted by the daily clean-up)", async () => {
    const calls = routes();
    remembered.set("intro-video:intro.webm:10", {
      key: "old",
      uploadId: "gone",
      partSize: 4,
      fingerprint: "x",
    });
    const { ApiError } = await import("../../web/src/lib/api-error");
    calls.storedParts.mockRejectedValue(new ApiError("asset-not-found", 404));
    await expect(uploadInParts(file(), calls, new AbortController().signal, () => {})).resolves.toBe("done");
    expect(calls.start).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(3);
  });

  it("does not try again a part the Worker refused, and drops that upload", async () => {
    const calls = routes();
    outcomes = [413];
    await expect(uploadInParts(file(), calls, new AbortController().signal, () => {})).rejects.toMatchObject({
      status: 413,
    });
    expect(sent).toHaveLength(1);
    expect(calls.abort).toHaveBeenCalledTimes(1);
    expect(remembered.size).toBe(0);
  });

  it("stops during a wait when the person stops it: aborted at the Worker and forgotten", async () => {
    const calls = routes();
    const stop = new AbortController();
    outcomes = ["drop"];
    const stopped = uploadInParts(file(), calls, stop.signal, () => {}).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    stop.abort();
    expect(await stopped).toMatchObject({ name: "AbortError" });
    expect(calls.abort).toHaveBeenCalledTimes(1);
    expect(remembered.size).toBe(0);
  });
});
