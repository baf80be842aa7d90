import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { isErrorCode } from "../../schema/errors";
import { databaseStep } from "../../schema/api/stats";
import {
  aboutRule,
  bankAccountNumberRule,
  bankNameRule,
  bioRule,
  birthYearRule,
  bounds,
  contactMessageRule,
  contactTitleRule,
  couponCodeRule,
  couponDiscountRule,
  couponExpiryRule,
  discountRule,
  emailRule,
  instapayRule,
  interviewFeedbackRule,
  interviewLevelRule,
  interviewNoteRule,
  introVideoDurationRule,
  invoiceAmountRule,
  invoiceNoteRule,
  messageTextRule,
  normalizeDigits,
  noticeRule,
  passwordRule,
  phoneRule,
  planPriceRule,
  ratingTextRule,
  ratingValueRule,
  topicArNameRule,
  topicEnNameRule,
  tutorNameRule,
  userNameRule,
  verificationCodeRule,
  weeklyMinutesRule,
  withdrawMethodRule,
  withdrawSettingsRule,
  timeZoneRule,
} from "../../schema/rules";
import { commonTimeZones, effectiveTimeZone, onTimeOf } from "../../schema/time-zones";

/** "ok" when the rule accepts the input, else its single error code. */
function codeOf(rule: z.ZodType, input: unknown): string {
  const result = rule.safeParse(input);
  if (result.success) return "ok";
  expect(result.error.issues).toHaveLength(1);
  const code = result.error.issues[0]!.message;
  expect(isErrorCode(code), `"${code}" is not a catalogue code`).toBe(true);
  return code;
}

const parsed = (rule: z.ZodType, input: unknown) => rule.parse(input);

const ar = (n: number) => "ب".repeat(n);
const latin = (n: number) => "a".repeat(n);
const thisYear = new Date().getUTCFullYear();

describe("emailRule", () => {
  it("trims and lower-cases", () => {
    expect(parsed(emailRule, "  Ahmed.Ali@Example.COM ")).toBe("ahmed.ali@example.com");
  });
  it("accepts 50 characters and rejects 51", () => {
    const domain = "@example.com"; // 12
    expect(codeOf(emailRule, latin(38) + domain)).toBe("ok");
    expect(codeOf(emailRule, latin(39) + domain)).toBe("invalid-email");
  });
  it("needs a top-level domain of 2 to 4 letters", () => {
    expect(codeOf(emailRule, "a@b.co")).toBe("ok");
    expect(codeOf(emailRule, "a@b.info")).toBe("ok");
    expect(codeOf(emailRule, "a@b.c")).toBe("invalid-email");
    expect(codeOf(emailRule, "a@b.museum")).toBe("invalid-email");
  });
  it("rejects malformed addresses and non-strings", () => {
    for (const bad of [
      "",
      "plain",
      "a@b",
      "@b.com",
      "a@@b.com",
      "a b@c.com",
      "a..b@c.com",
      5,
      undefined,
      null,
    ]) {
      expect(codeOf(emailRule, bad)).toBe("invalid-email");
    }
  });
});

describe("passwordRule", () => {
  const pw = (n: number) => "a1!" + "x".repeat(n - 3);
  it("accepts 8 and 50 characters, rejects 7 and 51", () => {
    expect(codeOf(passwordRule, pw(7))).toBe("short-password");
    expect(codeOf(passwordRule, pw(8))).toBe("ok");
    expect(codeOf(passwordRule, pw(50))).toBe("ok");
    expect(codeOf(passwordRule, pw(51))).toBe("long-password");
  });
  it("needs a digit, a lowercase letter and a symbol, and no spaces", () => {
    expect(codeOf(passwordRule, "abcdefg!")).toBe("invalid-password");
    expect(codeOf(passwordRule, "ABCDEF1!")).toBe("invalid-password");
    expect(codeOf(passwordRule, "abcdefg1")).toBe("invalid-password");
    expect(codeOf(passwordRule, "abc def1!")).toBe("invalid-password");
    expect(codeOf(passwordRule, "abc_def1")).toBe("invalid-password"); // _ is a word character
  });
  it("is not trimmed and rejects non-strings", () => {
    expect(parsed(passwordRule, "pass word1!".replace(" ", "-"))).toBe("pass-word1!");
    expect(codeOf(passwordRule, 12345678)).toBe("invalid-password");
  });
});

