import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger, describeError } from "../../worker/core/logger";

describe("the logger", () => {
  afterEach(() => vi.restoreAllMocks());

  it("scrubs emails, phone numbers and tokens from a logged error's message and stack", () => {
    const lines: string[] = [];
    vi.spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
    const failure = new Error(
      'Failed query: select "email" from "users" where "email" in (?, ?)\nparams: mona@example.com,01012345678 Bearer eyJhbGciOi.eyJzdWIiOjF9.c2lnbmF0dXJl',
    );
    createLogger("req-1").error("unexpected failure", {
      path: "/api/v1/dev/seed",
      ...describeError(failure),
    });
    expect(lines).toHaveLength(1);
    const logged = JSON.parse(lines[0]!) as Record<string, string>;
    expect(logged).toMatchObject({
      level: "error",
      requestId: "req-1",
      message: "unexpected failure",
      path: "/api/v1/dev/seed",
      error: "Error",
    });
    for (const text of [logged.detail!, logged.stack!]) {
      expect(text).toContain("Failed query");
      expect(text).not.toContain("mona@example.com");
      expect(text).not.toContain("01012345678");
      expect(text).not.toContain("eyJzdWIiOjF9");
    }
  });

  it("keeps ids and numbers in the other fields readable (a merchant reference is not a card)", () => {
    const lines: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((line: string) => void lines.push(line));
    createLogger("req-2").warn("refund refused", {
      merchantRefNum: "31795623827129123",
      error: "card 4111 1111 1111 1111 declined",
    });
    const logged = JSON.parse(lines[0]!) as Record<string, string>;
    expect(logged.merchantRefNum).toBe("31795623827129123");
    expect(logged.error).toBe("card [redacted] declined");
  });
});
