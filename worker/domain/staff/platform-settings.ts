/**
 * Operator-changeable settings stored in platform_settings (key → JSON value); a missing or
 * unreadable key means the default of worker/core/settings.ts (docs/rules.md).
 * Today: the withdrawal request limits ("withdrawals"), the business numbers ("business": lesson
 * price, tutor rate, trial length, cancel window, refund fee; defaults in schema/pricing.ts) and the
 * public messaging links ("links": the notifications channel and the tutors' group; unset = null).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import {
  platformLinksBody,
  type BusinessSettingsChange,
  type PlatformLinks,
  type PlatformSettingsView,
  type WithdrawSettings,
} from "../../../schema/api/platform-settings";
import { auditLog, platformSettings, users } from "../../../schema/db";
import { defaultBusinessSettings, type BusinessSettings, type DeletionGrace } from "../../../schema/pricing";
import { businessSettingsRule, withdrawSettingsRule } from "../../../schema/rules";
import type { Db } from "../../core/context";
import { withAudit, type AuditActor } from "./audit";
import { settings } from "../../core/settings";
import { BoundedCache } from "../../core/bounded-cache";
import { d1, statement } from "../../core/db";
import {
  bumpSharedVersion,
  observeSharedVersions,
  parseSharedVersions,
  recentSharedVersions,
  sharedVersionsSql,
  versionOf,
} from "../../core/shared-versions";

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
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, WITHDRAWALS))
    .limit(1);
  return withdrawLimitsFrom(row?.value);
}

// ---------------------------------------------------------------------------------------------
// Business numbers

const BUSINESS = "business";

/** The stored business numbers, or null when missing or unreadable (then the defaults apply). */
export function parseBusiness(value: string | null | undefined): BusinessSettings | null {
  if (value === null || value === undefined) return null;
  try {
    const checked = businessSettingsRule.safeParse(JSON.parse(value));
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Public messaging links

const LINKS = "links";

export const noLinks: PlatformLinks = { notificationsChannel: null, tutorsGroup: null };

/** The stored links, or null when missing or unreadable (then none is shown). */
export function parseLinks(value: string | null | undefined): PlatformLinks | null {
  if (value === null || value === undefined) return null;
  try {
    const checked = platformLinksBody.safeParse(JSON.parse(value));
    return checked.success ? checked.data : null;
  } catch {
    return null;
  }
}

/** The stored links as a scalar subquery, so a read keeps them in its batch (parse with parseLinks). */
export const linksSettingSql = sql<
  string | null
>`(SELECT ps.value FROM platform_settings ps WHERE ps.key = ${LINKS})`;

/** What the public pages read: the business numbers and the links, one row each. */
type PublicSettings = { business: BusinessSettings; links: PlatformLinks };

/**
 * How long an isolate trusts the business numbers and links it read: they change rarely, so a
 * request reads them from D1 at most once per isolate per 30 seconds (booking keeps its round
 * trips). A save bumps the shared version (worker/core/shared-versions.ts), so every isolate drops
 * its copy at its next signed-in request, and within a second for anything else.
 */
export const businessCacheTtlMs = 30_000;
const businessCache = new BoundedCache<"public", { shared: number; value: PublicSettings }>({
  maxSize: 1,
  ttlMs: businessCacheTtlMs,
});

/** Forgets the cached business numbers and links (after a save; tests that write the table directly). */
export function forgetBusinessSettings(): void {
  businessCache.clear();
}

/** The business numbers and links in force: the cached copy, else one read of both rows. */
async function currentPublicSettings(db: Db, now: number): Promise<PublicSettings> {
  const cached = businessCache.get("public", now);
  // The copy holds while no isolate saved since it was read (the versions this isolate read last).
  if (cached && cached.shared === versionOf(await recentSharedVersions(db, now), SHARED)) return cached.value;
  const [read, versions] = await d1(db).batch([
    statement(db, sql`SELECT key, value FROM platform_settings WHERE key IN (${BUSINESS}, ${LINKS})`),
    statement(db, sql`SELECT ${sharedVersionsSql} AS versions`),
  ]);
  const rows = (read?.results ?? []) as Array<{ key: string; value: string }>;
  const seen = observeSharedVersions(
    parseSharedVersions((versions?.results[0] as { versions: string | null } | undefined)?.versions),
    now,
  );
  const value = {
    business: parseBusiness(rows.find((r) => r.key === BUSINESS)?.value) ?? defaultBusinessSettings,
    links: parseLinks(rows.find((r) => r.key === LINKS)?.value) ?? noLinks,
  };
  return businessCache.set("public", { shared: versionOf(seen, SHARED), value }, { now }).value;
}

/** The shared cache version the business numbers and links go by. */
const SHARED = "business";

/** The business numbers in force: the cached copy, else one read. */
export async function currentBusinessSettings(db: Db, now = Date.now()): Promise<BusinessSettings> {
  return (await currentPublicSettings(db, now)).business;
}

/** The public messaging links in force (null: unset), cached with the business numbers. */
export async function currentPlatformLinks(db: Db, now = Date.now()): Promise<PlatformLinks> {
  return (await currentPublicSettings(db, now)).links;
}

/** The lesson hourly rate in force as a scalar subquery (an order keeps it in the statement that creates it). */
export const businessHourlyRateSql = sql`COALESCE((SELECT json_extract(ps.value, '$.hourlyRate') FROM platform_settings ps WHERE ps.key = ${BUSINESS} AND json_valid(ps.value)), ${defaultBusinessSettings.hourlyRate})`;

const parsedJson = (text: string | null): Partial<BusinessSettings> | null => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as Partial<BusinessSettings>;
  } catch {
    return null;
  }
};

