import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Gender } from "../../schema/enums";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { byGender } from "../../web/src/lib/plural";
import { expectNoAxeViolations, launch, newPage, screenshot, signIn, userIdOf } from "./browser";

const c = ar.chat;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Arabic-Indic digits ("١٬٢٣٤") as a number. */
function arabicNumber(text: string): number {
  return Number(
    text.replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660)).replace(/[^0-9]/g, ""),
  );
}

const messages = (page: Page) => page.getByRole("list", { name: c.messagesLabel });
const message = (page: Page, text: string): Locator => messages(page).locator("li").filter({ hasText: text });

async function send(page: Page, text: string) {
  const composer = page.getByLabel(c.composerLabel, { exact: true });
  await composer.fill(text);
  await composer.press("Enter");
}

describe("chat between a student and a tutor (docs/rules.md, Chat)", () => {
  it("starts a room from the profile, then both chat in realtime with typing, receipts, edit and delete", async () => {
    const tutorId = await userIdOf("tutor7@dars.test");
    const student = await newPage(browser);
    const tutor = await newPage(browser);

    // The student starts the room from the tutor's profile with a first message.
    await signIn(student, "student@dars.test", `/t/${tutorId}`);
    await student.getByRole("button", { name: ar.chatStart.messageTutor }).click();
    const dialog = student.getByRole("dialog");
    await dialog.getByLabel(ar.chatStart.firstMessageLabel).fill("مساء الخير يا أستاذ، عندي سؤال عن الحصص");
    await screenshot(student, "chat-start-dialog");
    await dialog.getByRole("button", { name: ar.chatStart.send }).click();
    await student.waitForURL(/\/chat\?room=\d+$/);
    const roomId = Number(new URL(student.url()).searchParams.get("room"));
    await message(student, "مساء الخير يا أستاذ").waitFor();

    // The tutor signs in: the header badge counts the unread message on first load, and the
    // student shows as online from the presence snapshot.
    await signIn(tutor, "tutor7@dars.test", "/chat");
    await tutor.getByRole("link", { name: new RegExp(c.unread(1)) }).waitFor();
    await tutor.getByRole("button", { name: /مساء الخير يا أستاذ/ }).click();
    await tutor.waitForURL(new RegExp(`/chat\\?room=${roomId}$`));
    await message(tutor, "مساء الخير يا أستاذ").waitFor();
    // The student account (emulators/seed.ts) is a woman: the presence words follow her gender.
    await tutor.getByText(byGender(c.online, Gender.Female), { exact: true }).first().waitFor();

    // Reading it clears the badge on the tutor's side and shows ✓✓ on the student's.
    await expect.poll(() => tutor.getByRole("link", { name: new RegExp(c.unread(1)) }).count()).toBe(0);
    await message(student, "مساء الخير يا أستاذ").getByRole("img", { name: c.read }).waitFor();

    // Typing shows on the other page, then the message arrives there without a reload.
    await student.getByLabel(c.composerLabel, { exact: true }).pressSequentially("هل عندك", { delay: 30 });
    await tutor.getByText(byGender(c.typing, Gender.Female)).first().waitFor();
    await student.getByLabel(c.composerLabel, { exact: true }).fill("هل عندك ميعاد يوم السبت؟");
    await student.getByLabel(c.composerLabel, { exact: true }).press("Enter");
    await message(tutor, "هل عندك ميعاد يوم السبت؟").waitFor();
    await message(student, "هل عندك ميعاد يوم السبت؟").getByRole("img", { name: c.read }).waitFor();

    // And the other way round.
    await send(tutor, "أيوه، الساعة ٦ مساءً مناسبة؟");
    await message(student, "الساعة ٦ مساءً").waitFor();

    // The student edits a message: the tutor sees the new text, marked as edited.
    const own = message(student, "هل عندك ميعاد يوم السبت؟");
    await own.getByRole("button", { name: c.messageActions }).click();
    await student.getByRole("menuitem", { name: c.edit }).click();
    const editor = student.getByLabel(c.editMessage, { exact: true });
    await editor.fill("هل عندك ميعاد يوم الأحد؟");
    await student.getByRole("button", { name: c.saveEdit }).click();
    const edited = message(tutor, "هل عندك ميعاد يوم الأحد؟");
    await edited.waitFor();
    await edited.getByText(c.edited).waitFor();
    expect(await message(tutor, "يوم السبت").count()).toBe(0);

    // The student deletes it: the tutor sees the deleted placeholder instead.
    await message(student, "يوم الأحد").getByRole("button", { name: c.messageActions }).click();
    await student.getByRole("menuitem", { name: c.delete }).click();
    await student.getByRole("dialog").getByRole("button", { name: c.delete }).click();
    await message(tutor, c.deletedMessage).waitFor();
    expect(await message(tutor, "يوم الأحد").count()).toBe(0);

    await expectNoAxeViolations(student, "/chat (student)");
    await expectNoAxeViolations(tutor, "/chat (tutor)");
    await screenshot(student, "chat-student-1280");
    await screenshot(tutor, "chat-tutor-1280");

    // A phone-sized screen: the conversation alone, with a way back to the rooms.
    const phone = await newPage(browser, { width: 360, height: 740 });
    await signIn(phone, "student@dars.test", `/chat?room=${roomId}`);
    await message(phone, "الساعة ٦ مساءً").waitFor();
    await expectNoAxeViolations(phone, "/chat (360 px)");
    await screenshot(phone, "chat-student-360");
    await phone.getByRole("button", { name: c.backToRooms }).click();
    await phone.getByRole("list", { name: c.roomsLabel }).waitFor();
    await screenshot(phone, "chat-rooms-360");
    await phone.goto(`/t/${tutorId}`);
    await phone.getByRole("link", { name: ar.chatStart.openChat }).waitFor();
    await screenshot(phone, "tutor-profile-chat-360");

    // Coming back to the profile opens the same room rather than starting another.
    await student.goto(`/t/${tutorId}`);
    await student.getByRole("link", { name: ar.chatStart.openChat }).click();
    await student.waitForURL(new RegExp(`/chat\\?room=${roomId}$`));

    await Promise.all([student.context().close(), tutor.context().close(), phone.context().close()]);
  });
});

