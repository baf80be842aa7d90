/**
 * Operator-changeable settings stored in platform_settings (key → JSON value); a missing or
 * unreadable key means the default of worker/domain/settings.ts (business-rules.md).
 * Today: the withdrawal request limits ("withdrawals").
 */
import { eq, sql } from "drizzle-orm";
import type { PlatformSettingsView, WithdrawSettings } from "../../schema/api/platform-settings";
import { platformSettings } from "../../schema/db";
import { withdrawSettingsRule } from "../../schema/rules";
import type { Db } from "../http/context";
import { settings } from "./settings";

const WITHDRAWALS = "withdrawals";

export const defaultWithdrawSettings: WithdrawSettings = {
  minInvoiceAmount: settings.withdrawals.minAmount,
  maxInvoiceAmount: settings.withdrawals.maxAmount,
};

function parseWithdrawals(value: string | undefined): WithdrawSettings | null {
  if (value === undefined) return null;
  try {
    const checked = withdrawSettingsRule.safeParse(JSON.parse(value));
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

/** The withdrawal limits in force (one read). For the invoice routes: invoiceAmountRuleWithin({ min, max }). */
export async function withdrawLimits(db: Db): Promise<{ min: number; max: number }> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, WITHDRAWALS)).limit(1);
  const limits = parseWithdrawals(row?.value) ?? defaultWithdrawSettings;
  return { min: limits.minInvoiceAmount, max: limits.maxInvoiceAmount };
}

export async function readPlatformSettings(db: Db): Promise<PlatformSettingsView> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.key, WITHDRAWALS)).limit(1);
  const stored = parseWithdrawals(row?.value);
  return {
    withdrawals: stored
      ? { ...stored, updatedAt: row!.updatedAt, updatedBy: row!.updatedBy }
      : { ...defaultWithdrawSettings, updatedAt: null, updatedBy: null },
  };
}

/** One upsert: the key is the primary key, so two saves never make two rows. */
export async function saveWithdrawSettings(db: Db, limits: WithdrawSettings, userId: number, now = new Date()): Promise<PlatformSettingsView> {
  const value = JSON.stringify({ minInvoiceAmount: limits.minInvoiceAmount, maxInvoiceAmount: limits.maxInvoiceAmount });
  const at = now.toISOString();
  await db
    .insert(platformSettings)
    .values({ key: WITHDRAWALS, value, updatedBy: userId, updatedAt: at })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` } });
  return { withdrawals: { ...limits, updatedAt: at, updatedBy: userId } };
}
