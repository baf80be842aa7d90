// The short links and the staff sign-in of docs/product.md §2 in the browser: /profile and /session
// lead the signed-in person on (replacing themselves in the history), /admin/login signs staff in and
// refuses any other account in Arabic, and the local-only phone frame (docs/local.md) stays on
// across a reload. Each screen at 1280 and 360 px, with axe. Only a student it registers and the
// demo tutor and admin (read, never changed) are used.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import {
  DEMO_PASSWORD,
  expectNoAxeViolations,
  field,
  launch,
  newPage,
  registerStudent,
  screenshot,
} from "./browser";

const PASSWORD = "Strong#Pass1";
const narrow = { width: 360, height: 780 };
const sizes = [
  { name: "1280", viewport: { width: 1280, height: 900 } },
  { name: "360", viewport: narrow },
] as const;

let browser: Browser;
let studentEmail: string;

beforeAll(async () => {
  browser = await launch();
  studentEmail = `e2e-routes-${Date.now().toString(36)}@example.com`;
  const page = await newPage(browser);
  await registerStudent(page, "سلمى عادل", studentEmail, PASSWORD);
  await page.context().close();
});
afterAll(async () => {
  await browser?.close();
});

async function fillSignIn(page: Page, email: string, password: string) {
  await field(page, ar.fields.email).fill(email);
  await field(page, ar.fields.password).fill(password);
  await page.getByRole("button", { name: ar.login.submit, exact: true }).click();
}

const path = (page: Page) => new URL(page.url()).pathname;
const signedInToken = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("dars.session")).length);

describe("/profile and /session", () => {
  it("send a signed-out visitor to sign in first, then the student to their settings and lessons", async () => {
    const page = await newPage(browser, narrow);
    await page.goto("/profile");
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/profile");
    await fillSignIn(page, studentEmail, PASSWORD);
    await page.waitForURL((url) => url.pathname === "/s/settings");
    await page.getByRole("heading", { level: 1, name: ar.settings.studentTitle }).waitFor();
    await screenshot(page, "routes-profile-student-360");
    await expectNoAxeViolations(page, "/profile → /s/settings (360)");

    // A newcomer has no lesson: /session ends on the lessons list, and Back skips /session.
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.goto("/session");
    await page.waitForURL((url) => url.pathname === "/upcoming-lessons");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await screenshot(page, "routes-session-student-360");
    await expectNoAxeViolations(page, "/session → /upcoming-lessons (360)");
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().close();
  });

  it("send a tutor to the profile settings and to the next live session or the lessons list", async () => {
    const page = await newPage(browser);
    await page.goto("/login?next=%2Fprofile");
    await fillSignIn(page, "tutor@dars.test", DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === "/t/profile-settings");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await screenshot(page, "routes-profile-tutor-1280");
    await expectNoAxeViolations(page, "/profile → /t/profile-settings (1280)");
    await page.goto("/session");
    // The demo tutor may have a lesson booked by another file: either its room or the list.
    await page.waitForURL((url) =>
      /^\/(lesson|interview|demo-session)\/\d+$|^\/upcoming-lessons$/.test(url.pathname),
    );
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await screenshot(page, "routes-session-tutor-1280");
    await page.context().close();
  });
});

describe("/admin/login", () => {
  it.each(sizes)(
    "is the staff's sign-in, where the admin area sends a signed-out visitor ($name px)",
    async ({ name, viewport }) => {
      const page = await newPage(browser, viewport);
      await page.goto("/admin/users");
      await page.waitForURL(
        (url) => url.pathname === "/admin/login" && url.searchParams.get("next") === "/admin/users",
      );
      await page.getByRole("heading", { level: 1, name: ar.adminLogin.title }).waitFor();
      await screenshot(page, `routes-admin-login-${name}`);
      await expectNoAxeViolations(page, `/admin/login (${name})`);
      await page.context().close();
    },
  );

  it("refuses an account that is not staff in Arabic and leaves nobody signed in (360 px)", async () => {
    const page = await newPage(browser, narrow);
    await page.goto("/admin/login");
    await fillSignIn(page, studentEmail, PASSWORD);
    await expect
      .poll(async () => page.getByRole("alert").filter({ hasText: ar.adminLogin.notStaff }).count())
      .toBe(1);
    expect(path(page)).toBe("/admin/login");
    expect(await signedInToken(page)).toBe(0);
    await screenshot(page, "routes-admin-login-refused-360");
    await expectNoAxeViolations(page, "/admin/login refused (360)");
    // Reloading shows the form again, not a half signed-in page.
    await page.reload();
    await page.getByRole("button", { name: ar.login.submit, exact: true }).waitFor();
    await page.context().close();
  });

  it("lands a staff sign-in on /admin, and sends staff already signed in straight there (1280 px)", async () => {
    const page = await newPage(browser);
    await page.goto("/admin/login");
    await fillSignIn(page, "admin@dars.test", DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await screenshot(page, "routes-admin-after-login-1280");
    await page.goto("/admin/login");
    await page.waitForURL((url) => url.pathname === "/admin");
    // The admin's /profile is their account settings in the admin area.
    await page.goto("/profile");
    await page.waitForURL((url) => url.pathname === "/admin/user-settings");
    await page.context().close();
  });
});

describe("the local phone frame", () => {
  it("frames the app 360 px wide with a phone's breakpoints, and stays on across a reload", async () => {
    const page = await newPage(browser);
    await page.goto("/");
    const toggle = page.getByRole("switch", { name: ar.shell.simulatedMobile("٣٦٠") });
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    const visitorMenu = page.locator('[aria-controls="visitor-menu"]');
    expect(await visitorMenu.isVisible()).toBe(false);

    // By keyboard: focus the switch and press Space.
    await toggle.focus();
    await page.keyboard.press("Space");
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    const rootWidth = () =>
      page.evaluate(() => document.getElementById("root")!.getBoundingClientRect().width);
    expect(await rootWidth()).toBe(360);
    // The header's phone menu shows, as on a phone (its sm:hidden answers for 360 px).
    expect(await visitorMenu.isVisible()).toBe(true);
    await screenshot(page, "routes-phone-frame-on");
    await expectNoAxeViolations(page, "/ with the phone frame");

    await page.reload();
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await expect.poll(rootWidth).toBe(360);
    await screenshot(page, "routes-phone-frame-after-reload");

    await toggle.click();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    expect(await rootWidth()).toBe(1280);
    expect(await visitorMenu.isVisible()).toBe(false);
    await page.context().close();
  });
});
