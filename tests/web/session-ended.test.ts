import { describe, expect, it } from "vitest";
import { sessionEndedPath } from "../../web/src/features/session/session-ended-path";

describe("where the app goes when the API ends the session (web/src/boot.tsx)", () => {
  it("signs in again and comes back to the same page with its query", () => {
    expect(sessionEndedPath({ pathname: "/chat", search: "?room=4" }, "session-ended")).toBe(
      `/login?next=${encodeURIComponent("/chat?room=4")}`,
    );
  });

  it("stays on /login", () => {
    expect(sessionEndedPath({ pathname: "/login", search: "?next=%2Fchat" }, "session-ended")).toBeNull();
  });

  it("tells a suspended account so, once", () => {
    expect(sessionEndedPath({ pathname: "/s/dashboard", search: "" }, "suspended")).toBe(
      "/account-suspended",
    );
    expect(sessionEndedPath({ pathname: "/account-suspended", search: "" }, "suspended")).toBeNull();
  });
});
