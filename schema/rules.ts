/**
 * Every validation rule, shared by the API and the forms (docs/rules.md, Validation bounds).
 *
 * Convention: every issue a rule can raise carries an ErrorCode as its message, type errors
 * included, and a rule raises at most one issue, so a field maps to exactly one code.
 * Numeric rules reject non-integers with `invalid-type` unless the field has its own code.
 */
import { z } from "zod";
import { Bank, WithdrawMethod } from "./enums";
import type { ErrorCode } from "./errors";
import { hasDangerousHtml, htmlToText, sanitizeHtml } from "./html";
import { maxRefundFeeBasisPoints } from "./refund";
import { canonicalTimeZone } from "./time-zones";

const MiB = 1024 * 1024;

/** Every number the rules use. Money in piasters, percentages in basis points. */
export const bounds = {
  email: { max: 50 },
  password: { min: 8, max: 50 },
  userName: { min: 2, max: 30 },
  /** Birth year runs from (this year − oldest) to (this year − youngest). */
  age: { youngest: 10, oldest: 60 },
  bio: { min: 25, max: 60 },
  about: { min: 50, max: 1000 },
  /** Arabic text needs a run of this many Arabic letters or spaces. */
  arabicRun: 5,
  noticeMinutes: { min: 1, max: 1440 },
  interviewText: { min: 5, max: 1000 },
  interviewLevel: { min: 1, max: 5 },
  ratingValue: { min: 1, max: 5 },
  ratingText: { min: 3, max: 1000 },
  /** The one-line reason a tutor gives with a student's CEFR level (schema/learning.ts). */
  levelReason: { min: 3, max: 200 },
  weeklyMinutes: { min: 15, max: 10080 },
  planPrice: { min: 1 },
  planDiscount: { min: 0, max: 10000 },
  couponCode: { min: 3, max: 20 },
  couponDiscount: { min: 100, max: 10000 },
  messageText: { min: 1, max: 1000 },
  invoiceAmount: { min: 10000, max: 5000000 },
  invoiceNote: { min: 1, max: 1000 },
  bankAccountNumber: { min: 6, max: 30 },
  topicName: { min: 3, max: 50 },
  topicsPerUser: 30,
  contactTitle: { min: 5, max: 128 },
  contactMessage: { min: 10, max: 1000 },
  /** A tutor's note on a lesson (docs/rules.md, "Learning after the lesson"): plain text. */
  noteSummary: { min: 3, max: 2000 },
  noteWord: { min: 1, max: 100 },
  noteMeaning: { min: 1, max: 300 },
  noteExample: { max: 300 },
  noteHomework: { max: 2000 },
  noteReply: { min: 1, max: 2000 },
  introVideoSeconds: { min: 60, max: 180 },
  /**
   * An MP4's length is its video track's samples (stts); its headers (mvhd, mdhd, mehd) may differ
   * from the samples by at most this many seconds (`mismatched-video-duration` beyond).
   */
  videoDurationToleranceSeconds: 1,
  /**
   * Every uploaded image's decoded size, read from its own header (PNG IHDR, JPEG SOF, WebP
   * VP8/VP8L/VP8X, GIF screen): each side and the whole picture (`large-image-dimensions`
   * beyond). 50 megapixels admits a 50 MP phone's photo (8160 × 6120) and refuses a small file
   * that declares a bitmap of gigabytes.
   */
  image: { maxSide: 20_000, maxPixels: 50_000_000 },
  verificationCode: { length: 5, validMinutes: 15, maxTries: 5 },
  fileBytes: {
    avatar: 8 * MiB,
    introVideo: 400 * MiB,
    thumbnail: 8 * MiB,
    receipt: 8 * MiB,
    reportScreenshot: 8 * MiB,
    reportLog: 1 * MiB,
    /** A lesson note's homework attachment or a reply's (image or PDF). */
    learning: 8 * MiB,
  },
} as const;

// ---------------------------------------------------------------------------------------------
// Helpers

