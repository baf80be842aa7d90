import { describe, expect, it } from "vitest";
import { normalisePagePath, prerenderedPageOf } from "../../schema/prerendered-pages";

describe("a prerendered page's path", () => {
  it("drops one trailing slash, so /faq/ is the page /faq", () => {
    expect(normalisePagePath("/faq/")).toBe("/faq");
    expect(normalisePagePath("/faq")).toBe("/faq");
    expect(prerenderedPageOf("/faq/")).toBe("faq");
  });

  it("keeps the home page's one slash", () => {
    expect(normalisePagePath("/")).toBe("/");
    expect(prerenderedPageOf("/")).toBe("home");
  });

  it("does not turn a path with two trailing slashes into a page (the Worker serves it the empty shell)", () => {
    expect(normalisePagePath("/faq//")).toBe("/faq/");
    expect(prerenderedPageOf("/faq//")).toBeNull();
  });

  it("finds no page for a path that is not prerendered", () => {
    expect(prerenderedPageOf("/tutors/")).toBeNull();
    expect(prerenderedPageOf("")).toBeNull();
  });
});