describe("userNameRule", () => {
  it("accepts 2 and 30 characters, rejects 1 and 31", () => {
    expect(codeOf(userNameRule, "a")).toBe("short-user-name");
    expect(codeOf(userNameRule, "ab")).toBe("ok");
    expect(codeOf(userNameRule, latin(30))).toBe("ok");
    expect(codeOf(userNameRule, latin(31))).toBe("long-user-name");
  });
  it("accepts Latin and Arabic letters and spaces only", () => {
    expect(codeOf(userNameRule, "Ahmed علي")).toBe("ok");
    expect(codeOf(userNameRule, "Ahmed2")).toBe("invalid-user-name");
    expect(codeOf(userNameRule, "Ahmed.")).toBe("invalid-user-name");
    expect(codeOf(userNameRule, 7)).toBe("invalid-user-name");
  });
  it("trims and collapses spaces before measuring", () => {
    expect(parsed(userNameRule, "  Mona   Zaki ")).toBe("Mona Zaki");
    expect(codeOf(userNameRule, "  a  ")).toBe("short-user-name");
  });
});

describe("tutorNameRule", () => {
  it("accepts Arabic only, 2..30", () => {
    expect(codeOf(tutorNameRule, "محمد أحمد")).toBe("ok");
    expect(codeOf(tutorNameRule, "Mohamed")).toBe("invalid-tutor-name");
    expect(codeOf(tutorNameRule, ar(1))).toBe("short-user-name");
    expect(codeOf(tutorNameRule, ar(2))).toBe("ok");
    expect(codeOf(tutorNameRule, ar(30))).toBe("ok");
    expect(codeOf(tutorNameRule, ar(31))).toBe("long-user-name");
  });
});

describe("birthYearRule", () => {
  it("runs from this year − 60 to this year − 10", () => {
    expect(codeOf(birthYearRule, thisYear - 61)).toBe("old-user");
    expect(codeOf(birthYearRule, thisYear - 60)).toBe("ok");
    expect(codeOf(birthYearRule, thisYear - 10)).toBe("ok");
    expect(codeOf(birthYearRule, thisYear - 9)).toBe("young-user");
  });
  it("rejects non-integers", () => {
    expect(codeOf(birthYearRule, 1990.5)).toBe("invalid-type");
    expect(codeOf(birthYearRule, "1990")).toBe("invalid-type");
  });
});

describe("normalizeDigits", () => {
  it("maps Arabic-Indic and Eastern Arabic-Indic digits", () => {
    expect(normalizeDigits("٠١٢٣٤٥٦٧٨٩ ۰۱۲۳۴۵۶۷۸۹ x")).toBe("0123456789 0123456789 x");
  });
});

describe("timeZoneRule", () => {
  it("accepts region zones in their canonical spelling", () => {
    expect(parsed(timeZoneRule, " asia/riyadh ")).toBe("Asia/Riyadh");
    expect(parsed(timeZoneRule, "Africa/Cairo")).toBe("Africa/Cairo");
    for (const [zone] of commonTimeZones) expect(parsed(timeZoneRule, zone)).toBe(zone);
  });

  it("refuses unknown zones, UTC, fixed offsets and non-strings with one code", () => {
    for (const bad of ["Mars/Olympus", "UTC", "Etc/GMT+3", "+02:00", "", "x".repeat(65), 3, null])
      expect(codeOf(timeZoneRule, bad)).toBe("invalid-time-zone");
  });

  it("falls back to Cairo and names a zone's clock in Arabic", () => {
    expect(effectiveTimeZone(null)).toBe("Africa/Cairo");
    expect(effectiveTimeZone("Nowhere/Land")).toBe("Africa/Cairo");
    expect(effectiveTimeZone("Asia/Dubai")).toBe("Asia/Dubai");
    expect(onTimeOf("Africa/Cairo")).toBe("بتوقيت القاهرة");
    expect(onTimeOf("Asia/Tokyo")).toBe("بتوقيت \u2068Asia/Tokyo\u2069");
  });
});