/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits to ASCII: phones typed on Arabic keyboards. */
export function normalizeDigits(s: string): string {
  return s
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

type Check<T> = readonly [ok: (value: T) => boolean, code: ErrorCode];

/** Raises the code of the first failing check only: one field, one code. */
function firstFailing<T>(...checks: Check<T>[]) {
  return (value: T, ctx: z.RefinementCtx<T>): void => {
    for (const [ok, code] of checks) {
      // Aborting, so later checks chained by a caller do not pile on a second code.
      if (!ok(value)) return ctx.addIssue({ code: "custom", message: code, continue: false });
    }
  };
}

const text = (typeCode: ErrorCode) => z.string({ error: typeCode }).trim();

function integer(typeCode: ErrorCode, low: Check<number>, high?: Check<number>) {
  const checks: Check<number>[] = [[Number.isInteger, typeCode], low];
  if (high) checks.push(high);
  return z.number({ error: typeCode }).superRefine(firstFailing(...checks));
}

const ARABIC_LETTERS = "\\u0621-\\u063A\\u0641-\\u064A";
const ARABIC_MARKS = "\\u064B-\\u0652"; // tashkeel, allowed in names
const latinLetter = /[A-Za-z]/;
const arabicLetter = new RegExp(`[${ARABIC_LETTERS}]`);
const arabicRun = new RegExp(`[${ARABIC_LETTERS} ]{${bounds.arabicRun},}`);

/** Arabic prose: a run of Arabic letters or spaces and no Latin letter (digits and punctuation allowed). */
const isArabicProse = (s: string) => arabicRun.test(s) && arabicLetter.test(s) && !latinLetter.test(s);

const between = (min: number, max: number) => (s: string) => s.length >= min && s.length <= max;

// ---------------------------------------------------------------------------------------------
// Account

const emailPattern = /^[\w+-]+(?:\.[\w+-]+)*@(?:[a-z0-9-]+\.)+[a-z]{2,4}$/;

export const emailRule = text("invalid-email")
  .toLowerCase()
  .superRefine(
    firstFailing<string>([(s) => s.length <= bounds.email.max && emailPattern.test(s), "invalid-email"]),
  );

export const passwordRule = z
  .string({ error: "invalid-password" })
  .superRefine(
    firstFailing<string>(
      [(s) => s.length >= bounds.password.min, "short-password"],
      [(s) => s.length <= bounds.password.max, "long-password"],
      [(s) => /\d/.test(s) && /[a-z]/.test(s) && /[^\w\s]/.test(s) && !/\s/.test(s), "invalid-password"],
    ),
  );

/** Trimmed, inner runs of spaces collapsed to one. */
const name = (typeCode: ErrorCode) =>
  z
    .string({ error: typeCode })
    .trim()
    .transform((s) => s.replace(/\s+/g, " "));

const userNamePattern = new RegExp(`^[A-Za-z${ARABIC_LETTERS}${ARABIC_MARKS} ]+$`);
const tutorNamePattern = new RegExp(`^[${ARABIC_LETTERS}${ARABIC_MARKS} ]+$`);

export const userNameRule = name("invalid-user-name").superRefine(
  firstFailing<string>(
    [(s) => s.length >= bounds.userName.min, "short-user-name"],
    [(s) => s.length <= bounds.userName.max, "long-user-name"],
    [(s) => userNamePattern.test(s), "invalid-user-name"],
  ),
);

export const tutorNameRule = name("invalid-tutor-name").superRefine(
  firstFailing<string>(
    [(s) => s.length >= bounds.userName.min, "short-user-name"],
    [(s) => s.length <= bounds.userName.max, "long-user-name"],
    [(s) => tutorNamePattern.test(s), "invalid-tutor-name"],
  ),
);

/** The year is read at parse time so the window moves on 1 January without a deploy. */
export const birthYearRule = z.number({ error: "invalid-type" }).superRefine((year, ctx) => {
  const thisYear = new Date().getUTCFullYear();
  firstFailing<number>(
    [Number.isInteger, "invalid-type"],
    [(y) => y >= thisYear - bounds.age.oldest, "old-user"],
    [(y) => y <= thisYear - bounds.age.youngest, "young-user"],
  )(year, ctx);
});

/** Egyptian mobile. Accepts Arabic digits, spaces, dashes and a +20 / 0020 prefix; outputs 01XXXXXXXXX. */
/** An IANA region zone ("Asia/Riyadh"), stored in its canonical spelling (schema/time-zones.ts). */
export const timeZoneRule = z.string({ error: "invalid-time-zone" }).transform((zone, ctx) => {
  const canonical = canonicalTimeZone(zone.trim());
  if (canonical === null) {
    ctx.addIssue({ code: "custom", message: "invalid-time-zone" });
    return z.NEVER;
  }
  return canonical;
});

export const phoneRule = z
  .string({ error: "invalid-phone" })
  .transform((s) =>
    normalizeDigits(s)
      .replace(/[\s\-()]/g, "")
      .replace(/^(?:\+|00)?20(?=1)/, "0"),
  )
  .superRefine(firstFailing<string>([(s) => /^01[0125]\d{8}$/.test(s), "invalid-phone"]));

export const verificationCodeRule = z
  .string({ error: "invalid-verification-code" })
  .transform((s) => normalizeDigits(s).trim())
  .superRefine(firstFailing<string>([(s) => /^[1-9]\d{4}$/.test(s), "invalid-verification-code"]));

// ---------------------------------------------------------------------------------------------
// Tutor profile

export const bioRule = text("empty-bio").superRefine(
  firstFailing<string>(
    [(s) => s.length > 0, "empty-bio"],
    [(s) => s.length >= bounds.bio.min, "short-bio"],
    [(s) => s.length <= bounds.bio.max, "long-bio"],
    [isArabicProse, "invalid-bio"],
  ),
);

export const aboutRule = text("short-tutor-about").superRefine(
  firstFailing<string>(
    [(s) => s.length >= bounds.about.min, "short-tutor-about"],
    [(s) => s.length <= bounds.about.max, "long-tutor-about"],
    [isArabicProse, "invalid-tutor-about"],
  ),
);

/** Minimum minutes between booking and lesson start. */
export const noticeRule = integer(
  "invalid-notice",
  [(n) => n >= bounds.noticeMinutes.min, "invalid-notice"],
  [(n) => n <= bounds.noticeMinutes.max, "max-notice-exceeded"],
);

/** Seconds; the upload form sends it as text, so numeric strings are accepted. */
export const introVideoDurationRule = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(?:\.\d+)?$/)
        .transform(Number),
    ],
    { error: "invalid-type" },
  )
  .superRefine(
    firstFailing<number>(
      [(n) => n >= bounds.introVideoSeconds.min, "short-video-duration"],
      [(n) => n <= bounds.introVideoSeconds.max, "long-video-duration"],
    ),
  );

