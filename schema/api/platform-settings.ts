import type { z } from "zod";
import type { BusinessSettings } from "../pricing";
import { businessSettingsRule, withdrawSettingsRule } from "../rules";

/**
 * PUT /platform-settings/withdrawals (SuperAdmin) — the withdrawal request limits in piasters.
 * Codes: non-positive-min-withdraw, non-positive-max-withdraw, min-withdraw-above-max.
 */
export const withdrawSettingsBody = withdrawSettingsRule;
export type WithdrawSettings = z.output<typeof withdrawSettingsRule>;

/**
 * PUT /platform-settings/business (SuperAdmin) — the lesson hourly price and the tutor's hourly
 * rate (piasters), the trial length in minutes (0 off, 15, 30), the cancel window in hours (0–48)
 * and the refund fee in basis points. Codes: non-positive-lesson-rate, non-positive-tutor-rate,
 * tutor-rate-above-lesson-rate, invalid-trial-minutes, invalid-cancel-window, invalid-refund-fee.
 */
export const businessSettingsBody = businessSettingsRule;
export type { BusinessSettings };

/** One change of the business numbers, read from the audit log (settings.update, key "business"). */
export type BusinessSettingsChange = {
  at: string;
  actorId: number | null;
  actorName: string | null;
  before: Partial<BusinessSettings> | null;
  after: Partial<BusinessSettings> | null;
};

/** GET /platform-settings (admins) — the operator-changeable settings as they now apply. */
export type PlatformSettingsView = {
  withdrawals: WithdrawSettings & {
    /** When an admin last changed them (null: the defaults of docs/rules.md). */
    updatedAt: string | null;
    updatedBy: number | null;
  };
  business: BusinessSettings & {
    /** When an admin last changed them (null: the defaults of schema/pricing.ts). */
    updatedAt: string | null;
    updatedBy: number | null;
    /** The changes, newest first (at most 50). */
    history: BusinessSettingsChange[];
  };
};
