import { planPeriodMonths, type PlanPeriod } from "./enums";
import { HOUR_MS, MINUTE_MS } from "./time";

/** What pricing needs of a plan: the monthly base in piasters and each period's discount in basis points. */
export type PricedPlan = {
  baseMonthPrice: number;
  monthDiscount: number;
  quarterDiscount: number;
  yearDiscount: number;
};

/** The discount of a period, in basis points (1000 = 10 %). */
export const discountOf = (plan: PricedPlan, period: PlanPeriod): number =>
  period === 0 ? plan.monthDiscount : period === 1 ? plan.quarterDiscount : plan.yearDiscount;

/**
 * The price of a plan for a period, in piasters: floor(base × months × (1 − discount)), with the
 * discount in basis points. Integer arithmetic, so no float rounding creeps in. Shared by the
 * Worker (what is charged) and the SPA (what is shown).
 */
export function periodPrice(plan: PricedPlan, period: PlanPeriod): number {
  const months = planPeriodMonths[period];
  return Math.floor((plan.baseMonthPrice * months * (10_000 - discountOf(plan, period))) / 10_000);
}

/**
 * The lesson rates, in piasters per hour: what a student's lesson minute is worth (255 EGP an
 * hour) and what a tutor earns per fulfilled hour (150 EGP). Read only through lessonRates(), so
 * making them operator-set (platform settings) changes this one accessor.
 */
const defaultLessonRates = { hourlyRate: 25_500, tutorHourlyRate: 15_000 } as const;
export type LessonRates = { hourlyRate: number; tutorHourlyRate: number };
export const lessonRates = (): LessonRates => defaultLessonRates;

/**
 * The business numbers a SuperAdmin sets in platform settings (PUT /platform-settings/business),
 * with these defaults while none is stored: the two hourly rates (piasters), the free trial's
 * length (0 = no trial, else 15 or 30 minutes), the cancel window in hours and the refund fee
 * (basis points, at most maxRefundFeeBasisPoints of schema/refund.ts). A change applies to what is
 * booked, cancelled or refunded after it: a lesson keeps the price and earnings stored at booking.
 */
export type BusinessSettings = {
  hourlyRate: number;
  tutorHourlyRate: number;
  trialMinutes: number;
  cancelWindowHours: number;
  refundFeeBasisPoints: number;
};
/**
 * Days between an account deletion request and its erasure, 0–30 (docs/rules.md, "Your data:
 * deletion"): stored with the business numbers, optional there (numbers saved before it, and the
 * admin form that does not show it, keep the one in force).
 */
export type DeletionGrace = { deletionGraceDays?: number };
/** The deletion grace period when the operator has not set one. */
export const DEFAULT_DELETION_GRACE_DAYS = 14;
export const defaultBusinessSettings: BusinessSettings = {
  hourlyRate: defaultLessonRates.hourlyRate,
  tutorHourlyRate: defaultLessonRates.tutorHourlyRate,
  trialMinutes: 15,
  cancelWindowHours: 6,
  refundFeeBasisPoints: 0,
};
/** The cancel window of a set of business numbers, in milliseconds. */
export const cancelWindowMsOf = (business: Pick<BusinessSettings, "cancelWindowHours">): number =>
  business.cancelWindowHours * HOUR_MS;

/** A lesson's price for a duration in minutes, in piasters (what its minutes are worth). */
export const lessonPriceFor = (minutes: number, rates: LessonRates = lessonRates()): number =>
  Math.round((minutes * rates.hourlyRate) / 60);

/**
 * The lesson rules a screen must know to offer only what will succeed: either member may cancel
 * or move a lesson until 6 hours before its start; a student without a plan has one free 15-minute
 * trial; the room opens 10 minutes before the start; a student may report the tutor absent from
 * 3 minutes after the start; starts sit on a 15-minute grid. The cancel
 * window and the trial here are the defaults only: the ones in force are the operator's
 * (BusinessSettings above; the Worker's currentBusinessSettings, the SPA's useBusinessNumbers).
 */
export const lessonRules = {
  cancelWindowMs: 6 * HOUR_MS,
  trial: { enabled: true, minutes: 15 },
  roomOpensBeforeMs: 10 * MINUTE_MS,
  absenceReportAfterMs: 3 * MINUTE_MS,
  gridMinutes: 15,
} as const;

/** The grid in milliseconds: lesson starts and availability slot boundaries are multiples of it. */
export const GRID_MS = lessonRules.gridMinutes * MINUTE_MS;
