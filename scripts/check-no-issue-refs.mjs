// Tracker-citation check (npm run lint): comments, test titles and docs say why in words, or cite a
// file of the repository or a page of docs/, never a number in an issue tracker. A reader of the
// code has the repository, not the tracker, and the number says nothing once the thread is gone.
//
// Looks at the tracked files (git ls-files) that hold source, tests or prose, and fails on the word
// issue, bug or ticket (singular or plural) followed by a number, with or without "#", and on a
// bare number in parentheses after "#", as a pull-request title cites one. A "#" followed by digits
// elsewhere (a CSS colour, a URL fragment, a list number) is not a citation and is not matched, nor
// is "(#n)" at the start of a string literal: Graph API error texts begin so (emulators/whatsapp/).
// Exits 1 and prints each finding as path:line.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Source, test, configuration and prose files; generated and vendored ones stand aside. */
const CHECKED = /\.(?:[cm]?[jt]sx?|md|css|html|toml|ya?ml|sh)$|^\.ci\/|^\.dev\.vars\.example$/;
const SKIPPED = /^(?:migrations|web\/dist|web\/public|node_modules)\/|worker-configuration\.d\.ts$/;

/** The citations: a tracker word then its number, or "(#n)". */
const CITATION = /\b(?:issues?|bugs?|tickets?)\s?#?\d+\b|(?<![\x22'`])\(#\d+\)/i;

const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter((file) => file && CHECKED.test(file) && !SKIPPED.test(file));

const findings = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), "utf8");
  } catch {
    // Tracked but deleted in the working tree (a move in progress): nothing to read.
    continue;
  }
  text.split("\n").forEach((line, index) => {
    const match = CITATION.exec(line);
    if (match) findings.push(`${file}:${index + 1}: "${match[0]}" in: ${line.trim()}`);
  });
}

if (findings.length) {
  console.error(
    `Tracker citations (say why in words, or cite the file or docs/ page instead):\n${findings.join("\n")}`,
  );
  process.exit(1);
}