// ---------------------------------------------------------------------------------------------
// Rich text (sanitised HTML, length measured on the visible text)

function richText(codes: { html: ErrorCode; short: ErrorCode; long: ErrorCode }, min: number, max: number) {
  return z.string({ error: codes.short }).transform((raw, ctx) => {
    if (hasDangerousHtml(raw)) {
      ctx.addIssue({ code: "custom", message: codes.html, continue: false });
      return z.NEVER;
    }
    const html = sanitizeHtml(raw).trim();
    const length = htmlToText(html).length;
    if (length < min || length > max) {
      ctx.addIssue({ code: "custom", message: length < min ? codes.short : codes.long, continue: false });
      return z.NEVER;
    }
    return html;
  });
}

export const interviewFeedbackRule = richText(
  {
    html: "invalid-interview-feedback-html",
    short: "short-interview-feedback",
    long: "long-interview-feedback",
  },
  bounds.interviewText.min,
  bounds.interviewText.max,
);

export const interviewNoteRule = richText(
  { html: "invalid-interview-note-html", short: "short-interview-note", long: "long-interview-note" },
  bounds.interviewText.min,
  bounds.interviewText.max,
);

export const messageTextRule = richText(
  { html: "invalid-message-html", short: "short-message-text", long: "long-message-text" },
  bounds.messageText.min,
  bounds.messageText.max,
);

