import { afterEach, describe, expect, it, vi } from "vitest";
import { api, handleSessionEnded } from "../../web/src/lib/api";
import { ApiError } from "../../web/src/lib/api-error";
import { apiFetch, resetBookmarkForTests } from "../../web/src/lib/http";
import { session } from "../../web/src/lib/session";
import { toasts } from "../../web/src/ui/toast-store";
import { userWith } from "./fixtures";

const day = 24 * 60 * 60;

function liveToken(): string {
  const payload = btoa(
    JSON.stringify({
      id: 7,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 30 * day,
    }),
  );
  return `header.${payload.replace(/=+$/, "")}.signature`;
}

function respondWith(status: number, body: unknown, contentType = "application/json") {
  return vi.spyOn(globalThis, "fetch").mockResolvedValue(
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "Content-Type": contentType },
    }),
  );
}

afterEach(() => {
  session.logout();
  for (const toast of toasts.getToasts()) toasts.dismiss(toast.id);
  handleSessionEnded(() => {});
});

describe("api client", () => {
  it("turns an error body into an ApiError with its code, status and field codes", async () => {
    respondWith(400, { code: "invalid-email", message: "bad", fields: { email: "invalid-email" } });
    const failure = await apiFetch("/user/").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: "invalid-email", status: 400, fields: { email: "invalid-email" } });
  });

  it("keeps an unknown code as sent", async () => {
    respondWith(418, { code: "teapot", message: "short and stout" });
    await expect(apiFetch("/x")).rejects.toMatchObject({ code: "teapot", status: 418 });
  });

  it("names a failure without a JSON body by its status", async () => {
    respondWith(502, "<html>Bad gateway</html>", "text/html");
    await expect(apiFetch("/config")).rejects.toMatchObject({ code: "service-unavailable", status: 502 });
  });

  it("reports an unreachable server as service-unavailable", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(apiFetch("/config")).rejects.toMatchObject({ code: "service-unavailable", status: 0 });
  });

  it("sends the bearer token on private calls", async () => {
    const token = liveToken();
    session.signIn({ token, user: userWith() });
    const fetchSpy = respondWith(200, { ok: true });
    await api.get("/user/current");
    const headers = new Headers(fetchSpy.mock.calls[0]?.[1]?.headers);
    expect(headers.get("Authorization")).toBe(`Bearer ${token}`);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe("/api/v1/user/current");
  });

  it("makes no private call without a live token", async () => {
    const fetchSpy = respondWith(200, {});
    await expect(api.get("/user/current")).rejects.toMatchObject({ code: "unauthenticated", status: 401 });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("signs out and goes to sign-in on 401", async () => {
    session.signIn({ token: liveToken(), user: userWith() });
    const onSessionEnded = vi.fn();
    handleSessionEnded(onSessionEnded);
    respondWith(401, { code: "unauthenticated", message: "no" });
    await expect(api.get("/user/current")).rejects.toMatchObject({ status: 401 });
    expect(session.getState().token).toBeNull();
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it("keeps a suspended account on its screen when other calls end after the suspension", async () => {
    session.signIn({ token: liveToken(), user: userWith() });
    const onSessionEnded = vi.fn();
    handleSessionEnded(onSessionEnded);
    const answer = (status: number, code: string) =>
      new Response(JSON.stringify({ code, message: "no" }), {
        status,
        headers: { "Content-Type": "application/json" },
      });
    let answerLate: (response: Response) => void = () => {};
    vi.spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(answer(403, "account-suspended"))
      .mockReturnValueOnce(new Promise<Response>((resolve) => (answerLate = resolve)));
    const suspended = api.get("/user/current");
    const onItsWay = api.get("/chat/rooms");
    await expect(suspended).rejects.toMatchObject({ code: "account-suspended" });
    expect(session.getState()).toMatchObject({ token: null, logoutReason: "suspended" });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);

    // The call that was on its way answers 401, and a screen still mounted asks again with no token.
    answerLate(answer(401, "unauthenticated"));
    await expect(onItsWay).rejects.toMatchObject({ status: 401 });
    await expect(api.get("/lesson/list/")).rejects.toMatchObject({ code: "unauthenticated", status: 401 });
    expect(session.getState().logoutReason).toBe("suspended");
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(toasts.getToasts().map((toast) => toast.id)).not.toContain("session-ended");
  });

  it("keeps the session and tells the user it is not allowed on 403", async () => {
    session.signIn({ token: liveToken(), user: userWith() });
    respondWith(403, { code: "forbidden", message: "no" });
    await expect(api.get("/user/list")).rejects.toMatchObject({ status: 403 });
    expect(session.getState().token).not.toBeNull();
    expect(toasts.getToasts()).toEqual([
      expect.objectContaining({ id: "forbidden", type: "error", title: "غير مسموح لك بهذا الإجراء" }),
    ]);
  });
});

describe("the D1 bookmark (read replication, docs/capacity.md)", () => {
  afterEach(() => {
    resetBookmarkForTests();
    vi.restoreAllMocks();
  });

  const older = "00000000-0000001a-00000000-00000000000000000000000000000000";
  const newer = "00000000-0000001c-00000000-00000000000000000000000000000000";

  function answerWith(...bookmarks: Array<string | null>) {
    const fetchMock = vi.spyOn(globalThis, "fetch");
    for (const bookmark of bookmarks)
      fetchMock.mockResolvedValueOnce(
        new Response("{}", { status: 200, headers: bookmark ? { "x-d1-bookmark": bookmark } : {} }),
      );
    return fetchMock;
  }

  const sent = (fetchMock: ReturnType<typeof answerWith>, call: number) =>
    new Headers((fetchMock.mock.calls[call]![1] as RequestInit).headers).get("x-d1-bookmark");

  it("sends back the latest bookmark an answer carried, with signed-in requests only", async () => {
    const token = liveToken();
    const fetchMock = answerWith(null, newer, older, null, null);
    await apiFetch("/user/current", { token });
    await apiFetch("/user/current", { token });
    // An answer that comes back late with an older bookmark does not replace the newer one.
    await apiFetch("/lesson/list/", { token });
    await apiFetch("/lesson/list/", { token });
    await apiFetch("/config");
    expect([0, 1, 2, 3, 4].map((call) => sent(fetchMock, call))).toEqual([null, null, newer, newer, null]);
  });
});
