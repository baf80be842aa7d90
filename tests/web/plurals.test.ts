import { describe, expect, it } from "vitest";
import { Gender } from "@schema/enums";
import { ar } from "../../web/src/i18n/ar-EG-all";
import { accountSafety } from "../../web/src/i18n/ar-EG-account-safety";
import { marketing } from "../../web/src/i18n/ar-EG-marketing";
import { money } from "../../web/src/i18n/ar-EG-money";
import { byGender, countOf, formatDurationWords, pluralCategory } from "../../web/src/lib/plural";

/** The counts that reach each of Arabic's six plural forms (Intl.PluralRules('ar')). */
const samples = [0, 1, 2, 3, 11, 100] as const;
const latin = /[A-Za-z]/;

describe("Arabic counts through Intl.PluralRules('ar')", () => {
  it("sorts 0, 1, 2, 3, 11 and 100 into the six categories", () => {
    expect(samples.map(pluralCategory)).toEqual(["zero", "one", "two", "few", "many", "other"]);
  });

  it.each(Object.keys(ar.counts))("renders «%s» in its own form for 0, 1, 2, 3, 11 and 100", (key) => {
    const forms = ar.counts[key as keyof typeof ar.counts];
    const rendered = samples.map((count) => countOf(forms, count));
    // Zero, one and two are words, never «٠ …», «١ …» or «٢ …».
    expect(rendered[0]).not.toMatch(/[٠-٩]/);
    expect(rendered[1]).not.toMatch(/[٠-٩]/);
    expect(rendered[2]).not.toMatch(/[٠-٩]/);
    // Three up carry the count in Arabic digits.
    expect(rendered[3]).toContain("٣");
    expect(rendered[4]).toContain("١١");
    expect(rendered[5]).toContain("١٠٠");
    // The few form (3–10) is the plural, unlike the many form's singular noun (11–99).
    expect(rendered[3]!.replace("٣", "")).not.toBe(rendered[4]!.replace("١١", ""));
    for (const text of rendered) {
      expect(text.trim()).not.toBe("");
      expect(text).not.toMatch(latin);
    }
    expect(new Set(rendered.slice(0, 4)).size).toBe(4);
  });

  it("says the counts the walk-through found wrong as people say them", () => {
    expect(samples.map((count) => countOf(ar.counts.lessons, count))).toEqual([
      "ولا حصة",
      "حصة واحدة",
      "حصتين",
      "٣ حصص",
      "١١ حصة",
      "١٠٠ حصة",
    ]);
    expect(samples.map((count) => countOf(ar.counts.tutors, count))).toEqual([
      "مفيش مدرّسين",
      "مدرّس واحد",
      "مدرّسين اتنين",
      "٣ مدرّسين",
      "١١ مدرّس",
      "١٠٠ مدرّس",
    ]);
    expect(ar.marketplace.tutors.lessonsTaught(0)).toBe("لسه مفيش حصص مكتملة");
    expect(ar.marketplace.tutors.results(1)).toBe("مدرّس واحد");
    expect(ar.marketplace.tutors.results(4)).toBe("٤ مدرّسين");
    expect(ar.chat.unread(1)).toBe("رسالة واحدة جديدة");
    expect(ar.chat.unread(5)).toBe("٥ رسائل جديدة");
    expect(ar.marketplace.tutors.ratingOf("٤٫٥", 2)).toBe("التقييم ٤٫٥ من ٥ (تقييمين)");
  });

  it("counts every number of the admin area (and the plans' weekly minutes) through the same forms", () => {
    // Each counted admin phrase, given a count: none says «٠ …», «١ …» or «٢ …».
    const phrases: Record<string, (count: number) => string> = {
      "users.total": ar.adminArea.users.total,
      "users.subscriptionLine": (n) => ar.adminArea.user.subscriptionLine(n, "شهر"),
      "users.canceledSubscription": (n) => ar.adminArea.user.canceledSubscription("١٠٠ ج.م.", n),
      "tutors.notice": (n) => ar.adminArea.tutor.notice(n * 60),
      "tutors.ratingValue": (n) => ar.adminArea.tutor.ratingValue("٤٫٥", n),
      "plans.weekly": ar.adminArea.plans.weekly,
      "coupons.uses": (n) => ar.adminArea.coupons.uses(n, null),
      "lessons.when": (n) => ar.adminArea.lessons.when("الأربعاء", n * 60),
      "audit.total": ar.staff.audit.total,
      lessonsPerDay: ar.adminFigures.lessonsPerDay,
      revenuePerMonth: ar.adminFigures.revenuePerMonth,
      newStudentsPerWeek: ar.adminFigures.newStudentsPerWeek,
      activeTutorsPerWeek: ar.adminFigures.activeTutorsPerWeek,
      paymentsTodayCount: ar.admin.serverStats.paymentsTodayCount,
      "marketplace.plans.weeklyMinutes": ar.marketplace.plans.weeklyMinutes,
      "receipts.planValue": (n) => money.receipts.planValue(n, "شهر"),
      "payments.history.minutesLeft": (n) => ar.payments.history.minutesLeft(n, 60),
      "pricing.perWeek": marketing.pricing.perWeek,
      "pricing.choosePlan": marketing.pricing.choosePlan,
      "suspension.suspendedWithLessons": accountSafety.suspension.suspendedWithLessons.male,
      "suspension.suspendedWithLessons (female)": accountSafety.suspension.suspendedWithLessons.female,
    };
    for (const [name, phrase] of Object.entries(phrases)) {
      const rendered = samples.map((count) => phrase(count));
      for (const text of rendered.slice(0, 3)) expect(text, name).not.toMatch(/(^|[\s(])[٠-٢](\s|$)/);
      expect(rendered[5], name).toMatch(/١٠٠|[٠-٩]/);
      for (const text of rendered) expect(text, name).not.toMatch(latin);
    }
    expect(samples.map((count) => ar.adminArea.users.total(count))).toEqual([
      "مفيش حسابات",
      "حساب واحد",
      "حسابين",
      "٣ حسابات",
      "١١ حساب",
      "١٠٠ حساب",
    ]);
    expect(ar.adminArea.plans.weekly(60)).toBe("٦٠ دقيقة في الأسبوع");
    expect(ar.adminArea.plans.weekly(3)).toBe("٣ دقايق في الأسبوع");
    expect(ar.adminArea.coupons.uses(1, null)).toBe("اتستخدم مرة واحدة");
    expect(ar.adminArea.coupons.uses(3, 10)).toBe("استُخدم ٣ من ١٠");
    expect(ar.adminArea.tutor.notice(90)).toBe("ساعة ونص على الأقل قبل الحصة");
    expect(ar.adminArea.tutor.ratingValue("٥", 1)).toBe("٥ من ٥ (تقييم واحد)");
    expect(ar.adminArea.user.canceledSubscription("١٠٠ ج.م.", 0)).not.toContain("حصة");
    expect(ar.adminFigures.lessonsPerDay(14)).toBe("الحصص كل يوم — آخر ١٤ يوم");
    expect(ar.adminFigures.revenuePerMonth(6)).toBe("الإيرادات كل شهر — آخر ٦ شهور");
    expect(ar.adminFigures.newStudentsPerWeek(8)).toBe("الطلاب الجداد كل أسبوع — آخر ٨ أسابيع");
    expect(ar.admin.serverStats.paymentsTodayCount(2)).toBe("عمليتين دفع");
    expect(ar.payments.history.minutesLeft(30, 60)).toBe("فاضلك ٣٠ دقيقة من ٦٠ الأسبوع ده");
    expect(marketing.pricing.perWeek(120)).toBe("١٢٠ دقيقة في الأسبوع");
  });

  it("says lengths of time in words, never «٠٫٥ ساعة» or «١ ساعة»", () => {
    expect([15, 30, 45, 60, 90, 120, 75, 180, 660, 1440, 2880].map(formatDurationWords)).toEqual([
      "ربع ساعة",
      "نص ساعة",
      "٤٥ دقيقة",
      "ساعة",
      "ساعة ونص",
      "ساعتين",
      "ساعة وربع",
      "٣ ساعات",
      "١١ ساعة",
      "يوم",
      "يومين",
    ]);
    expect(formatDurationWords(70)).toBe("ساعة و١٠ دقايق");
  });
});

describe("phrases in the gender of their person", () => {
  it.each(Object.keys(ar.gendered))("has a feminine «%s» of its own", (key) => {
    const forms = ar.gendered[key as keyof typeof ar.gendered] as {
      male: (name: string) => string;
      female: (name: string) => string;
    };
    expect(forms.female("سلمى")).not.toBe(forms.male("سلمى"));
    expect(forms.female("سلمى")).not.toMatch(latin);
  });

  it("chooses the verb from the person's gender, masculine when unknown", () => {
    expect(byGender(ar.gendered.notJoinedYet, Gender.Female, "سلمى حسين")).toBe("سلمى حسين لسه مدخلتش");
    expect(byGender(ar.gendered.notJoinedYet, Gender.Male, "أحمد علي")).toBe("أحمد علي لسه مدخلش");
    expect(byGender(ar.gendered.notJoinedYet, null, "أحمد علي")).toBe("أحمد علي لسه مدخلش");
    expect(byGender(ar.gendered.noticeHint, Gender.Female, formatDurationWords(60))).toBe(
      "المدرّسة محتاجة ساعة على الأقل قبل الحصة.",
    );
  });
});
