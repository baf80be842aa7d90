/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { errorCodes, type ErrorCode } from "../../schema/errors";

/**
 * docs/architecture.md, "Tests and checks": every API error code in schema/errors.ts that the API can
 * produce is produced by at least one worker test.
 *
 * A code counts as tested when a worker test file (tests/worker/*.test.ts) holds it as a whole
 * string literal inside a test case, `it(...)`/`test(...)` or the table of an `it.each(...)`,
 * other than the test's title, in a test case that reads a response `code`. Comments, titles,
 * helper definitions outside test cases and longer strings that merely contain the code do not
 * count. Every code the API cannot produce is listed below with its reason, and the lists are
 * checked against the code so they cannot go stale.
 */

/** Codes in the catalogue the API never answers with, each with the reason. */
const notProducedByApi: Partial<Record<ErrorCode, string>> = {
  "invalid-email-address":
    "an alias of invalid-email (spec section 8: 'also seen as invalid-email'); the API answers invalid-email",
  "user-already-verified":
    "no rule names it: email and phone are verified separately (email-already-verified, phone-already-verified)",
  "room-members-not-found":
    "GET /chat/room/by/members answers { room: null } while a pair has no room: no chat yet is ordinary, and a 404 showed in every student's console on tutor pages",
};

/**
 * Codes the API should produce but no worker test makes it produce yet, in areas whose owners are
 * still at work on them. Each entry names the owner and what is missing; remove it with the test.
 */
const knownGaps: Partial<Record<ErrorCode, string>> = {};

const testFiles = import.meta.glob<string>("../worker/*.test.ts", {
  query: "?raw",
  import: "default",
  eager: true,
});
const sourceFiles = import.meta.glob<string>(
  [
    "../../worker/**/*.ts",
    "../../durable-objects/**/*.ts",
    "../../schema/**/*.ts",
    "!../../schema/errors.ts",
    "!../../schema/error-messages.ts",
  ],
  {
    query: "?raw",
    import: "default",
    eager: true,
  },
);

type Token = { kind: "string" | "template" | "ident" | "punct"; value: string };

/** Tokenizes TypeScript well enough to tell code from comments, strings and regular expressions. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const regexMayFollow = () => {
    const last = tokens.at(-1);
    if (!last) return true;
    if (last.kind === "punct") return !")]}".includes(last.value);
    return (
      last.kind === "ident" &&
      ["return", "typeof", "case", "in", "of", "void", "yield", "await"].includes(last.value)
    );
  };
  const readQuoted = (quote: string) => {
    let value = "";
    for (i++; i < source.length && source[i] !== quote; i++) {
      if (source[i] === "\\") i++;
      value += source[i];
    }
    i++;
    return value;
  };
  // Scans until the end of the source, or until the `}` that closes a template substitution.
  const scan = (inSubstitution: boolean): void => {
    let braces = 0;
    while (i < source.length) {
      const ch = source[i]!;
      const next = source[i + 1];
      if (/\s/.test(ch)) i++;
      else if (ch === "/" && next === "/") while (i < source.length && source[i] !== "\n") i++;
      else if (ch === "/" && next === "*")
        i = source.indexOf("*/", i + 2) < 0 ? source.length : source.indexOf("*/", i + 2) + 2;
      else if (ch === '"' || ch === "'") tokens.push({ kind: "string", value: readQuoted(ch) });
      else if (ch === "`") {
        let value = "";
        let plain = true;
        for (i++; i < source.length && source[i] !== "`"; i++) {
          if (source[i] === "\\") value += source[++i];
          else if (source[i] === "$" && source[i + 1] === "{") {
            plain = false;
            i += 2;
            scan(true);
            i--;
          } else value += source[i];
        }
        i++;
        tokens.push({ kind: plain ? "string" : "template", value });
      } else if (ch === "/" && regexMayFollow()) {
        let inClass = false;
        for (i++; i < source.length && (inClass || source[i] !== "/"); i++) {
          if (source[i] === "\\") i++;
          else if (source[i] === "[") inClass = true;
          else if (source[i] === "]") inClass = false;
        }
        for (i++; i < source.length && /[a-z]/.test(source[i]!); i++);
        tokens.push({ kind: "template", value: "" });
      } else if (/[\w$]/.test(ch)) {
        const start = i;
        while (i < source.length && /[\w$]/.test(source[i]!)) i++;
        tokens.push({ kind: "ident", value: source.slice(start, i) });
      } else {
        if (inSubstitution && ch === "{") braces++;
        if (inSubstitution && ch === "}" && braces-- === 0) {
          i++;
          return;
        }
        tokens.push({ kind: "punct", value: ch });
        i++;
      }
    }
  };
  scan(false);
  return tokens;
}