describe("phoneRule", () => {
  it("accepts 010, 011, 012 and 015 with 8 more digits", () => {
    for (const prefix of ["010", "011", "012", "015"])
      expect(codeOf(phoneRule, `${prefix}12345678`)).toBe("ok");
    for (const prefix of ["013", "014", "016", "020"])
      expect(codeOf(phoneRule, `${prefix}12345678`)).toBe("invalid-phone");
  });
  it("needs exactly 11 digits", () => {
    expect(codeOf(phoneRule, "0101234567")).toBe("invalid-phone");
    expect(codeOf(phoneRule, "010123456789")).toBe("invalid-phone");
  });
  it("normalises Arabic digits, spaces, dashes and the country code", () => {
    expect(parsed(phoneRule, "٠١٠١٢٣٤٥٦٧٨")).toBe("01012345678");
    expect(parsed(phoneRule, "۰۱۱ ۱۲۳۴-۵۶۷۸")).toBe("01112345678");
    expect(parsed(phoneRule, "+20 12 1234 5678")).toBe("01212345678");
    expect(parsed(phoneRule, "00201512345678")).toBe("01512345678");
  });
  it("rejects non-strings", () => {
    expect(codeOf(phoneRule, 1012345678)).toBe("invalid-phone");
  });
});

describe("instapayRule", () => {
  it("needs word characters then @instapay", () => {
    expect(parsed(instapayRule, " Ahmed_1@InstaPay ")).toBe("ahmed_1@instapay");
    expect(codeOf(instapayRule, "@instapay")).toBe("instapay-username-invalid");
    expect(codeOf(instapayRule, "ahmed.ali@instapay")).toBe("instapay-username-invalid");
    expect(codeOf(instapayRule, "ahmed@instapay.com")).toBe("instapay-username-invalid");
    expect(codeOf(instapayRule, "ahmed")).toBe("instapay-username-invalid");
  });
});

describe("verificationCodeRule", () => {
  it("needs 5 digits, the first not zero", () => {
    expect(codeOf(verificationCodeRule, "1234")).toBe("invalid-verification-code");
    expect(codeOf(verificationCodeRule, "12345")).toBe("ok");
    expect(codeOf(verificationCodeRule, "123456")).toBe("invalid-verification-code");
    expect(codeOf(verificationCodeRule, "01234")).toBe("invalid-verification-code");
    expect(codeOf(verificationCodeRule, "1234a")).toBe("invalid-verification-code");
    expect(codeOf(verificationCodeRule, 12345)).toBe("invalid-verification-code");
  });
  it("normalises Arabic digits", () => {
    expect(parsed(verificationCodeRule, " ١٢٣٤٥ ")).toBe("12345");
  });
});

describe("bioRule", () => {
  it("accepts 25 and 60 characters, rejects 24 and 61", () => {
    expect(codeOf(bioRule, ar(24))).toBe("short-bio");
    expect(codeOf(bioRule, ar(25))).toBe("ok");
    expect(codeOf(bioRule, ar(60))).toBe("ok");
    expect(codeOf(bioRule, ar(61))).toBe("long-bio");
  });
  it("is empty when blank or missing", () => {
    expect(codeOf(bioRule, "   ")).toBe("empty-bio");
    expect(codeOf(bioRule, undefined)).toBe("empty-bio");
  });
  it("must be Arabic: a run of 5 Arabic letters or spaces and no Latin letter", () => {
    expect(codeOf(bioRule, "مدرس لغة إنجليزية بخبرة 10 سنوات")).toBe("ok");
    expect(codeOf(bioRule, "مدرس لغة إنجليزية IELTS وخبرة")).toBe("invalid-bio");
    expect(codeOf(bioRule, "١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦٧٨٩٠١٢٣٤٥")).toBe("invalid-bio");
    expect(codeOf(bioRule, "بب.بب.بب.بب.بب.بب.بب.بب.بب.")).toBe("invalid-bio");
  });
});

