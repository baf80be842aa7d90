import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { withdrawLimits } from "../../worker/domain/staff/platform-settings";
import { settings } from "../../worker/core/settings";
import { createUser, db } from "./factories-lessons";
import { call, callContract } from "./helpers";
import { requestWithdrawal, tutorWithEarnings, wallet } from "./factories-invoices";
import { platformSettingsContracts } from "../../schema/api/platform-settings";
import { invoiceContracts } from "../../schema/api/invoice";

const put = (token: string, body: unknown) =>
  call("PUT", "/api/v1/platform-settings/withdrawals", { token, body });
const stored = () =>
  env.DB.prepare("SELECT key, value, updated_by AS updatedBy FROM platform_settings").all<{
    key: string;
    value: string;
    updatedBy: number;
  }>();

// One storage per file, but the tests share it: each starts from the defaults.
async function reset() {
  await env.DB.prepare("DELETE FROM platform_settings").run();
}

describe("platform settings: withdrawal limits", () => {
  it("answers the business-rules defaults while nothing is stored", async () => {
    await reset();
    const admin = await createUser(Role.RegularAdmin);
    const response = await callContract(platformSettingsContracts.get, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.withdrawals).toEqual({
      minInvoiceAmount: settings.withdrawals.minAmount,
      maxInvoiceAmount: settings.withdrawals.maxAmount,
      updatedAt: null,
      updatedBy: null,
    });
    expect(await withdrawLimits(db())).toEqual({ min: 10_000, max: 5_000_000 });
  });

  it("lets a SuperAdmin change them, records who did, and keeps one row", async () => {
    await reset();
    const admin = await createUser(Role.SuperAdmin);
    expect((await put(admin.token, { minInvoiceAmount: 20_000, maxInvoiceAmount: 1_000_000 })).status).toBe(
      200,
    );
    const response = await put(admin.token, { minInvoiceAmount: 30_000, maxInvoiceAmount: 2_000_000 });
    expect(response.body.withdrawals).toMatchObject({
      minInvoiceAmount: 30_000,
      maxInvoiceAmount: 2_000_000,
      updatedBy: admin.id,
    });
    const rows = (await stored()).results;
    expect(rows).toEqual([
      {
        key: "withdrawals",
        value: JSON.stringify({ minInvoiceAmount: 30_000, maxInvoiceAmount: 2_000_000 }),
        updatedBy: admin.id,
      },
    ]);
    expect(await withdrawLimits(db())).toEqual({ min: 30_000, max: 2_000_000 });
    const read = await callContract(platformSettingsContracts.get, { token: admin.token });
    expect(read.body.withdrawals).toMatchObject({
      minInvoiceAmount: 30_000,
      maxInvoiceAmount: 2_000_000,
      updatedBy: admin.id,
    });
  });

  it("refuses a minimum above the maximum with min-withdraw-above-max, storing nothing", async () => {
    await reset();
    const admin = await createUser(Role.SuperAdmin);
    const response = await put(admin.token, { minInvoiceAmount: 50_000, maxInvoiceAmount: 40_000 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: "min-withdraw-above-max",
      fields: { minInvoiceAmount: "min-withdraw-above-max" },
    });
    expect((await stored()).results).toEqual([]);
  });

  it("refuses a zero or negative limit with its own code", async () => {
    const admin = await createUser(Role.SuperAdmin);
    expect((await put(admin.token, { minInvoiceAmount: 0, maxInvoiceAmount: 40_000 })).body.code).toBe(
      "non-positive-min-withdraw",
    );
    expect((await put(admin.token, { minInvoiceAmount: 100, maxInvoiceAmount: -5 })).body.code).toBe(
      "non-positive-max-withdraw",
    );
  });

  it("falls back to the defaults when the stored value is unreadable", async () => {
    await reset();
    await env.DB.prepare(
      "INSERT INTO platform_settings (key, value, updated_at) VALUES ('withdrawals', '{oops', ?)",
    )
      .bind(new Date().toISOString())
      .run();
    expect(await withdrawLimits(db())).toEqual({
      min: settings.withdrawals.minAmount,
      max: settings.withdrawals.maxAmount,
    });
  });

  it("lets a regular admin read but not write", async () => {
    const admin = await createUser(Role.RegularAdmin);
    const response = await put(admin.token, { minInvoiceAmount: 20_000, maxInvoiceAmount: 1_000_000 });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("forbidden");
    const tutor = await createUser(Role.Tutor);
    expect((await callContract(platformSettingsContracts.get, { token: tutor.token })).status).toBe(403);
  });
});

describe("withdrawal requests follow the limits in force", () => {
  it("refuses below a raised minimum and accepts above the default maximum once it is raised", async () => {
    await reset();
    const superAdmin = await createUser(Role.SuperAdmin);
    const tutor = await tutorWithEarnings(10_000_000);
    expect(
      (await put(superAdmin.token, { minInvoiceAmount: 50_000, maxInvoiceAmount: 8_000_000 })).status,
    ).toBe(200);

    const low = await requestWithdrawal(tutor, wallet(40_000));
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({
      code: "min-invoice-amount-subceeded",
      fields: { amount: "min-invoice-amount-subceeded" },
    });
    const high = await requestWithdrawal(tutor, wallet(8_000_100));
    expect(high.body).toMatchObject({
      code: "max-invoice-amount-exceeded",
      fields: { amount: "max-invoice-amount-exceeded" },
    });
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM invoices WHERE user_id = ?")
      .bind(tutor.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);

    // 60,000 EGP is above the default 50,000 but inside the raised limit.
    const accepted = await requestWithdrawal(tutor, wallet(6_000_000));
    expect(accepted.status).toBe(201);
    const stats = await callContract(invoiceContracts.stats, {
      params: { id: tutor.id },
      token: tutor.token,
    });
    expect(stats.body).toMatchObject({ minAmount: 50_000, maxAmount: 8_000_000, pending: 6_000_000 });
  });

  it("keeps the default limits while nothing is stored", async () => {
    await reset();
    const tutor = await tutorWithEarnings(10_000_000);
    expect((await requestWithdrawal(tutor, wallet(5_000_100))).body.code).toBe("max-invoice-amount-exceeded");
    expect((await requestWithdrawal(tutor, wallet(9_999))).body.code).toBe("min-invoice-amount-subceeded");
    expect((await requestWithdrawal(tutor, wallet(10_000))).status).toBe(201);
  });
});
