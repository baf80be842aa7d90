import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { money } from "../../web/src/i18n/ar-EG-money";
import { signatures } from "../../worker/integrations/fawry";
import { LOCAL_FAWRY } from "../../worker/integrations/local-accounts";
import {
  ARTEFACTS,
  baseUrl,
  cheapestPlan,
  newVerifiedStudent,
  expectNoAxeViolations,
  field,
  launch,
  newPage,
  screenshot,
  signIn,
} from "./browser";

const PASSWORD = "Refund#2026";
const p = ar.payments;
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const egp = (piasters: number) =>
  new Intl.NumberFormat("ar-EG", {
    style: "currency",
    currency: "EGP",
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  })
    .format(piasters / 100)
    .replace(/\s/g, "");

describe("money goes back (cancel → refund → receipts)", () => {
  it("a student pays at an outlet, cancels from /payments after seeing the refund, sees it Refunded and downloads both receipts", async () => {
    const page = await newPage(browser);
    await newVerifiedStudent(page, "هالة سمير", PASSWORD, "e2e-refund");
    const plan = await cheapestPlan();

    // Buy by reference number, paid at an outlet through the sandbox.
    await page.goto(`/checkout/${plan.id}/0`);
    await page.getByRole("tab", { name: p.methods[3] }).click();
    await page.getByRole("button", { name: p.reference.start }).click();
    const reference = (await page.getByTestId("reference-number").textContent())?.trim() ?? "";
    expect(
      (await fetch(`${baseUrl()}/api/v1/dev/fawry/__emu/pay/${reference}`, { method: "POST" })).status,
    ).toBe(200);
    await page.getByRole("heading", { name: p.paid.title }).waitFor({ timeout: 15_000 });

    // /payments: cancel, with the refund shown first (nothing used yet: everything back).
    await page.goto("/payments");
    await page.getByTestId("current-subscription").waitFor();
    await page.getByRole("button", { name: money.cancel.open }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("refund-preview").waitFor();
    expect((await dialog.getByTestId("refund-preview").textContent())?.replace(/\s/g, "")).toBe(
      egp(plan.monthPrice),
    );
    await expectNoAxeViolations(page, "/payments (cancel dialog)");
    await screenshot(page, "payments-cancel-dialog");
    await dialog.getByRole("button", { name: money.cancel.confirm }).click();

    // Told at once, then the transaction shows Refunded with the amount back.
    await page.getByText(money.cancel.doneNoPayment, { exact: false }).waitFor();
    const row = page.locator("[data-transaction]").first();
    await row.locator(`[data-status="3"]`).waitFor({ timeout: 15_000 });
    await row.getByText(p.statuses[3]).waitFor();
    await expectNoAxeViolations(page, "/payments (refunded)");
    await screenshot(page, "payments-refunded");

    // Receipts: the payment's and the refund's, each downloaded.
    await row.getByRole("button", { name: money.receipts.open }).click();
    const receipts = page.getByRole("dialog");
    await receipts.locator("[data-receipt]").nth(1).waitFor();
    expect(await receipts.locator("[data-receipt]").count()).toBe(2);
    await expectNoAxeViolations(page, "/payments (receipts)");
    await screenshot(page, "payments-receipts");
    // Each receipt prints (and saves as a PDF) from a hidden frame laid out for A4: the frame the
    // button makes is printed here to a PDF the way the print dialog's "Save as PDF" does.
    await page.evaluate(() => {
      // Keeps each frame's page: the frame itself goes a second after printing.
      const kept: string[] = [];
      (window as unknown as { printedReceipts: string[] }).printedReceipts = kept;
      new MutationObserver((changes) =>
        changes.forEach((change) =>
          change.addedNodes.forEach((node) => node instanceof HTMLIFrameElement && kept.push(node.srcdoc)),
        ),
      ).observe(document.body, { childList: true });
    });
    for (const [index, title] of [money.receipts.payment, money.receipts.refund].entries()) {
      const item = receipts.locator("[data-receipt]", { hasText: title });
      const label =
        title === money.receipts.payment ? money.receipts.amountPaid : money.receipts.amountRefunded;
      const amount = await item
        .locator("div", { has: page.locator("dt", { hasText: label }) })
        .locator("dd")
        .innerText();
      await item.getByRole("button", { name: new RegExp(`^${money.receipts.download}`) }).click();
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { printedReceipts: string[] }).printedReceipts.length),
        )
        .toBe(index + 1);
      const html = await page.evaluate(
        (at) => (window as unknown as { printedReceipts: string[] }).printedReceipts[at],
        index,
      );
      expect(html).toContain('dir="rtl"');
      expect(html).toContain("size:A4");
      const sheet = await page.context().newPage();
      await sheet.setContent(html!);
      await sheet.emulateMedia({ media: "print" });
      const printed = await sheet.locator("body").innerText();
      expect(printed).toContain(amount.trim());
      expect(printed).toContain(reference);
      expect(await sheet.title()).toMatch(/^dars-receipt-[PR]-\d{6}$/);
      const pdf = await sheet.pdf({ preferCSSPageSize: true, printBackground: true });
      await sheet.close();
      const text = pdf.toString("latin1");
      expect(text.startsWith("%PDF-")).toBe(true);
      // One A4 page (595 × 842 points).
      expect(text.match(/\/Type\s*\/Page(?!s)/g)?.length).toBe(1);
      expect(text).toMatch(/\/MediaBox\s*\[\s*0\s+0\s+59[45](\.\d+)?\s+84[12](\.\d+)?\s*\]/);
      await writeFile(
        path.join(ARTEFACTS, `receipt-${title === money.receipts.payment ? "payment" : "refund"}.pdf`),
        pdf,
      );
    }
    await page.context().close();
  });

  it("an admin sees what needs attention at /admin/payments and resolves it", async () => {
    // A signed notification for an order we never made: refused, and recorded for admins.
    const base = {
      fawryRefNumber: "700000009",
      merchantRefNumber: `9${Date.now()}`,
      paymentAmount: 500,
      orderAmount: 500,
      orderStatus: "PAID",
      paymentMethod: "PayAtFawry",
    };
    const body = { ...base, messageSignature: await signatures.notification(LOCAL_FAWRY, base) };
    const answer = await fetch(`${baseUrl()}/api/v1/fawry/payment-status`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(404);

    const page = await newPage(browser);
    await signIn(page, "admin@dars.test", "/admin/payments");
    const alarm = page.locator('[data-alarm="unknown-order"]', { hasText: base.merchantRefNumber });
    await alarm.waitFor();
    await expectNoAxeViolations(page, "/admin/payments");
    await screenshot(page, "admin-payments");
    await alarm.getByRole("button", { name: money.admin.resolve }).click();
    const dialog = page.getByRole("dialog");
    await field(dialog, money.admin.note).fill("طلب تجريبي من فوري، مفيش فلوس");
    await expectNoAxeViolations(page, "/admin/payments (resolve)");
    await dialog.getByRole("button", { name: money.admin.save }).click();
    await alarm.waitFor({ state: "detached" });
    await page.context().close();
  });
});
