// A first screen's early GETs (web/src/lib/early-requests.ts, web/src/first-screen-requests.ts,
// docs/performance.md): sent with the stored live token before the app runs, taken once by the API client
// for the same URL and token, and never for a visitor, an expired session or another token.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lessonContracts } from "@schema/api/lesson";
import { lessonListPath, upcomingListQueries } from "../../web/src/features/lessons/lesson-list-requests";
import { firstScreenRequests, sendFirstScreenRequests } from "../../web/src/first-screen-requests";
import { apiUrl } from "../../web/src/lib/api-url";
import { sendEarly, takeEarly } from "../../web/src/lib/early-requests";
import { apiFetch } from "../../web/src/lib/http";
import { sessionStorageKeys } from "../../web/src/lib/session-keys";

const day = 24 * 60 * 60;
const tokenExpiringIn = (seconds: number) => {
  const payload = btoa(JSON.stringify({ id: 7, iat: 0, exp: Math.floor(Date.now() / 1000) + seconds }));
  return `header.${payload.replace(/=+$/, "")}.signature`;
};
const live = tokenExpiringIn(30 * day);
const upcoming = (page: number) =>
  Object.values(upcomingListQueries(page))
    .filter((query) => query !== null)
    .map((query) => apiUrl(lessonListPath, query));

const fetchSpy = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchSpy.mockReset();
  vi.stubGlobal("fetch", fetchSpy);
  fetchSpy.mockImplementation(() =>
    Promise.resolve(new Response(JSON.stringify({ list: [], total: 0 }), { status: 200 })),
  );
});
afterEach(() => {
  // Whatever a test sent and did not take is taken here, so the next test starts with none.
  for (const url of upcoming(1)) takeEarly(url, live);
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("early requests", () => {
  it("are sent with the stored live token, and the API client takes each answer once instead of asking again", async () => {
    localStorage.setItem(sessionStorageKeys.token, live);
    sendFirstScreenRequests("/upcoming-lessons/");
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(upcoming(1));
    const headers = new Headers(fetchSpy.mock.calls[0]![1]!.headers);
    expect(headers.get("Authorization")).toBe(`Bearer ${live}`);

    await expect(
      apiFetch(lessonListPath, { query: upcomingListQueries(1).future, token: live }),
    ).resolves.toEqual({ list: [], total: 0 });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    // Taken once: the same GET later goes to the network.
    await apiFetch(lessonListPath, { query: upcomingListQueries(1).future, token: live });
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it("are not sent for a visitor, an expired session or a screen without any", () => {
    sendFirstScreenRequests("/upcoming-lessons");
    localStorage.setItem(sessionStorageKeys.token, tokenExpiringIn(-60));
    sendFirstScreenRequests("/upcoming-lessons");
    localStorage.setItem(sessionStorageKeys.token, live);
    sendFirstScreenRequests("/tutors");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("are not taken with another token (a new sign-in), nor after half a minute", () => {
    localStorage.setItem(sessionStorageKeys.token, live);
    const [now, future] = upcoming(1);
    sendEarly([{ path: lessonListPath, query: upcomingListQueries(1).now! }], 1_000);
    expect(takeEarly(now!, tokenExpiringIn(60 * day), 2_000)).toBeUndefined();
    sendEarly([{ path: lessonListPath, query: upcomingListQueries(1).future }], 1_000);
    expect(takeEarly(future!, live, 31_000)).toBeUndefined();
    sendEarly([{ path: lessonListPath, query: upcomingListQueries(1).future }], 1_000);
    expect(takeEarly(future!, live, 2_000)).toBeInstanceOf(Promise);
  });

  it("ask for the lesson list's own URLs (the path is its contract's)", () => {
    expect(lessonListPath).toBe(lessonContracts.list.path);
    expect(firstScreenRequests["/upcoming-lessons"]!().map(({ path, query }) => apiUrl(path, query))).toEqual(
      [
        "/api/v1/lesson/list/?when=now&status=ratified&size=100",
        "/api/v1/lesson/list/?when=future&status=ratified&page=1&size=10",
      ],
    );
  });
});
