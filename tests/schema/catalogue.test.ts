import { describe, expect, it } from "vitest";
import {
  allRoles,
  canonicalGovernorate,
  egyptGovernorates,
  Governorate,
  isAdmin,
  isStaff,
  isTutorSide,
  planPeriodMonths,
  planPeriodWeeks,
  PlanPeriod,
  Role,
  SlotPurpose,
  SessionType,
} from "../../schema/enums";
import { errorMessage } from "../../schema/error-messages";
import { ackResults, errorCodes, errorStatus, isErrorCode } from "../../schema/errors";
import { htmlToText, sanitizeHtml } from "../../schema/html";

describe("enums", () => {
  it("has the 6 roles and the role groups", () => {
    expect(allRoles).toEqual([1, 2, 3, 4, 5, 6]);
    expect(allRoles.filter(isAdmin)).toEqual([Role.SuperAdmin, Role.RegularAdmin]);
    expect(allRoles.filter(isTutorSide)).toEqual([Role.Tutor, Role.TutorManager]);
    expect(allRoles.filter(isStaff)).toEqual([
      Role.SuperAdmin,
      Role.RegularAdmin,
      Role.TutorManager,
      Role.Studio,
    ]);
  });
  it("numbers the 30 governorates in order", () => {
    const values = Object.values(Governorate);
    expect(values).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(Governorate.GizaCity).toBe(30);
  });
  it("offers Egypt's 27 governorates, each stored value meaning one of them", () => {
    expect(egyptGovernorates).toHaveLength(27);
    expect(egyptGovernorates).not.toContain(Governorate.Minufiya);
    expect(egyptGovernorates).not.toContain(Governorate.Helwan);
    expect(egyptGovernorates).not.toContain(Governorate.GizaCity);
    expect([28, 29, 30, 5].map(canonicalGovernorate)).toEqual([
      Governorate.Monufia,
      Governorate.Cairo,
      Governorate.Giza,
      Governorate.Qalyubia,
    ]);
  });
  it("maps plan periods to months and weeks", () => {
    expect(Object.values(PlanPeriod).map((p) => [planPeriodMonths[p], planPeriodWeeks[p]])).toEqual([
      [1, 4],
      [3, 12],
      [12, 52],
    ]);
  });
  it("gives slot purposes the session type values", () => {
    expect(SlotPurpose).toEqual(SessionType);
  });
});

describe("error catalogue", () => {
  it("knows its codes and nothing else", () => {
    expect(isErrorCode("busy-tutor")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode(401)).toBe(false);
  });
  it("uses kebab-case codes and real HTTP statuses", () => {
    for (const code of errorCodes) {
      expect(code).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
      expect(errorStatus[code]).toBeLessThan(600);
    }
  });
  it("has an Arabic message for every code", () => {
    expect(Object.keys(errorMessage).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) expect(errorMessage[code]).toMatch(/[\u0600-\u06ff]/);
  });
  it("puts the not-found family at 404 and auth at 401/403", () => {
    for (const code of errorCodes.filter((c) => c.endsWith("-not-found")))
      expect(errorStatus[code]).toBe(404);
    expect(errorStatus.unauthenticated).toBe(401);
    expect(errorStatus.forbidden).toBe(403);
    expect(ackResults).toContain("ok");
  });
});

describe("sanitizeHtml", () => {
  it("keeps the allow-list and drops the rest", () => {
    expect(sanitizeHtml('<p style="color:red">Hi <strong>there</strong><br><u>u</u></p>')).toBe(
      "<p>Hi <strong>there</strong><br><u>u</u></p>",
    );
    expect(sanitizeHtml("<div><h1>Title</h1><span>text</span></div>")).toBe("Titletext");
    expect(
      sanitizeHtml("<ul><li>a</li></ul><ol><li>b</li></ol><blockquote><code>c</code></blockquote>"),
    ).toBe("<ul><li>a</li></ul><ol><li>b</li></ol><blockquote><code>c</code></blockquote>");
  });
  it("keeps http, https and mailto links only", () => {
    expect(sanitizeHtml('<a href="https://dars.example/x" title="t" target="_blank">x</a>')).toBe(
      '<a href="https://dars.example/x" title="t">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:a@b.co">m</a>')).toBe('<a href="mailto:a@b.co">m</a>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href="data:text/html,x">x</a>')).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href="/relative">x</a>')).toBe("<a>x</a>");
  });
  it("removes script and style with their contents", () => {
    expect(sanitizeHtml("a<script>alert(1)</script>b<style>p{}</style>c")).toBe("abc");
  });
  it("escapes stray angle brackets in text", () => {
    expect(sanitizeHtml("1 < 2 > 0")).toBe("1 &lt; 2 &gt; 0");
    expect(sanitizeHtml("I <3 you")).toBe("I &lt;3 you");
  });
  it("returns text without angle brackets as it is (entities, quotes and Arabic included)", () => {
    for (const text of [
      "مرحبا بك في درس",
      'Tom & Jerry "quoted" it\'s',
      "&amp; &lt; &#60; &x;",
      "a\n\tb 😀",
      "= / \\ ; #",
    ])
      expect(sanitizeHtml(text)).toBe(text);
    expect(sanitizeHtml("x > y")).toBe("x &gt; y");
  });
});

describe("htmlToText", () => {
  it("drops tags, decodes entities and keeps line breaks", () => {
    expect(htmlToText("<p>Hello&nbsp;<b>World</b> &amp; you</p><p>&#1576;&#x628;</p>")).toBe(
      "Hello World & you\nبب",
    );
    expect(htmlToText("  <br>  ")).toBe("");
  });
});
