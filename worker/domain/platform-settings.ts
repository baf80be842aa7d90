/**
 * Operator-changeable settings stored in platform_settings (key → JSON value); a missing or
 * unreadable key means the default of worker/domain/settings.ts (docs/business-rules.md).
 * Today: the withdrawal request limits ("withdrawals").
 */
import { eq, sql } from "drizzle-orm";
import type { PlatformSettingsView, WithdrawSettings } from "../../schema/api/platform-settings";
import { platformSettings } from "../../schema/db";
import { withdrawSettingsRule } from "../../schema/rules";
import type { Db } from "../http/context";
import { withAudit, type AuditActor } from "./audit";
import { settings } from "./settings";

const WITHDRAWALS = "withdrawals";

export const defaultWithdrawSettings: WithdrawSettings = {
  minInvoiceAmount: settings.withdrawals.minAmount,
  maxInvoiceAmount: settings.withdrawals.maxAmount,
};

/** The stored withdrawals setting, or null when missing or unreadable (then the defaults apply). */
export function parseWithdrawals(value: string | null | undefined): WithdrawSettings | null {
  if (value === null) return null;
  if (value === undefined) return null;
  try {
    const checked = withdrawSettingsRule.safeParse(JSON.parse(value));
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

/** The limits in force from the stored value (see withdrawalsSettingSql). */
export function withdrawLimitsFrom(value: string | null | undefined): { min: number; max: number } {
  const limits = parseWithdrawals(value) ?? defaultWithdrawSettings;
  return { min: limits.minInvoiceAmount, max: limits.maxInvoiceAmount };
}

/** The stored withdrawals setting as a scalar subquery, so a statement reads it in the same trip. */
export const withdrawalsSettingSql = sql`(SELECT ps.value FROM platform_settings ps WHERE ps.key = ${WITHDRAWALS})`;

/** The withdrawal limits in force (one read). */
export async function withdrawLimits(db: Db): Promise<{ min: number; max: number }> {
  const [row] = await db.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, WITHDRAWALS)).limit(1);
  return withdrawLimitsFrom(row?.value);
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
export async function saveWithdrawSettings(db: Db, limits: WithdrawSettings, userId: number, now = new Date(), actor?: AuditActor): Promise<PlatformSettingsView> {
  const after = { minInvoiceAmount: limits.minInvoiceAmount, maxInvoiceAmount: limits.maxInvoiceAmount };
  const value = JSON.stringify(after);
  const at = now.toISOString();
  const before = actor ? (await readPlatformSettings(db)).withdrawals : null;
  const upsert = db
    .insert(platformSettings)
    .values({ key: WITHDRAWALS, value, updatedBy: userId, updatedAt: at })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value: sql`excluded.value`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` } });
  const entry = {
    action: "settings.update" as const,
    targetType: "settings",
    targetId: WITHDRAWALS,
    before: before ? { minInvoiceAmount: before.minInvoiceAmount, maxInvoiceAmount: before.maxInvoiceAmount } : undefined,
    after,
  };
  await withAudit(db, upsert, actor, entry, now);
  return { withdrawals: { ...limits, updatedAt: at, updatedBy: userId } };
}
