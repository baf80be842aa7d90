import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar, errorMessage } from "../../web/src/i18n/ar-EG-all";
import { formatMoney } from "../../web/src/lib/format";
import { expectNoAxeViolations, launch, newPage, screenshot, field, signIn } from "./browser";

const t = ar.invoices;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("tutor earnings and withdrawals", () => {
  it("the demo tutor requests a withdrawal, an admin approves it with a receipt, and the tutor sees it approved live", async () => {
    const tutor = await newPage(browser);
    await signIn(tutor, "tutor@dars.test", "/t/dashboard");
    await tutor.getByRole("navigation", { name: ar.nav.main }).getByRole("link", { name: t.nav }).click();
    await tutor.waitForURL(/\/invoices$/);
    const summary = tutor.getByTestId("earnings-summary");
    const figure = (label: string) =>
      summary.locator("div", { has: tutor.getByText(label, { exact: true }) }).locator("dd");
    // The seeded fulfilled lessons: 8 × 30 minutes at 150 EGP an hour.
    await expect.poll(() => figure(t.earnings).textContent()).toBe(formatMoney(60_000));
    await expect.poll(() => figure(t.withdrawable).textContent()).toBe(formatMoney(60_000));
    await tutor.getByText(t.workingDays("٤", "٥")).waitFor();
    await expectNoAxeViolations(tutor, "/invoices");
    await screenshot(tutor, "invoices-1280");

    // The amount is checked against the balance before anything is sent.
    await field(tutor, t.amount).fill("٩٠٠");
    await field(tutor, t.phone).fill("01012345678");
    await tutor.getByRole("button", { name: t.submit }).click();
    await tutor.getByText(errorMessage("insufficient-balance")).waitFor();

    await field(tutor, t.amount).fill("150");
    await tutor.getByRole("button", { name: t.submit }).click();
    const request = tutor.locator("[data-invoice]").first();
    await request.getByText(t.statuses[0]!).waitFor();
    await expect.poll(() => request.textContent()).toContain("01012345678");
    await expect.poll(() => figure(t.withdrawable).textContent()).toBe(formatMoney(45_000));
    await expect.poll(() => figure(t.pending).textContent()).toBe(formatMoney(15_000));
    // «احفظ هذه الطريقة» was ticked: the wallet is kept, as the default, and the form now offers it.
    await tutor
      .locator("[data-withdraw-method]")
      .filter({ hasText: "01012345678" })
      .getByText(t.saved.default, { exact: true })
      .waitFor();
    expect(await tutor.getByRole("radio", { name: "01012345678" }).isChecked()).toBe(true);

    const admin = await newPage(browser);
    await signIn(admin, "admin@dars.test", "/admin");
    await admin
      .getByRole("navigation", { name: ar.admin.navLabel })
      .getByRole("link", { name: t.admin.nav })
      .click();
    await admin.waitForURL(/\/admin\/invoices$/);
    const pending = admin.locator("[data-invoice]").filter({ hasText: "tutor@dars.test" }).first();
    await pending.getByText(t.statuses[0]!).waitFor();
    await expectNoAxeViolations(admin, "/admin/invoices");
    await screenshot(admin, "admin-invoices-1280");

    await pending.getByRole("button", { name: t.admin.approve }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByLabel(t.admin.receiptFile).setInputFiles({
      name: "receipt.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4 receipt"),
    });
    await dialog.getByRole("button", { name: t.admin.confirmApprove }).click();
    await pending.getByText(t.statuses[3]!).waitFor();
    await expect.poll(() => pending.textContent()).toContain("مدير المنصة");

    // InvoiceUpdated reaches the tutor's open page: no reload.
    await request.getByText(t.statuses[3]!).waitFor();
    // The private receipt opens in a new tab (fetched with the tutor's token).
    const [receipt] = await Promise.all([
      tutor.waitForEvent("popup"),
      request.getByRole("button", { name: t.viewReceipt }).click(),
    ]);
    await receipt.waitForURL(/^blob:/);
    await receipt.close();
    await expect.poll(() => figure(t.withdrawn).textContent()).toBe(formatMoney(15_000));
    await expect.poll(() => figure(t.pending).textContent()).toBe(formatMoney(0));
    await screenshot(tutor, "invoices-approved-1280");

    await tutor.setViewportSize({ width: 360, height: 800 });
    await screenshot(tutor, "invoices-360");
    await admin.setViewportSize({ width: 360, height: 800 });
    await screenshot(admin, "admin-invoices-360");
    await tutor.context().close();
    await admin.context().close();
  });

  it("a tutor asks to cancel a bank request and the admin approves it; an Instapay request is rejected with a note", async () => {
    const tutor = await newPage(browser, { width: 360, height: 800 });
    await signIn(tutor, "tutor@dars.test", "/t/dashboard");
    await tutor.goto("/invoices");
    await field(tutor, t.amount).fill("100");
    // The saved wallet is offered first; this request goes somewhere new.
    await tutor.getByLabel(t.otherMethod).check();
    await tutor.getByLabel(t.methods[1]!, { exact: true }).check();
    await field(tutor, t.bank).selectOption("NBE");
    await field(tutor, t.accountNumber).fill("12");
    await tutor.getByRole("button", { name: t.submit }).click();
    await tutor.getByText(errorMessage("invalid-bank-account-number")).waitFor();
    await field(tutor, t.accountNumber).fill("1234 5678 90");
    await tutor.getByRole("button", { name: t.submit }).click();
    const bankRequest = tutor.locator("[data-invoice]").filter({ hasText: "1234567890" }).first();
    await bankRequest.getByText(t.statuses[0]!).waitFor();
    await bankRequest.getByRole("button", { name: t.cancel }).click();
    await tutor.getByRole("dialog").getByRole("button", { name: t.confirmCancel }).click();
    await bankRequest.getByText(t.statuses[1]!).waitFor();

    // After a request the form is back on the default saved method.
    await tutor.getByLabel(t.otherMethod).check();
    await tutor.getByLabel(t.methods[2]!, { exact: true }).check();
    await field(tutor, t.amount).fill("120");
    await field(tutor, t.username).fill("mahmoud@instapay");
    await tutor.getByRole("button", { name: t.submit }).click();
    await tutor
      .locator("[data-invoice]")
      .filter({ hasText: "mahmoud@instapay" })
      .first()
      .getByRole("button", { name: t.edit })
      .click();
    // While pending, the tutor asks to change where the money goes: a proposal beside the values in force.
    const edit = tutor.getByRole("dialog");
    await edit.getByLabel(t.username).fill("mahmoud_h@instapay");
    await edit.getByLabel(t.receiver).fill("محمود حسن");
    await edit.getByRole("button", { name: t.saveChanges }).click();
    const proposed = tutor.locator("[data-invoice]").filter({ hasText: "mahmoud_h@instapay" }).first();
    await proposed.getByText(t.statuses[5]!).waitFor();
    const instapayId = await proposed.getAttribute("data-invoice");
    const instapay = tutor.locator(`[data-invoice="${instapayId}"]`);
    await expect.poll(() => instapay.textContent()).toContain("mahmoud@instapay");
    await screenshot(tutor, "invoices-waiting-360");

    const admin = await newPage(browser);
    await signIn(admin, "admin@dars.test", "/admin");
    await admin.goto("/admin/invoices");
    const canceling = admin.locator("[data-invoice]").filter({ hasText: "1234567890" }).first();
    await canceling.getByRole("button", { name: t.admin.approveCancel }).click();
    await canceling.getByText(t.statuses[2]!).waitFor();

    // The proposal is settled first (refused, with a reason), then the request itself rejected.
    const rejecting = admin.locator(`[data-invoice="${instapayId}"]`);
    await rejecting.getByText(t.statuses[5]!).waitFor();
    await rejecting.getByRole("button", { name: t.admin.reviewUpdate }).click();
    const review = admin.getByRole("dialog");
    await review.getByLabel(t.admin.refuseReason).fill("العنوان الجديد مش مفعّل عندنا");
    await review.getByRole("button", { name: t.admin.refuseUpdate }).click();
    await rejecting.getByText(t.statuses[0]!).waitFor();
    await instapay.getByText(t.statuses[0]!).waitFor();
    await instapay.getByText("العنوان الجديد مش مفعّل عندنا").waitFor();
    expect(await instapay.textContent()).not.toContain("mahmoud_h@instapay");
    await rejecting.getByRole("button", { name: t.admin.reject }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByRole("button", { name: t.admin.confirmReject }).click();
    await dialog.getByText(errorMessage("empty-invoice-note")).waitFor();
    await dialog
      .getByLabel(t.admin.rejectReason)
      .fill("عنوان إنستاباي غير مفعّل، أرسل طلبًا جديدًا بعنوان صحيح");
    await screenshot(admin, "admin-invoices-reject-dialog");
    await dialog.getByRole("button", { name: t.admin.confirmReject }).click();
    await rejecting.getByText(t.statuses[4]!).waitFor();

    // Both decisions reach the tutor's open page.
    await bankRequest.getByText(t.statuses[2]!).waitFor();
    await instapay.getByText(t.statuses[4]!).waitFor();
    await instapay.getByText("عنوان إنستاباي غير مفعّل", { exact: false }).waitFor();
    await screenshot(tutor, "invoices-decided-360");
    await tutor.context().close();
    await admin.context().close();
  });

  it("a tutor keeps withdraw methods: makes one the default, edits, deletes, adds, and requests to the default in one step", async () => {
    const tutor = await newPage(browser);
    await signIn(tutor, "tutor@dars.test", "/t/dashboard");
    await tutor.goto("/invoices");
    const kept = (text: string) => tutor.locator("[data-withdraw-method]").filter({ hasText: text });
    // Kept by the requests above: the wallet, the bank account and the Instapay address.
    await kept("01012345678").getByText(t.saved.default, { exact: true }).waitFor();
    await kept("1234567890").waitFor();
    await kept("mahmoud@instapay").waitFor();

    await kept("1234567890").getByRole("button", { name: t.saved.makeDefault }).click();
    await kept("1234567890").getByText(t.saved.default, { exact: true }).waitFor();
    await expect.poll(() => kept("01012345678").getByText(t.saved.default, { exact: true }).count()).toBe(0);

    await kept("mahmoud@instapay").getByRole("button", { name: t.saved.edit }).click();
    const edit = tutor.getByRole("dialog");
    await edit.getByLabel(t.username).fill("mahmoud_h@instapay");
    await edit.getByRole("button", { name: t.saved.save }).click();
    await kept("mahmoud_h@instapay").waitFor();

    await kept("01012345678").getByRole("button", { name: t.saved.remove }).click();
    await tutor.getByRole("dialog").getByRole("button", { name: t.saved.confirmRemove }).click();
    await expect.poll(() => kept("01012345678").count()).toBe(0);

    await tutor.getByRole("button", { name: t.saved.add }).click();
    const add = tutor.getByRole("dialog");
    await add.getByLabel(t.phone).fill("01112345678");
    await add.getByLabel(t.receiver).fill("محمود حسن");
    await add.getByRole("button", { name: t.saved.save }).click();
    await kept("01112345678").waitFor();
    await expectNoAxeViolations(tutor, "/invoices (saved withdraw methods)");
    await screenshot(tutor, "invoices-saved-methods-1280");

    // After a reload the form starts on the new default: the amount is all it needs.
    await tutor.reload();
    expect(await tutor.getByRole("radio", { name: "1234567890" }).isChecked()).toBe(true);
    await field(tutor, t.amount).fill("100");
    await tutor.getByRole("button", { name: t.submit }).click();
    const request = tutor.locator("[data-invoice]").first();
    await request.getByText(t.statuses[0]!).waitFor();
    await expect.poll(() => request.textContent()).toContain("1234567890");
    await tutor.setViewportSize({ width: 360, height: 800 });
    await kept("01112345678").scrollIntoViewIfNeeded();
    await screenshot(tutor, "invoices-saved-methods-360");
    await tutor.context().close();
  });

  it("a tutor asks to change a waiting request's amount and wallet; an admin approves the update, then refuses a second one", async () => {
    const tutor = await newPage(browser);
    await signIn(tutor, "tutor@dars.test", "/t/dashboard");
    await tutor.goto("/invoices");
    const summary = tutor.getByTestId("earnings-summary");
    const figure = (label: string) =>
      summary.locator("div", { has: tutor.getByText(label, { exact: true }) }).locator("dd");
    // 600 earned − 150 paid − 100 waiting (the request above).
    await expect.poll(() => figure(t.withdrawable).textContent()).toBe(formatMoney(35_000));
    await field(tutor, t.amount).fill("100");
    await tutor.getByRole("button", { name: t.submit }).click();
    await expect.poll(() => figure(t.withdrawable).textContent()).toBe(formatMoney(25_000));
    const created = tutor.locator("[data-invoice]").first();
    const id = await created.getAttribute("data-invoice");
    const request = tutor.locator(`[data-invoice="${id}"]`);
    await request.getByText(t.statuses[0]!).waitFor();

    await request.getByRole("button", { name: t.edit }).click();
    const edit = tutor.getByRole("dialog");
    await edit.getByText(t.editNotice).waitFor();
    // More than the balance allows is refused before anything is sent (250 left + 100 held).
    await edit.getByLabel(t.amount).fill("351");
    await edit.getByLabel(t.methods[0]!, { exact: true }).check();
    await edit.getByLabel(t.phone).fill("01112345678");
    await edit.getByRole("button", { name: t.saveChanges }).click();
    await edit.getByText(errorMessage("insufficient-balance")).waitFor();
    await edit.getByLabel(t.amount).fill("130");
    await expectNoAxeViolations(tutor, "/invoices (edit a waiting request)");
    await edit.getByRole("button", { name: t.saveChanges }).click();
    await request.getByText(t.statuses[5]!).waitFor();
    const comparison = request.locator("[data-update-request]");
    await expect.poll(() => comparison.textContent()).toContain(formatMoney(13_000));
    expect(await comparison.textContent()).toContain(formatMoney(10_000));
    expect(await comparison.textContent()).toContain("01112345678");
    expect(await comparison.textContent()).toContain("1234567890");
    // The balance holds the larger amount while the update waits.
    await expect.poll(() => figure(t.withdrawable).textContent()).toBe(formatMoney(22_000));
    await expectNoAxeViolations(tutor, "/invoices (update requested)");
    await request.scrollIntoViewIfNeeded();
    await screenshot(tutor, "invoices-update-requested-1280");

    const admin = await newPage(browser);
    await signIn(admin, "admin@dars.test", "/admin");
    await admin.goto("/admin/invoices");
    const row = admin.locator(`[data-invoice="${id}"]`);
    await row.getByText(t.statuses[5]!).waitFor();
    await expect.poll(() => row.textContent()).toContain(t.update.proposedLabel);
    // Staff settle the update before paying: the approve and reject buttons wait.
    expect(await row.getByRole("button", { name: t.admin.approve }).count()).toBe(0);
    await expectNoAxeViolations(admin, "/admin/invoices (update requested)");
    await screenshot(admin, "admin-invoices-update-requested-1280");
    await row.getByRole("button", { name: t.admin.reviewUpdate }).click();
    const review = admin.getByRole("dialog");
    await review.getByRole("table", { name: t.update.caption }).waitFor();
    await expectNoAxeViolations(admin, "/admin/invoices (review an update)");
    await screenshot(admin, "admin-invoices-review-update-1280");
    await review.getByRole("button", { name: t.admin.approveUpdate }).click();
    await row.getByText(t.statuses[0]!).waitFor();
    await expect.poll(() => row.textContent()).toContain("01112345678");
    expect(await row.textContent()).toContain(formatMoney(13_000));

    // The tutor's open page follows: the new values are in force.
    await request.getByText(t.statuses[0]!).waitFor();
    await expect.poll(() => request.textContent()).toContain("01112345678");
    expect(await request.locator("[data-update-request]").count()).toBe(0);
    await expect.poll(() => figure(t.withdrawable).textContent()).toBe(formatMoney(22_000));

    // A second update, refused at 360 px: the values in force stay, the reason is shown.
    await tutor.setViewportSize({ width: 360, height: 800 });
    await admin.setViewportSize({ width: 360, height: 800 });
    await request.getByRole("button", { name: t.edit }).click();
    await tutor.getByRole("dialog").getByLabel(t.amount).fill("140");
    await tutor.getByRole("dialog").getByRole("button", { name: t.saveChanges }).click();
    await request.getByText(t.statuses[5]!).waitFor();
    await expectNoAxeViolations(tutor, "/invoices (update requested, 360)");
    await request.scrollIntoViewIfNeeded();
    await screenshot(tutor, "invoices-update-requested-360");
    await row.getByText(t.statuses[5]!).waitFor();
    await row.getByRole("button", { name: t.admin.reviewUpdate }).click();
    await review.getByLabel(t.admin.refuseReason).fill("اتفقنا على ١٣٠ جنيه بس");
    await expectNoAxeViolations(admin, "/admin/invoices (review an update, 360)");
    await screenshot(admin, "admin-invoices-review-update-360");
    await review.getByRole("button", { name: t.admin.refuseUpdate }).click();
    await row.getByText(t.statuses[0]!).waitFor();
    await request.getByText(t.statuses[0]!).waitFor();
    await request.getByText("اتفقنا على ١٣٠ جنيه بس").waitFor();
    expect(await request.textContent()).toContain(formatMoney(13_000));
    await screenshot(tutor, "invoices-update-refused-360");
    await screenshot(admin, "admin-invoices-update-refused-360");
    await tutor.context().close();
    await admin.context().close();
  });
});
