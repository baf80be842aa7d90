// «طلبات التواصل»: a visitor sends the contact form marked as a personal-data request; an admin sees
// the count on the admin home, finds the request on /admin/contact-requests (search, kind badge),
// replies (the sender gets the email with their message quoted), keeps a note and closes it. Axe
// at 1280 and 360 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar, errorMessages } from "../../web/src/i18n/ar-EG-all";
import { baseUrl, expectNoAxeViolations, field, launch, newPage, screenshot, signIn } from "./browser";

const t = ar.support.adminContactRequests;
const form = ar.support.contact;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The newest email the local mailbox holds for an address. */
async function latestMail(to: string): Promise<{ subject: string; body: string } | undefined> {
  const response = await fetch(`${baseUrl()}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const { list } = (await response.json()) as { list: Array<{ subject: string; body: string }> };
  return list[0];
}

async function openContactRequests(page: Page) {
  await page
    .getByRole("navigation", { name: ar.admin.navLabel })
    .getByRole("link", { name: t.nav, exact: true })
    .click();
  await page.waitForURL(/\/admin\/contact-requests$/);
  await page.getByRole("heading", { level: 1, name: t.title }).waitFor();
}

describe("contact requests reach a person", () => {
  it("a visitor asks about their personal data; an admin finds it, replies by email, notes and closes it", async () => {
    const stamp = Date.now().toString(36);
    const title = `نسخة من بياناتي ${stamp}`;
    const email = `contact-${stamp}@example.com`;
    const message = "عايزة نسخة من كل البيانات اللي عندكم عني،\nومسح رقم الموبايل القديم.";

    // The visitor, on a phone. The form takes one request per address per 6 hours: this one comes
    // from its own address, so it never meets the public pages' test's request.
    const visitor = await newPage(browser, { width: 360, height: 800 });
    await visitor.setExtraHTTPHeaders({ "cf-connecting-ip": `198.51.100.${Date.now() % 250}` });
    await visitor.goto("/contact");
    await field(visitor, form.nameLabel).fill("منى أحمد");
    await field(visitor, form.emailLabel).fill(email);
    await visitor.getByRole("radio", { name: new RegExp(form.kinds["data-rights"]) }).check();
    await field(visitor, form.titleLabel).fill(title);
    await field(visitor, form.messageLabel).fill(message);
    await expectNoAxeViolations(visitor, "/contact with the kind choice");
    await screenshot(visitor, "contact-kind-360");
    await visitor.getByRole("button", { name: form.send }).click();
    await visitor.getByText(form.sentTitle).waitFor();
    await visitor.context().close();

    // The admin, on a desktop: the home counts the new requests and leads to them.
    const admin = await newPage(browser);
    await signIn(admin, "admin@dars.test", "/admin");
    const figure = admin.locator("[data-new-contact-requests]");
    await screenshot(admin, "admin-home-contact-requests-1280");
    await expect
      .poll(async () => Number((await figure.locator("[data-count]").getAttribute("data-count")) ?? 0))
      .toBeGreaterThan(0);
    await openContactRequests(admin);
    await field(admin, t.searchLabel).fill(stamp);
    const row = admin.getByRole("row").filter({ has: admin.getByRole("rowheader", { name: title }) });
    await row.waitFor();
    await expect.poll(() => admin.getByRole("rowheader").count()).toBe(1);
    expect(await row.getByText(t.kinds["data-rights"]).count()).toBe(1);
    expect(await row.getByText(t.states.new).count()).toBe(1);
    expect(await row.getByText(email).count()).toBe(1);
    await expectNoAxeViolations(admin, "/admin/contact-requests");
    await screenshot(admin, "admin-contact-requests-1280");

    await row.getByRole("button", { name: title }).click();
    const dialog = admin.getByRole("dialog", { name: title });
    await dialog.waitFor();
    await dialog.getByText(t.kindLong["data-rights"]).waitFor();
    await expectNoAxeViolations(admin, "/admin/contact-requests (request dialog)");
    await screenshot(admin, "admin-contact-request-dialog-1280");

    // An empty reply is refused with the catalogue's message; then the reply goes.
    await dialog.getByRole("button", { name: t.sendReply }).click();
    await dialog.getByText(errorMessages["empty-contact-reply"]).waitFor();
    const reply = "أهلًا منى، بعتنالك نسخة من بياناتك، ومسحنا الرقم القديم.";
    await field(dialog, t.replyLabel).fill(reply);
    await dialog.getByRole("button", { name: t.sendReply }).click();
    await dialog.getByText(t.lastReply).waitFor();
    await dialog.getByText(t.states.answered).first().waitFor();
    await expect.poll(async () => (await latestMail(email))?.subject).toBe(`رد فريق درس: ${title}`);
    const mail = await latestMail(email);
    expect(mail?.body).toContain(reply);
    expect(mail?.body).toContain("> عايزة نسخة من كل البيانات اللي عندكم عني،\n> ومسح رقم الموبايل القديم.");

    // A note for the team, then the request is closed.
    await field(dialog, t.notesLabel).fill("اتأكدت من هويتها بالبريد اللي على حسابها");
    await dialog.getByRole("button", { name: t.saveNotes }).click();
    await expect.poll(() => dialog.getByRole("button", { name: t.saveNotes }).isDisabled()).toBe(true);
    await field(dialog, t.stateLabel).selectOption("closed");
    await dialog.getByRole("button", { name: t.saveState }).click();
    await dialog.getByText(t.states.closed).first().waitFor();
    await dialog.getByRole("button", { name: ar.ui.close }).click();
    await row.getByText(t.states.closed).waitFor();

    // The closed filter keeps it; the new filter no longer shows it.
    await field(admin, t.stateFilter).selectOption("new");
    await expect
      .poll(() => admin.getByRole("rowheader", { name: title }).count(), { timeout: 10_000 })
      .toBe(0);
    await screenshot(admin, "admin-contact-requests-filtered-1280");
    await field(admin, t.stateFilter).selectOption("closed");
    await admin.getByRole("rowheader", { name: title }).waitFor();
    await admin.context().close();

    // The same screen on a phone.
    const phone = await newPage(browser, { width: 360, height: 800 });
    await signIn(phone, "admin@dars.test", "/admin/contact-requests");
    await field(phone, t.searchLabel).fill(stamp);
    const phoneRow = phone.getByRole("row").filter({ has: phone.getByRole("rowheader", { name: title }) });
    await phoneRow.waitFor();
    await expectNoAxeViolations(phone, "/admin/contact-requests at 360 px");
    await screenshot(phone, "admin-contact-requests-360");
    await phoneRow.getByRole("button", { name: title }).click();
    const phoneDialog = phone.getByRole("dialog", { name: title });
    await phoneDialog.getByText(reply).waitFor();
    expect(await field(phoneDialog, t.notesLabel).inputValue()).toBe(
      "اتأكدت من هويتها بالبريد اللي على حسابها",
    );
    await expectNoAxeViolations(phone, "/admin/contact-requests (request dialog) at 360 px");
    await screenshot(phone, "admin-contact-request-dialog-360");
    await phone.context().close();
  });
});
