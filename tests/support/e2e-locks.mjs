// Browser test files run two at a time against one server (vitest.e2e.config.ts). Two files that
// change the same demo account (its schedule, time zone, lessons or interviews) must not overlap, so
// each file first takes a lock for every account it changes (`alongside` in the config) and
// gives them back when it ends. A lock is a directory: mkdir either creates it or fails because
// another file holds it. Taken in name order, so two files never hold one each while waiting for
// the other's.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";

const held = [];

// vitest hands a hook its fixtures first (none used here) and the file second.
// oxlint-disable-next-line no-empty-pattern
beforeAll(async ({}, file) => {
  const byFile = inject("e2eLockNames");
  const names = [...(byFile[path.basename(file.filepath)] ?? [])].sort();
  for (const name of names) {
    const lock = path.join(inject("e2eLockDir"), name);
    for (;;) {
      try {
        mkdirSync(lock, { recursive: false });
        break;
      } catch (error) {
        if (error.code !== "EEXIST") throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    held.push(lock);
  }
  // Waiting for another file to finish is not this file's time: longer than any one file takes.
}, 30 * 60_000);

afterAll(() => {
  for (const lock of held.splice(0).reverse()) rmSync(lock, { recursive: true, force: true });
});