export const invoiceNoteRule = richText(
  { html: "invalid-invoice-note-html", short: "empty-invoice-note", long: "long-invoice-note" },
  bounds.invoiceNote.min,
  bounds.invoiceNote.max,
);

// ---------------------------------------------------------------------------------------------
// Lesson notes (plain text: tags dropped, a dangerous one refused; length measured on the text)

/** Plain text from what was typed: a script or handler refused, any tag dropped, entities read. */
function plainText(codes: { short: ErrorCode; long: ErrorCode }, min: number, max: number) {
  return z.string({ error: codes.short }).transform((raw, ctx) => {
    if (hasDangerousHtml(raw)) {
      ctx.addIssue({ code: "custom", message: "invalid-note-text", continue: false });
      return z.NEVER;
    }
    const plain = htmlToText(sanitizeHtml(raw));
    if (plain.length < min || plain.length > max) {
      ctx.addIssue({
        code: "custom",
        message: plain.length < min ? codes.short : codes.long,
        continue: false,
      });
      return z.NEVER;
    }
    return plain;
  });
}

export const noteSummaryRule = plainText(
  { short: "short-note-summary", long: "long-note-summary" },
  bounds.noteSummary.min,
  bounds.noteSummary.max,
);
export const noteWordRule = plainText(
  { short: "invalid-note-word", long: "invalid-note-word" },
  bounds.noteWord.min,
  bounds.noteWord.max,
);
export const noteMeaningRule = plainText(
  { short: "invalid-note-word", long: "invalid-note-word" },
  bounds.noteMeaning.min,
  bounds.noteMeaning.max,
);
export const noteExampleRule = plainText(
  { short: "invalid-note-word", long: "invalid-note-word" },
  0,
  bounds.noteExample.max,
);
export const noteHomeworkRule = plainText(
  { short: "long-note-homework", long: "long-note-homework" },
  0,
  bounds.noteHomework.max,
);
export const noteReplyRule = plainText(
  { short: "short-note-reply", long: "long-note-reply" },
  bounds.noteReply.min,
  bounds.noteReply.max,
);

/** A calendar day, YYYY-MM-DD, that exists (2030-02-31 does not). */
export const homeworkDueRule = z
  .string({ error: "invalid-homework-due" })
  .superRefine(
    firstFailing<string>([
      (s) =>
        /^\d{4}-\d{2}-\d{2}$/.test(s) &&
        !Number.isNaN(Date.parse(s)) &&
        new Date(Date.parse(s)).toISOString().startsWith(s),
      "invalid-homework-due",
    ]),
  );

// ---------------------------------------------------------------------------------------------
// Interviews and ratings

export const interviewLevelRule = integer(
  "invalid-type",
  [(n) => n >= bounds.interviewLevel.min, "interview-level-too-low"],
  [(n) => n <= bounds.interviewLevel.max, "interview-level-too-high"],
);

/** The codes mean what they say (the original product swapped them on the wire). */
export const ratingValueRule = integer(
  "invalid-type",
  [(n) => n >= bounds.ratingValue.min, "too-low-rating-value"],
  [(n) => n <= bounds.ratingValue.max, "too-high-rating-value"],
);

/** Rating text is optional at the field level; when given it must fit. */
export const ratingTextRule = text("short-rating-text").superRefine(
  firstFailing<string>(
    [(s) => s.length >= bounds.ratingText.min, "short-rating-text"],
    [(s) => s.length <= bounds.ratingText.max, "long-rating-text"],
  ),
);

/** The reason beside a student's level: one line (no line breaks), 3..200 characters. */
export const levelReasonRule = text("short-level-reason").superRefine(
  firstFailing<string>(
    [(s) => s.length >= bounds.levelReason.min, "short-level-reason"],
    [(s) => s.length <= bounds.levelReason.max, "long-level-reason"],
    [(s) => !/[\r\n]/.test(s), "invalid-level-reason"],
  ),
);