describe("aboutRule", () => {
  it("accepts 50 and 1000 characters, rejects 49 and 1001", () => {
    expect(codeOf(aboutRule, ar(49))).toBe("short-tutor-about");
    expect(codeOf(aboutRule, ar(50))).toBe("ok");
    expect(codeOf(aboutRule, ar(1000))).toBe("ok");
    expect(codeOf(aboutRule, ar(1001))).toBe("long-tutor-about");
  });
  it("must be Arabic", () => {
    expect(codeOf(aboutRule, ar(10) + " English " + ar(40))).toBe("invalid-tutor-about");
  });
});

describe("noticeRule", () => {
  it("takes whole minutes 1..1440", () => {
    expect(codeOf(noticeRule, 0)).toBe("invalid-notice");
    expect(codeOf(noticeRule, 1)).toBe("ok");
    expect(codeOf(noticeRule, 1440)).toBe("ok");
    expect(codeOf(noticeRule, 1441)).toBe("max-notice-exceeded");
    expect(codeOf(noticeRule, 30.5)).toBe("invalid-notice");
    expect(codeOf(noticeRule, "60")).toBe("invalid-notice");
  });
});

describe("introVideoDurationRule", () => {
  it("takes 60..180 seconds, as a number or numeric text", () => {
    expect(codeOf(introVideoDurationRule, 59.9)).toBe("short-video-duration");
    expect(codeOf(introVideoDurationRule, 60)).toBe("ok");
    expect(codeOf(introVideoDurationRule, 180)).toBe("ok");
    expect(codeOf(introVideoDurationRule, 180.1)).toBe("long-video-duration");
    expect(parsed(introVideoDurationRule, " 95.5 ")).toBe(95.5);
    expect(codeOf(introVideoDurationRule, "59")).toBe("short-video-duration");
    expect(codeOf(introVideoDurationRule, "abc")).toBe("invalid-type");
    expect(codeOf(introVideoDurationRule, undefined)).toBe("invalid-type");
  });
});

describe.each([
  [
    "interviewFeedbackRule",
    interviewFeedbackRule,
    "invalid-interview-feedback-html",
    "short-interview-feedback",
    "long-interview-feedback",
  ],
  [
    "interviewNoteRule",
    interviewNoteRule,
    "invalid-interview-note-html",
    "short-interview-note",
    "long-interview-note",
  ],
] as const)("%s", (_, rule, html, short, long) => {
  it("measures 5..1000 characters of text", () => {
    expect(codeOf(rule, latin(4))).toBe(short);
    expect(codeOf(rule, latin(5))).toBe("ok");
    expect(codeOf(rule, latin(1000))).toBe("ok");
    expect(codeOf(rule, latin(1001))).toBe(long);
  });
  it("does not count markup", () => {
    expect(codeOf(rule, `<p><b>${latin(4)}</b></p>`)).toBe(short);
    expect(codeOf(rule, `<p><b>${latin(1000)}</b></p>`)).toBe("ok");
  });
  it("rejects scripts, script links and handlers", () => {
    expect(codeOf(rule, `<script>alert(1)</script>${latin(10)}`)).toBe(html);
    expect(codeOf(rule, `<a href="javascript:alert(1)">${latin(10)}</a>`)).toBe(html);
    expect(codeOf(rule, `<b onclick="x()">${latin(10)}</b>`)).toBe(html);
  });
  it("outputs sanitised HTML", () => {
    expect(parsed(rule, `<p class="x">Good <em>job</em><img src="x.png"></p>`)).toBe(
      "<p>Good <em>job</em></p>",
    );
  });
});