/** The string literals inside test cases (titles excluded) of test cases that read a `code`. */
function assertedStrings(source: string): Set<string> {
  const tokens = tokenize(source);
  const found = new Set<string>();
  for (let k = 0; k < tokens.length; k++) {
    const head = tokens[k]!;
    if (head.kind !== "ident" || !["it", "test"].includes(head.value) || tokens[k - 1]?.value === ".")
      continue;
    let j = k + 1;
    while (tokens[j]?.value === "." && tokens[j + 1]?.kind === "ident") j += 2;
    if (tokens[j]?.value !== "(") continue;
    const start = j;
    let titleAt = -1;
    while (tokens[j]?.value === "(") {
      titleAt = j + 1;
      let depth = 0;
      do {
        if (tokens[j]!.value === "(") depth++;
        else if (tokens[j]!.value === ")") depth--;
        j++;
      } while (j < tokens.length && depth > 0);
    }
    const body = tokens.slice(start, j).filter((_, index) => start + index !== titleAt);
    if (!body.some((t) => t.kind === "ident" && t.value === "code")) continue;
    for (const t of body) if (t.kind === "string") found.add(t.value);
    k = j - 1;
  }
  return found;
}

const tested = new Set(Object.values(testFiles).flatMap((source) => [...assertedStrings(source)]));
const inSources = new Set(
  Object.values(sourceFiles).flatMap((source) =>
    tokenize(source).flatMap((t) => (t.kind === "string" ? [t.value] : [])),
  ),
);

describe("error codes produced by the worker tests", () => {
  it("reads the worker tests and the API sources", () => {
    expect(Object.keys(testFiles).length).toBeGreaterThan(20);
    expect(Object.keys(sourceFiles).length).toBeGreaterThan(50);
    expect(tested).toContain("busy-tutor");
  });

  it("has a worker test for every code the API can produce", () => {
    const uncovered = errorCodes.filter(
      (code) => !tested.has(code) && !(code in notProducedByApi) && !(code in knownGaps),
    );
    expect(uncovered, "catalogue codes no worker test asserts").toEqual([]);
  });

  it("lists as not produced only catalogue codes that no API source names", () => {
    for (const code of Object.keys(notProducedByApi)) {
      expect(errorCodes, code).toContain(code);
      expect(
        inSources.has(code),
        `${code} is named in the API sources: test it and take it off the list`,
      ).toBe(false);
    }
  });

  it("keeps the known gaps to catalogue codes that are still untested", () => {
    for (const code of Object.keys(knownGaps)) expect(errorCodes, code).toContain(code);
    expect(
      Object.keys(knownGaps).filter((code) => tested.has(code)),
      "tested now: take them off the known gaps",
    ).toEqual([]);
  });
});

describe("the test scanner", () => {
  it("counts a code asserted in a test case or its table, and not one in a comment, a title or a helper", () => {
    const source = `
      const outside = "outside-helper";
      // expect(body.code).toBe("in-line-comment");
      it("title-only", async () => {
        /* "in-block-comment" */
        expect(response.body.code).toBe("asserted");
        expect(\`\${"in-substitution"} text\`).toMatch(/"in-regex"/);
      });
      it.each([[1, "in-table"]])("row %s", async (value, code) => expect(code).toBeTruthy());
      it("no code read", () => expect(x).toBe("not-a-code-check"));
    `;
    expect([...assertedStrings(source)].sort()).toEqual(["asserted", "in-substitution", "in-table"]);
  });
});
