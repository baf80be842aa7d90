import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Browser end-to-end tests: one local server started the way `npm start` does (global setup),
// Debian's Chromium driven by playwright-core.
//
// The files below run two at a time (a 2-core CI machine: while one waits on the server or the
// browser, the other runs). Each signs in as demo accounts or registers its own users; the demo
// accounts a file changes (tutor@'s schedule, lessons and withdrawals, manager@'s interviews,
// student@'s time zone, lessons, reports and password reset) are locked for the file's whole run
// (tests/support/e2e-locks.mjs), so two files that change the same account never overlap.
const alongside = {
  "account-safety.test.ts": [],
  "audit.test.ts": ["student"],
  "booking.test.ts": ["student", "tutor"],
  "checkout.test.ts": [],
  "contact-requests.test.ts": [],
  "data-requests.test.ts": [],
  "deploy.test.ts": [],
  "identity.test.ts": ["student"],
  "invoices.test.ts": ["tutor"],
  "lesson.test.ts": ["manager", "tutor"],
  "favourites.test.ts": ["student", "tutor12"],
  "lesson-journey.test.ts": ["tutor9"],
  "lesson-notes.test.ts": ["tutor11"],
  "progress.test.ts": ["tutor10"],
  "marketplace.test.ts": [],
  "onboarding.test.ts": ["manager", "tutor"],
  "resumable-upload.test.ts": ["manager"],
  "pages.test.ts": [],
  "prerender.test.ts": [],
  "privacy.test.ts": [],
  "notification-settings.test.ts": [],
  "public.test.ts": [],
  "rating-moderation.test.ts": ["student", "tutor"],
  "pwa.test.ts": ["student"],
  "push.test.ts": ["tutor3"],
  "refunds.test.ts": [],
  "reports.test.ts": ["student"],
  "routes.test.ts": [],
  "schedule.test.ts": ["tutor"],
  "seo.test.ts": [],
  "student-journey.test.ts": ["tutor"],
  "words.test.ts": [],
};
// Every other file runs alone, after them: each changes or counts what every page shows (the
// business settings' prices, the withdrawal limits, the users online, the day's figures), and a
// new file stays here until someone has checked that it can run beside the others.
const files = (names: string[]) => names.map((name) => `tests/e2e/${name}`);

const common = {
  resolve: { alias: { "@schema": fileURLToPath(new URL("./schema", import.meta.url)) } },
};
const testCommon = {
  environment: "node",
  // Files share their worker's modules (playwright-core, the Arabic strings, the helpers): each
  // file imports them once per worker, not once per file. The helpers keep no state between files.
  isolate: false,
  setupFiles: ["./tests/support/e2e-locks.mjs"],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // expect.poll's own default is 1 s: a sign-in (a password hash) on a loaded 2-core machine takes
  // longer, and the locators' waits here allow 30 s.
  expect: { poll: { timeout: 15_000 } },
};

export default defineConfig({
  ...common,
  test: {
    // One server for both groups (the root project's global setup; its `provide` reaches both).
    globalSetup: ["./tests/e2e/global-setup.ts"],
    provide: { e2eLockNames: alongside },
    projects: [
      {
        ...common,
        test: {
          ...testCommon,
          name: "e2e",
          include: files(Object.keys(alongside)),
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        ...common,
        test: {
          ...testCommon,
          name: "e2e-alone",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: files(Object.keys(alongside)),
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