/** The business numbers' changes from the audit log (settings.update on "business"), newest first. */
export async function businessHistory(db: Db, limit = 50): Promise<BusinessSettingsChange[]> {
  const rows = await db
    .select({
      at: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: users.name,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.action, "settings.update"),
        eq(auditLog.targetType, "settings"),
        eq(auditLog.targetId, BUSINESS),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({
    at: row.at,
    actorId: row.actorId,
    actorName: row.actorName ?? null,
    before: parsedJson(row.before),
    after: parsedJson(row.after),
  }));
}

/**
 * Stores one setting under its key in one upsert (the key is the primary key, so two saves never
 * make two rows) with its audit row (before/after) in the same batch. A setting every isolate
 * caches (business numbers, links) bumps the shared version, so the other isolates drop their copy
 * at their next request, and this isolate forgets its own at once.
 */
async function saveSetting(
  db: Db,
  input: {
    key: string;
    before: unknown;
    after: object;
    userId: number;
    actor: AuditActor | undefined;
    shared: boolean;
  },
  now: Date,
): Promise<PlatformSettingsView> {
  const upsert = db
    .insert(platformSettings)
    .values({
      key: input.key,
      value: JSON.stringify(input.after),
      updatedBy: input.userId,
      updatedAt: now.toISOString(),
    })
    .onConflictDoUpdate({
      target: platformSettings.key,
      set: {
        value: sql`excluded.value`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  await withAudit(
    db,
    upsert,
    input.actor,
    {
      action: "settings.update",
      targetType: "settings",
      targetId: input.key,
      before: input.before ?? undefined,
      after: input.after,
    },
    now,
  );
  if (input.shared) {
    await bumpSharedVersion(db, SHARED);
    forgetBusinessSettings();
  }
  return readPlatformSettings(db);
}

/** The stored value of one setting, before a save changes it. */
async function storedValue(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, key))
    .limit(1);
  return row?.value;
}

/** The business numbers, saved with their audit row; every isolate's copy is dropped. */
export async function saveBusinessSettings(
  db: Db,
  numbers: BusinessSettings,
  userId: number,
  now = new Date(),
  actor?: AuditActor,
): Promise<PlatformSettingsView> {
  const after: BusinessSettings = {
    hourlyRate: numbers.hourlyRate,
    tutorHourlyRate: numbers.tutorHourlyRate,
    trialMinutes: numbers.trialMinutes,
    cancelWindowHours: numbers.cancelWindowHours,
    refundFeeBasisPoints: numbers.refundFeeBasisPoints,
  };
  const before = parseBusiness(await storedValue(db, BUSINESS)) ?? defaultBusinessSettings;
  // The deletion grace period stays as it was when the save does not name it.
  const grace = (numbers as DeletionGrace).deletionGraceDays ?? (before as DeletionGrace).deletionGraceDays;
  if (grace !== undefined) (after as DeletionGrace).deletionGraceDays = grace;
  return saveSetting(db, { key: BUSINESS, before, after, userId, actor, shared: true }, now);
}

export async function readPlatformSettings(db: Db): Promise<PlatformSettingsView> {
  const [rows, history] = await Promise.all([db.select().from(platformSettings), businessHistory(db)]);
  const row = rows.find((r) => r.key === WITHDRAWALS);
  const stored = parseWithdrawals(row?.value);
  const businessRow = rows.find((r) => r.key === BUSINESS);
  const business = parseBusiness(businessRow?.value);
  const linksRow = rows.find((r) => r.key === LINKS);
  const links = parseLinks(linksRow?.value);
  return {
    withdrawals: stored
      ? { ...stored, updatedAt: row!.updatedAt, updatedBy: row!.updatedBy }
      : { ...defaultWithdrawSettings, updatedAt: null, updatedBy: null },
    business: business
      ? { ...business, updatedAt: businessRow!.updatedAt, updatedBy: businessRow!.updatedBy, history }
      : { ...defaultBusinessSettings, updatedAt: null, updatedBy: null, history },
    links: links
      ? { ...links, updatedAt: linksRow!.updatedAt, updatedBy: linksRow!.updatedBy }
      : { ...noLinks, updatedAt: null, updatedBy: null },
  };
}

/** The public links (footer, tutors' group), saved with their audit row; every isolate's copy is dropped. */
export async function savePlatformLinks(
  db: Db,
  links: PlatformLinks,
  userId: number,
  now = new Date(),
  actor?: AuditActor,
): Promise<PlatformSettingsView> {
  const after: PlatformLinks = {
    notificationsChannel: links.notificationsChannel,
    tutorsGroup: links.tutorsGroup,
  };
  const before = parseLinks(await storedValue(db, LINKS)) ?? noLinks;
  return saveSetting(db, { key: LINKS, before, after, userId, actor, shared: true }, now);
}

/** The withdrawal limits, saved with their audit row (read where a request is made, not cached). */
export async function saveWithdrawSettings(
  db: Db,
  limits: WithdrawSettings,
  userId: number,
  now = new Date(),
  actor?: AuditActor,
): Promise<PlatformSettingsView> {
  const after = { minInvoiceAmount: limits.minInvoiceAmount, maxInvoiceAmount: limits.maxInvoiceAmount };
  const before = actor ? (await readPlatformSettings(db)).withdrawals : null;
  return saveSetting(
    db,
    {
      key: WITHDRAWALS,
      before: before
        ? { minInvoiceAmount: before.minInvoiceAmount, maxInvoiceAmount: before.maxInvoiceAmount }
        : undefined,
      after,
      userId,
      actor,
      shared: false,
    },
    now,
  );
}