describe("messageTextRule", () => {
  it("measures 1..1000 characters of text", () => {
    expect(codeOf(messageTextRule, "")).toBe("short-message-text");
    expect(codeOf(messageTextRule, "<p> </p>")).toBe("short-message-text");
    expect(codeOf(messageTextRule, "a")).toBe("ok");
    expect(codeOf(messageTextRule, latin(1000))).toBe("ok");
    expect(codeOf(messageTextRule, latin(1001))).toBe("long-message-text");
  });
  it("counts an entity as one character", () => {
    expect(codeOf(messageTextRule, "&amp;".repeat(1000))).toBe("ok");
    expect(codeOf(messageTextRule, "<".repeat(1000))).toBe("ok");
  });
  it("rejects script and keeps plain text about javascript", () => {
    expect(codeOf(messageTextRule, "<script>x</script>")).toBe("invalid-message-html");
    expect(codeOf(messageTextRule, "hi <iframe src=x onload=y>")).toBe("invalid-message-html");
    expect(codeOf(messageTextRule, "learning javascript: fun")).toBe("ok");
  });
});

describe("invoiceNoteRule", () => {
  it("is 1..1000 characters of text", () => {
    expect(codeOf(invoiceNoteRule, " ")).toBe("empty-invoice-note");
    expect(codeOf(invoiceNoteRule, undefined)).toBe("empty-invoice-note");
    expect(codeOf(invoiceNoteRule, "a")).toBe("ok");
    expect(codeOf(invoiceNoteRule, latin(1000))).toBe("ok");
    expect(codeOf(invoiceNoteRule, latin(1001))).toBe("long-invoice-note");
    expect(codeOf(invoiceNoteRule, "<style>b{}</style>ok")).toBe("invalid-invoice-note-html");
  });
});

describe("interviewLevelRule", () => {
  it("takes 1..5", () => {
    expect(codeOf(interviewLevelRule, 0)).toBe("interview-level-too-low");
    expect(codeOf(interviewLevelRule, 1)).toBe("ok");
    expect(codeOf(interviewLevelRule, 5)).toBe("ok");
    expect(codeOf(interviewLevelRule, 6)).toBe("interview-level-too-high");
    expect(codeOf(interviewLevelRule, 2.5)).toBe("invalid-type");
  });
});

describe("ratingValueRule", () => {
  it("takes 1..5 and its codes mean what they say", () => {
    expect(codeOf(ratingValueRule, 0)).toBe("too-low-rating-value");
    expect(codeOf(ratingValueRule, 1)).toBe("ok");
    expect(codeOf(ratingValueRule, 5)).toBe("ok");
    expect(codeOf(ratingValueRule, 6)).toBe("too-high-rating-value");
    expect(codeOf(ratingValueRule, "5")).toBe("invalid-type");
  });
});

describe("ratingTextRule", () => {
  it("takes 3..1000 trimmed characters", () => {
    expect(codeOf(ratingTextRule, " ab ")).toBe("short-rating-text");
    expect(codeOf(ratingTextRule, "abc")).toBe("ok");
    expect(codeOf(ratingTextRule, latin(1000))).toBe("ok");
    expect(codeOf(ratingTextRule, latin(1001))).toBe("long-rating-text");
  });
});

describe("plan rules", () => {
  it("weekly minutes 15..10080", () => {
    expect(codeOf(weeklyMinutesRule, 14)).toBe("invalid-weekly-minutes");
    expect(codeOf(weeklyMinutesRule, 15)).toBe("ok");
    expect(codeOf(weeklyMinutesRule, 10080)).toBe("ok");
    expect(codeOf(weeklyMinutesRule, 10081)).toBe("invalid-weekly-minutes");
    expect(codeOf(weeklyMinutesRule, 60.5)).toBe("invalid-weekly-minutes");
  });
  it("price is a positive integer of piasters", () => {
    expect(codeOf(planPriceRule, 0)).toBe("invalid-plan-price");
    expect(codeOf(planPriceRule, 1)).toBe("ok");
    expect(codeOf(planPriceRule, 99.5)).toBe("invalid-plan-price");
    expect(codeOf(planPriceRule, "100")).toBe("invalid-plan-price");
  });
  it("discount is 0..10000 basis points", () => {
    expect(codeOf(discountRule, -1)).toBe("invalid-plan-discount");
    expect(codeOf(discountRule, 0)).toBe("ok");
    expect(codeOf(discountRule, 10000)).toBe("ok");
    expect(codeOf(discountRule, 10001)).toBe("invalid-plan-discount");
  });
});

