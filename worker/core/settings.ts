import { lessonRates, lessonRules } from "../../schema/pricing";
import { bounds } from "../../schema/rules";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../../schema/time";

/**
 * Operator-tunable numbers with the defaults of docs/rules.md. One place, so a platform
 * setting can override them later without hunting through the code.
 */
export const settings = {
  verificationCode: {
    lifetimeMs: 15 * MINUTE_MS,
    maxWrongAttempts: 5,
  },
  rateLimits: {
    /** Password sign-in attempts per client address and email. */
    signIn: { limit: 10, windowMs: 15 * MINUTE_MS },
    /** Failed password sign-ins per client address across every account (password spraying). */
    signInAddressFailures: { limit: 20, windowMs: 15 * MINUTE_MS },
    /**
     * Per account, from any address: after `freeFailures` failed sign-ins in a row each next try
     * waits 2^(failures − freeFailures) seconds after the last failure, at most `maxDelaySeconds`
     * (a delay that runs out, never a lock-out others could hold; a success clears it).
     */
    signInAccountDelay: { freeFailures: 5, maxDelaySeconds: 15 * 60, forgetAfterMs: DAY_MS },
    /** Codes sent (email, phone, password) per user or address. */
    codeSend: { limit: 5, windowMs: 15 * MINUTE_MS },
    /** Code confirmations per user or address (on top of the 5 wrong tries per code). */
    codeConfirm: { limit: 20, windowMs: 15 * MINUTE_MS },
    /** Registrations per client address. */
    register: { limit: 20, windowMs: HOUR_MS },
    /** Contact requests per client address (docs/rules.md: 1 per 6 h). */
    contactRequest: { limit: 1, windowMs: 6 * HOUR_MS },
    /** A visitor's consent choices (PUT /consents) per client address. */
    deviceConsent: { limit: 30, windowMs: HOUR_MS },
  },
  avatar: { maxBytes: 8 * 1024 * 1024, types: ["image/jpeg", "image/png", "image/gif"] as const },
  outbox: {
    /** Deliveries of one message: the queue's max_retries (wrangler.toml) is one less. */
    maxAttempts: 5,
    /** A claimed row is someone's to deliver for this long (delivery.ts). */
    leaseMs: 2 * MINUTE_MS,
    /** The cron delivers a pending row only once it is this old (the queue had its chance). */
    cronAfterMs: 10 * MINUTE_MS,
    /** A failed delivery is retried after 30 s, then 60, 120, 240 (capped at 15 minutes). */
    backoff: { firstSeconds: 30, maxSeconds: 15 * 60 },
    /** Messages per second each provider takes, per isolate (Resend, WhatsApp Cloud API, Telegram, docs/services.md; push: outbox rows, each to a person's devices). */
    perSecond: { email: 10, whatsapp: 80, telegram: 30, push: 100 },
  },
  lessons: {
    // The rates, cancel window and trial below are only the defaults: the numbers in force are the
    // operator's (platform settings "business", currentBusinessSettings in ./platform-settings.ts).
    /** What a student's lesson minute is worth: 255 EGP per hour, in piasters. */
    hourlyRate: lessonRates().hourlyRate,
    /** What a tutor earns per fulfilled hour: 150 EGP, in piasters. */
    tutorHourlyRate: lessonRates().tutorHourlyRate,
    /** Either member may cancel until this long before the start. */
    cancelWindowMs: lessonRules.cancelWindowMs,
    /** The single free trial lesson of a student without a subscription. */
    trial: lessonRules.trial,
    /** Reminders go this long before the start (outbox dedupe keys make each go once). */
    reminders: { "1d": DAY_MS, "1h": HOUR_MS },
  },
  /** The reliability figure, users.credit_score (worker/domain/lessons/credit-score.ts, docs/rules.md). */
  creditScore: {
    /** How many of a person's most recent counted lessons it looks at. */
    lessons: 20,
    /** The figure before any lesson counts: a new account has nothing against it. */
    start: 100,
  },
  withdrawals: {
    /** A withdrawal request's amount, piasters: 100..50,000 EGP (docs/product.md §9). */
    minAmount: bounds.invoiceAmount.min,
    maxAmount: bounds.invoiceAmount.max,
    /** What the tutor is told a payout takes (docs/product.md §9). */
    workingDays: { min: 4, max: 5 },
    /** Receipt uploaded with an approval: an image or a PDF up to 8 MB. */
    receipt: {
      maxBytes: bounds.fileBytes.receipt,
      types: ["image/jpeg", "image/png", "image/webp", "image/gif", "application/pdf"] as const,
    },
  },
  subscriptions: {
    /** Provider (Fawry) refund fee deducted from a cancellation refund, basis points (default; the operator's is in platform settings). */
    refundFeeBasisPoints: 0,
  },
} as const;
