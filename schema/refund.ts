import { z } from "zod";
/**
 * The refund for cancelling a subscription (docs/rules.md, Plans and subscriptions): what was paid, less
 * the minutes consumed — the whole weeks elapsed at the full weekly minutes plus the minutes used
 * so far this week — valued at the lesson hourly rate, less the provider's fee. Never negative.
 * Piasters. Shared by the Worker (what is refunded) and the SPA (what the student is shown before
 * confirming), so the two can never disagree.
 *
 * Worked examples (hourly rate 255 EGP = 425 piasters a minute):
 * - 500 EGP paid, 30 weekly minutes, one whole week elapsed, 15 minutes used this week:
 *   45 minutes × 425 = 19,125 consumed → 30,875 refunded.
 * - the same with nothing used yet and a 2.5 % fee (250 basis points): 50,000 × 0.975 = 48,750.
 * - 100 EGP paid, 120 weekly minutes, one week elapsed: 51,000 consumed > paid → 0 (uncancellable).
 */
export const refundInputs = z.object({
  /** Piasters paid for the subscription. */
  amount: z.number(),
  weeklyMinutes: z.number(),
  /** Whole subscription weeks already over. */
  weeksElapsed: z.number(),
  /** Minutes of this week's lessons that started before now (future ones are cancelled with it). */
  usedThisWeek: z.number(),
  /** Piasters per lesson hour. */
  hourlyRate: z.number(),
  /** The provider's fee on a refund, basis points. */
  feeBasisPoints: z.number(),
});
export type RefundInputs = z.output<typeof refundInputs>;

/** The highest refund fee an operator may set, basis points (10 %): the rest is the student's. */
export const maxRefundFeeBasisPoints = 1_000;

export function refundAmount(input: RefundInputs): number {
  const consumedMinutes = input.weeksElapsed * input.weeklyMinutes + input.usedThisWeek;
  const consumed = Math.ceil((consumedMinutes * input.hourlyRate) / 60);
  const gross = Math.max(0, input.amount - consumed);
  return Math.floor((gross * (10_000 - input.feeBasisPoints)) / 10_000);
}
