import { describe, expect, it } from "vitest";
import { initialsOf } from "../../schema/initials";
import { filtersFromParams } from "../../web/src/pages/tutors/tutors-page";

describe("tutors list", () => {
  it("reads valid filters from the address and drops invalid ones", () => {
    expect(
      filtersFromParams(new URLSearchParams("topic=3&name=%20أحمد%20&gender=female&day=2026-11-25&page=2")),
    ).toEqual({
      filters: { topicId: 3, name: "أحمد", gender: "female", day: "2026-11-25" },
      page: 2,
    });
    expect(filtersFromParams(new URLSearchParams("topic=x&gender=other&day=tomorrow&page=-1"))).toEqual({
      filters: { topicId: undefined, name: undefined, gender: undefined, day: undefined },
      page: 1,
    });
  });

  it("shows up to two initials for a tutor without a photo", () => {
    expect(initialsOf("أحمد محمد علي")).toBe("أم");
    expect(initialsOf(null)).toBe("");
  });
});
