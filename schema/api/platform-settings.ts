import type { z } from "zod";
import { withdrawSettingsRule } from "../rules";

/**
 * PUT /platform-settings/withdrawals (SuperAdmin) — the withdrawal request limits in piasters.
 * Codes: non-positive-min-withdraw, non-positive-max-withdraw, min-withdraw-above-max.
 */
export const withdrawSettingsBody = withdrawSettingsRule;
export type WithdrawSettings = z.output<typeof withdrawSettingsRule>;

/** GET /platform-settings (admins) — the operator-changeable settings as they now apply. */
export type PlatformSettingsView = {
  withdrawals: WithdrawSettings & {
    /** When an admin last changed them (null: the defaults of docs/business-rules.md). */
    updatedAt: string | null;
    updatedBy: number | null;
  };
};