describe("live server stats for admins (docs/product.md §6)", () => {
  it("shows the figures and updates users online when a user connects", async () => {
    const admin = await newPage(browser);
    await signIn(admin, "admin@dars.test", "/admin/server-stats");
    await admin.getByTestId("stats-updated-at").waitFor();
    await admin.getByRole("status").filter({ hasText: ar.admin.serverStats.live }).waitFor();
    const usersOnline = admin
      .locator("dt", { hasText: ar.admin.serverStats.usersOnline })
      .locator("xpath=following-sibling::dd");
    // The admin's own user channel counts, once it has connected: it may do so after the first figures arrive.
    await expect
      .poll(async () => arabicNumber(await usersOnline.innerText()), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(1);
    const before = arabicNumber(await usersOnline.innerText());
    await expectNoAxeViolations(admin, "/admin/server-stats");
    await screenshot(admin, "admin-server-stats-1280");

    // Someone signs in: their user channel opens, and the admin's page follows within seconds.
    const manager = await newPage(browser);
    await signIn(manager, "manager@dars.test", "/t/dashboard");
    await expect
      .poll(async () => arabicNumber(await usersOnline.innerText()), { timeout: 20_000 })
      .toBe(before + 1);
    const requests = admin
      .locator("dt", { hasText: ar.admin.serverStats.requestsPerMinute })
      .locator("xpath=following-sibling::dd");
    await expect
      .poll(async () => arabicNumber(await requests.innerText()), { timeout: 20_000 })
      .toBeGreaterThan(0);

    // And leaves: the count goes back.
    await manager.context().close();
    await expect
      .poll(async () => arabicNumber(await usersOnline.innerText()), { timeout: 20_000 })
      .toBe(before);

    const phone = await newPage(browser, { width: 360, height: 740 });
    await signIn(phone, "regular-admin@dars.test", "/admin/server-stats");
    await phone.getByTestId("stats-updated-at").waitFor();
    await expectNoAxeViolations(phone, "/admin/server-stats (360 px)");
    await screenshot(phone, "admin-server-stats-360");
    await phone.goto("/admin");
    await phone.getByRole("heading", { level: 1, name: ar.admin.homeTitle }).waitFor();
    await screenshot(phone, "admin-home-360");
    await Promise.all([admin.context().close(), phone.context().close()]);
  });

  it("sends a tutor manager away from the admin area", async () => {
    const page = await newPage(browser);
    await signIn(page, "manager@dars.test", "/t/dashboard");
    await page.goto("/admin/server-stats");
    await page.waitForURL((url) => url.pathname === "/t/dashboard");
    await page.context().close();
  });
});