describe("coupon rules", () => {
  it("code is 3..20 of A-Z 0-9 - _, upper-cased", () => {
    expect(parsed(couponCodeRule, " ramadan-25_x ")).toBe("RAMADAN-25_X");
    expect(codeOf(couponCodeRule, "AB")).toBe("invalid-coupon-code");
    expect(codeOf(couponCodeRule, "ABC")).toBe("ok");
    expect(codeOf(couponCodeRule, "A".repeat(20))).toBe("ok");
    expect(codeOf(couponCodeRule, "A".repeat(21))).toBe("invalid-coupon-code");
    expect(codeOf(couponCodeRule, "AB C")).toBe("invalid-coupon-code");
    expect(codeOf(couponCodeRule, "كوبون")).toBe("invalid-coupon-code");
  });
  it("discount is 100..10000 basis points", () => {
    expect(codeOf(couponDiscountRule, 0)).toBe("zero-coupon-discount");
    expect(codeOf(couponDiscountRule, 99)).toBe("zero-coupon-discount");
    expect(codeOf(couponDiscountRule, 100)).toBe("ok");
    expect(codeOf(couponDiscountRule, 10000)).toBe("ok");
    expect(codeOf(couponDiscountRule, 10001)).toBe("max-coupon-discount-exceeded");
  });
  it("expiry is an ISO date in the future", () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(parsed(couponExpiryRule, soon)).toBe(soon);
    expect(codeOf(couponExpiryRule, past)).toBe("coupon-expire-date-passed");
    expect(parsed(couponExpiryRule, `${thisYear + 1}-03-01`)).toBe(`${thisYear + 1}-03-01T00:00:00.000Z`);
    expect(parsed(couponExpiryRule, `${thisYear + 1}-03-01T02:00+02:00`)).toBe(
      `${thisYear + 1}-03-01T00:00:00.000Z`,
    );
    for (const bad of [
      `${thisYear + 1}-02-31`,
      `${thisYear + 1}-13-01`,
      "tomorrow",
      "01/03/2030",
      "",
      1893456000000,
    ]) {
      expect(codeOf(couponExpiryRule, bad)).toBe("invalid-coupon-expire-date");
    }
  });
});

describe("withdrawal rules", () => {
  it("invoice amount is 10000..5000000 piasters", () => {
    expect(codeOf(invoiceAmountRule, 9999)).toBe("min-invoice-amount-subceeded");
    expect(codeOf(invoiceAmountRule, 10000)).toBe("ok");
    expect(codeOf(invoiceAmountRule, 5000000)).toBe("ok");
    expect(codeOf(invoiceAmountRule, 5000001)).toBe("max-invoice-amount-exceeded");
    expect(codeOf(invoiceAmountRule, 10000.5)).toBe("invalid-type");
  });
  it("settings need positive limits, min not above max", () => {
    expect(codeOf(withdrawSettingsRule, { minInvoiceAmount: 1, maxInvoiceAmount: 1 })).toBe("ok");
    expect(codeOf(withdrawSettingsRule, { minInvoiceAmount: 0, maxInvoiceAmount: 1 })).toBe(
      "non-positive-min-withdraw",
    );
    expect(codeOf(withdrawSettingsRule, { minInvoiceAmount: 1, maxInvoiceAmount: 0 })).toBe(
      "non-positive-max-withdraw",
    );
    expect(codeOf(withdrawSettingsRule, { minInvoiceAmount: 2, maxInvoiceAmount: 1 })).toBe(
      "min-withdraw-above-max",
    );
  });
  it("method is Wallet, Bank or Instapay", () => {
    expect(codeOf(withdrawMethodRule, 0)).toBe("ok");
    expect(codeOf(withdrawMethodRule, 2)).toBe("ok");
    expect(codeOf(withdrawMethodRule, 3)).toBe("invalid-withdraw-method");
    expect(codeOf(withdrawMethodRule, "0")).toBe("invalid-withdraw-method");
  });
  it("bank is one of the 7, case-insensitive", () => {
    expect(parsed(bankNameRule, " nbe ")).toBe("NBE");
    expect(codeOf(bankNameRule, "")).toBe("empty-bank-name");
    expect(codeOf(bankNameRule, undefined)).toBe("empty-bank-name");
    expect(codeOf(bankNameRule, "HSBC")).toBe("invalid-bank-name");
  });
  it("account number is 6..30 digits", () => {
    expect(codeOf(bankAccountNumberRule, "12345")).toBe("invalid-bank-account-number");
    expect(codeOf(bankAccountNumberRule, "123456")).toBe("ok");
    expect(codeOf(bankAccountNumberRule, "1".repeat(30))).toBe("ok");
    expect(codeOf(bankAccountNumberRule, "1".repeat(31))).toBe("invalid-bank-account-number");
    expect(codeOf(bankAccountNumberRule, "12345A")).toBe("invalid-bank-account-number");
    expect(parsed(bankAccountNumberRule, "١٢٣ ٤٥٦-٧")).toBe("1234567");
  });
});