// ---------------------------------------------------------------------------------------------
// Plans and coupons

export const weeklyMinutesRule = integer("invalid-weekly-minutes", [
  (n) => n >= bounds.weeklyMinutes.min && n <= bounds.weeklyMinutes.max,
  "invalid-weekly-minutes",
]);

/** Monthly base price in piasters. */
export const planPriceRule = integer("invalid-plan-price", [
  (n) => n >= bounds.planPrice.min,
  "invalid-plan-price",
]);

/** A month, quarter or year discount in basis points. */
export const discountRule = integer("invalid-plan-discount", [
  (n) => n >= bounds.planDiscount.min && n <= bounds.planDiscount.max,
  "invalid-plan-discount",
]);

/** Case-insensitive on input, stored and compared upper-case. */
export const couponCodeRule = text("invalid-coupon-code")
  .toUpperCase()
  .superRefine(
    firstFailing<string>([
      (s) => between(bounds.couponCode.min, bounds.couponCode.max)(s) && /^[A-Z0-9_-]+$/.test(s),
      "invalid-coupon-code",
    ]),
  );

/** Basis points, 1 % .. 100 %. */
export const couponDiscountRule = integer(
  "invalid-type",
  [(n) => n >= bounds.couponDiscount.min, "zero-coupon-discount"],
  [(n) => n <= bounds.couponDiscount.max, "max-coupon-discount-exceeded"],
);

const isoDate = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** An ISO-8601 date or date-time (with zone) later than now; outputs the UTC ISO string. */
export const couponExpiryRule = z.string({ error: "invalid-coupon-expire-date" }).transform((raw, ctx) => {
  const match = isoDate.exec(raw.trim());
  const ms = match ? Date.parse(raw.trim()) : NaN;
  // Date.parse rolls 2030-02-31 over to March; a real calendar day reads back unchanged.
  const realDay =
    match && !Number.isNaN(ms) && new Date(Date.parse(match[1]!)).toISOString().startsWith(match[1]!);
  if (!realDay) {
    ctx.addIssue({ code: "custom", message: "invalid-coupon-expire-date", continue: false });
    return z.NEVER;
  }
  if (ms <= Date.now()) {
    ctx.addIssue({ code: "custom", message: "coupon-expire-date-passed", continue: false });
    return z.NEVER;
  }
  return new Date(ms).toISOString();
});

// ---------------------------------------------------------------------------------------------
// Withdrawals

/** Invoice amount in piasters within the platform's limits (the balance check is the server's). */
export function invoiceAmountRuleWithin(limits: { min: number; max: number }) {
  return integer(
    "invalid-type",
    [(n) => n >= limits.min, "min-invoice-amount-subceeded"],
    [(n) => n <= limits.max, "max-invoice-amount-exceeded"],
  );
}

export const invoiceAmountRule = invoiceAmountRuleWithin(bounds.invoiceAmount);

/** The platform setting holding the invoice limits, in piasters. */
export const withdrawSettingsRule = z
  .object({
    minInvoiceAmount: integer("invalid-type", [(n) => n > 0, "non-positive-min-withdraw"]),
    maxInvoiceAmount: integer("invalid-type", [(n) => n > 0, "non-positive-max-withdraw"]),
  })
  .superRefine(
    (limits, ctx) => {
      if (limits.minInvoiceAmount > limits.maxInvoiceAmount) {
        ctx.addIssue({ code: "custom", message: "min-withdraw-above-max", path: ["minInvoiceAmount"] });
      }
    },
    // Only once both limits are valid: one problem, one code.
    { when: (payload) => payload.issues.length === 0 },
  );

/**
 * The business numbers (schema/pricing.ts BusinessSettings): both hourly rates positive piasters
 the tutor's not above the lesson's; the trial 0 (off), 15 or 30 minutes;
 * the cancel window 0–48 whole hours; the refund fee 0..maxRefundFeeBasisPoints.
 */
