/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Vitest runs from the repository root (npm test).
const webSource = path.resolve(process.cwd(), "web/src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(name) ? [full] : [];
  });
}

// Physical-direction utilities and properties break the right-to-left layout; the logical ones
// (ms-, pe-, start-, text-start, border-s, margin-inline-start…) follow the writing direction.
const physical = [
  /\b-?(ml|mr|pl|pr|left|right|border-l|border-r|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|scroll-ml|scroll-mr)-[\w[.]/,
  /\btext-(left|right)\b/,
  /\bfloat-(left|right)\b/,
  /\b(margin|padding|border)-(left|right)\s*:/,
  /(^|[\s;{])(left|right)\s*:/,
];

describe("the SPA uses logical CSS only", () => {
  const files = sourceFiles(webSource);

  it("finds the SPA's sources", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((file) => [path.relative(webSource, file), file]))(
    "%s has no physical-direction styles",
    (_name, file) => {
      const offending = readFileSync(file, "utf8")
        .split("\n")
        .map((line, index) => ({ line: line.trim(), number: index + 1 }))
        .filter(
          ({ line }) => !/^(\/\/|\/\*|\*)/.test(line) && physical.some((pattern) => pattern.test(line)),
        );
      expect(offending).toEqual([]);
    },
  );
});