describe("topic names", () => {
  it("Arabic name is 3..50 Arabic letters", () => {
    expect(codeOf(topicArNameRule, ar(2))).toBe("short-topic-name");
    expect(codeOf(topicArNameRule, ar(3))).toBe("ok");
    expect(codeOf(topicArNameRule, ar(50))).toBe("ok");
    expect(codeOf(topicArNameRule, ar(51))).toBe("long-topic-name");
    expect(codeOf(topicArNameRule, "قواعد اللغة")).toBe("ok");
    expect(codeOf(topicArNameRule, "Grammar")).toBe("invalid-topic-name");
  });
  it("English name is 3..50 Latin letters", () => {
    expect(codeOf(topicEnNameRule, latin(2))).toBe("short-topic-name");
    expect(codeOf(topicEnNameRule, latin(3))).toBe("ok");
    expect(codeOf(topicEnNameRule, latin(50))).toBe("ok");
    expect(codeOf(topicEnNameRule, latin(51))).toBe("long-topic-name");
    expect(codeOf(topicEnNameRule, "Business English")).toBe("ok");
    expect(codeOf(topicEnNameRule, "قواعد")).toBe("invalid-topic-name");
  });
});

describe("contact request", () => {
  it("title is 5..128", () => {
    expect(codeOf(contactTitleRule, latin(4))).toBe("short-contact-title");
    expect(codeOf(contactTitleRule, latin(5))).toBe("ok");
    expect(codeOf(contactTitleRule, latin(128))).toBe("ok");
    expect(codeOf(contactTitleRule, latin(129))).toBe("long-contact-title");
  });
  it("message is 10..1000", () => {
    expect(codeOf(contactMessageRule, latin(9))).toBe("short-contact-message");
    expect(codeOf(contactMessageRule, latin(10))).toBe("ok");
    expect(codeOf(contactMessageRule, latin(1000))).toBe("ok");
    expect(codeOf(contactMessageRule, latin(1001))).toBe("long-contact-message");
  });
});

describe("bounds", () => {
  it("matches the business rules' money limits", () => {
    expect(bounds.invoiceAmount).toEqual({ min: 100 * 100, max: 50000 * 100 });
    expect(bounds.couponDiscount).toEqual({ min: 100, max: 10000 });
  });
});

describe("the database meter's advice (docs/capacity.md, When to act)", () => {
  it("is calm below a quarter, step 2 from a quarter, step 4 from half, and past the limit", () => {
    expect(databaseStep(0)).toBe("calm");
    expect(databaseStep(0.2499)).toBe("calm");
    expect(databaseStep(0.25)).toBe("split");
    expect(databaseStep(0.4999)).toBe("split");
    expect(databaseStep(0.5)).toBe("coldLessons");
    expect(databaseStep(1.2)).toBe("coldLessons");
  });
});