export const businessSettingsRule = z
  .object({
    hourlyRate: integer("invalid-type", [(n) => n > 0, "non-positive-lesson-rate"]),
    tutorHourlyRate: integer("invalid-type", [(n) => n > 0, "non-positive-tutor-rate"]),
    trialMinutes: integer("invalid-trial-minutes", [
      (n) => n === 0 || n === 15 || n === 30,
      "invalid-trial-minutes",
    ]),
    cancelWindowHours: integer("invalid-cancel-window", [(n) => n >= 0 && n <= 48, "invalid-cancel-window"]),
    refundFeeBasisPoints: integer("invalid-refund-fee", [
      (n) => n >= 0 && n <= maxRefundFeeBasisPoints,
      "invalid-refund-fee",
    ]),
    /** Absent in numbers saved before it existed, and from a form that does not show it: kept as it was. */
    deletionGraceDays: integer("invalid-deletion-grace", [
      (n) => n >= 0 && n <= 30,
      "invalid-deletion-grace",
    ]).optional(),
  })
  .superRefine(
    (numbers, ctx) => {
      if (numbers.tutorHourlyRate > numbers.hourlyRate) {
        ctx.addIssue({ code: "custom", message: "tutor-rate-above-lesson-rate", path: ["tutorHourlyRate"] });
      }
    },
    { when: (payload) => payload.issues.length === 0 },
  );

export const withdrawMethodRule = z.enum(WithdrawMethod, { error: "invalid-withdraw-method" });

/** Instapay address: word characters then @instapay, compared lower-case. */
export const instapayRule = text("instapay-username-invalid")
  .toLowerCase()
  .superRefine(firstFailing<string>([(s) => /^\w+@instapay$/.test(s), "instapay-username-invalid"]));

/** One of the 7 banks, case-insensitive; outputs the Bank value. */
export const bankNameRule = text("empty-bank-name")
  .toUpperCase()
  .superRefine(firstFailing<string>([(s) => s.length > 0, "empty-bank-name"]))
  .pipe(z.enum(Bank, { error: "invalid-bank-name" }));

/** Digits only; spaces, dashes and Arabic digits are normalised away. */
export const bankAccountNumberRule = z
  .string({ error: "invalid-bank-account-number" })
  .transform((s) => normalizeDigits(s).replace(/[\s-]/g, ""))
  .superRefine(
    firstFailing<string>([
      (s) => between(bounds.bankAccountNumber.min, bounds.bankAccountNumber.max)(s) && /^\d+$/.test(s),
      "invalid-bank-account-number",
    ]),
  );

// ---------------------------------------------------------------------------------------------
// Topics and contact requests

function topicName(pattern: RegExp) {
  return name("short-topic-name").superRefine(
    firstFailing<string>(
      [(s) => s.length >= bounds.topicName.min, "short-topic-name"],
      [(s) => s.length <= bounds.topicName.max, "long-topic-name"],
      [(s) => pattern.test(s), "invalid-topic-name"],
    ),
  );
}

export const topicArNameRule = topicName(new RegExp(`^[${ARABIC_LETTERS} ]+$`));
export const topicEnNameRule = topicName(/^[A-Za-z ]+$/);

export const contactTitleRule = text("short-contact-title").superRefine(
  firstFailing<string>(
    [(s) => s.length >= bounds.contactTitle.min, "short-contact-title"],
    [(s) => s.length <= bounds.contactTitle.max, "long-contact-title"],
  ),
);

export const contactMessageRule = text("short-contact-message").superRefine(
  firstFailing<string>(
    [(s) => s.length >= bounds.contactMessage.min, "short-contact-message"],
    [(s) => s.length <= bounds.contactMessage.max, "long-contact-message"],
  ),
);

// ---------------------------------------------------------------------------------------------
// Personal data: how long each kind is kept (schema/retention.ts, a module of its own so the public
// /privacy page reads the periods without the validation rules).

export { dataExportEveryHours, retentionDays } from "./retention";
