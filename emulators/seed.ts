import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { availabilitySlots, plans, topics, tutors, users, userTopics } from "../schema/db";
import { Gender, Governorate, MessagingApp, PlanPeriod, Role, SlotPurpose } from "../schema/enums";
import { HOUR_MS } from "../schema/time";
import { periodPrice } from "../worker/domain/payments/plans";
import { currentSubscriptionQuery, grantSubscription } from "../worker/domain/payments/subscriptions";
import { hashPassword } from "../worker/domain/identity/password";
import type { Db } from "../worker/core/context";
import { DEMO_MEDIA_URLS, storeDemoMedia } from "./media";
import { seedDemoEarnings } from "./seed-earnings";

/** Every demo account signs in with this password (README). */
export const DEMO_PASSWORD = "Dars@2026";

type DemoAccount = { email: string; role: Role; name: string; gender: Gender };

export const demoAccounts: DemoAccount[] = [
  { email: "admin@dars.test", role: Role.SuperAdmin, name: "مدير المنصة", gender: Gender.Male },
  { email: "regular-admin@dars.test", role: Role.RegularAdmin, name: "مشرف المنصة", gender: Gender.Male },
  { email: "student@dars.test", role: Role.Student, name: "سارة أحمد", gender: Gender.Female },
  { email: "tutor@dars.test", role: Role.Tutor, name: "محمود حسن", gender: Gender.Male },
  { email: "manager@dars.test", role: Role.TutorManager, name: "منى عبد الله", gender: Gender.Female },
  { email: "studio@dars.test", role: Role.Studio, name: "استوديو درس", gender: Gender.Male },
];

const demoTopics: Array<[string, string]> = [
  ["المحادثة اليومية", "Everyday conversation"],
  ["الإنجليزية للأعمال", "Business English"],
  ["التحضير لامتحان الآيلتس", "IELTS preparation"],
  ["التحضير لامتحان التوفل", "TOEFL preparation"],
  ["القواعد", "Grammar"],
  ["النطق", "Pronunciation"],
  ["الإنجليزية للأطفال", "English for kids"],
  ["مقابلات العمل", "Job interviews"],
  ["الكتابة الأكاديمية", "Academic writing"],
  ["الإنجليزية للسفر", "Travel English"],
];

const tutorNames: Array<[string, Gender]> = [
  ["أحمد مصطفى", Gender.Male],
  ["ياسمين علي", Gender.Female],
  ["عمر خالد", Gender.Male],
  ["نور الهدى سامي", Gender.Female],
  ["كريم عادل", Gender.Male],
  ["مريم فؤاد", Gender.Female],
  ["يوسف إبراهيم", Gender.Male],
  ["هبة محمد", Gender.Female],
  ["مصطفى رضا", Gender.Male],
  ["دينا شريف", Gender.Female],
  ["طارق منير", Gender.Male],
  ["سلمى حسين", Gender.Female],
];

/** Each bio in the tutor's own gender (a woman's bio says «مدرّسة … معتمدة», not «مدرّس … معتمد»). */
const bios: Array<Record<Gender, string>> = [
  {
    male: "مدرّس لغة إنجليزية معتمد بخبرة عشر سنوات في المحادثة",
    female: "مدرّسة لغة إنجليزية معتمدة بخبرة عشر سنوات في المحادثة",
  },
  {
    male: "أساعدك على التحدث بالإنجليزية بثقة في العمل والسفر",
    female: "أساعدك على التحدث بالإنجليزية بثقة في العمل والسفر",
  },
  {
    male: "متخصص في التحضير لامتحانات الآيلتس والتوفل بنجاح",
    female: "متخصصة في التحضير لامتحانات الآيلتس والتوفل بنجاح",
  },
];

const about =
  "أدرّس اللغة الإنجليزية منذ سنوات للطلاب والموظفين في مصر والعالم العربي. أركز في دروسي على المحادثة العملية والنطق الصحيح، وأبني لكل طالب خطة تناسب هدفه ومستواه، مع واجبات قصيرة بعد كل درس.";

const demoPlans = [
  { weeklyMinutes: 30, baseMonthPrice: 50_000, monthDiscount: 0, quarterDiscount: 1000, yearDiscount: 2000 },
  { weeklyMinutes: 60, baseMonthPrice: 90_000, monthDiscount: 0, quarterDiscount: 1000, yearDiscount: 2500 },
  {
    weeklyMinutes: 120,
    baseMonthPrice: 160_000,
    monthDiscount: 0,
    quarterDiscount: 1500,
    yearDiscount: 3000,
  },
];

/** The next 7 days from today, `hours` long from `startHourUtc` (16:00 Cairo is 14:00 UTC). */
function thisWeeksSlots(now: Date, startHourUtc = 14, hours = 4): Array<{ start: string; end: string }> {
  const slots = [];
  for (let day = 0; day < 7; day++) {
    const start = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + day, startHourUtc),
    );
    const end = new Date(start.getTime() + hours * HOUR_MS);
    if (end > now) slots.push({ start: start.toISOString(), end: end.toISOString() });
  }
  return slots;
}

/**
 * Seeds the demo data. Idempotent: accounts, topics and plans are inserted only when missing
 * (unique email, topic name, plan shape), and slots only when the tutor has none ahead.
 */
export async function seedDemoData(db: Db, now = new Date(), media?: R2Bucket) {
  const at = now.toISOString();
  const tutorAccounts: DemoAccount[] = tutorNames.map(([name, gender], index) => ({
    email: `tutor${index + 1}@dars.test`,
    role: Role.Tutor,
    name,
    gender,
  }));
  const accounts = [...demoAccounts, ...tutorAccounts];

  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        accounts.map((a) => a.email),
      ),
    );
  const known = new Set(existing.map((row) => row.email));
  const missing = accounts.filter((account) => !known.has(account.email));
  for (const [index, account] of missing.entries()) {
    const tutorSide = account.role === Role.Tutor || account.role === Role.TutorManager;
    await db
      .insert(users)
      .values({
        email: account.email,
        role: account.role,
        name: account.name,
        passwordHash: await hashPassword(DEMO_PASSWORD),
        verifiedEmail: true,
        verifiedPhone: tutorSide,
        phone: tutorSide ? `0100000${String(1000 + index).padStart(4, "0")}` : null,
        city: Governorate.Cairo,
        gender: account.gender,
        birthYear: 1990,
        notificationMethod: tutorSide ? MessagingApp.Whatsapp : null,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing();
  }

  await db
    .insert(topics)
    .values(demoTopics.map(([nameAr, nameEn]) => ({ nameAr, nameEn, createdAt: at, updatedAt: at })))
    .onConflictDoNothing();

  const tutorEmails = ["tutor@dars.test", "manager@dars.test", ...tutorAccounts.map((a) => a.email)];
  const tutorUsers = await db
    .select({ id: users.id, email: users.email, gender: users.gender })
    .from(users)
    .where(inArray(users.email, tutorEmails));
  const topicRows = await db.select({ id: topics.id }).from(topics).orderBy(topics.id);
  for (const [index, tutor] of tutorUsers.entries()) {
    await db
      .insert(tutors)
      .values({
        id: tutor.id,
        bio: bios[index % bios.length]![tutor.gender === Gender.Female ? Gender.Female : Gender.Male],
        about,
        notice: 60,
        activated: true,
        supportGroupJoined: true,
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing();
    const picked = [0, 1, 2].map((offset) => topicRows[(index + offset * 3) % topicRows.length]!.id);
    await db
      .insert(userTopics)
      .values(picked.map((topicId) => ({ userId: tutor.id, topicId, createdAt: at })))
      .onConflictDoNothing();
  }

  // Listed tutors need an image, a video and a thumbnail: every demo tutor gets the tiny demo
  // files (stored in R2 when a bucket is given), unless they already have their own.
  if (media) await storeDemoMedia(media);
  const tutorIds = tutorUsers.map((tutor) => tutor.id);
  if (tutorIds.length > 0)
    await db.batch([
      db
        .update(users)
        .set({ image: DEMO_MEDIA_URLS.image })
        .where(and(inArray(users.id, tutorIds), isNull(users.image))),
      db
        .update(tutors)
        .set({ video: DEMO_MEDIA_URLS.video })
        .where(and(inArray(tutors.id, tutorIds), isNull(tutors.video))),
      db
        .update(tutors)
        .set({ thumbnail: DEMO_MEDIA_URLS.thumbnail })
        .where(and(inArray(tutors.id, tutorIds), isNull(tutors.thumbnail))),
    ]);

  const [planCount] = await db
    .select({ count: sql<number>`count(*)` })
    .from(plans)
    .where(isNull(plans.deletedAt));
  if (!planCount?.count)
    await db.insert(plans).values(demoPlans.map((plan) => ({ ...plan, createdAt: at, updatedAt: at })));

  // The demo student holds a monthly subscription to the first plan, granted through the same
  // code path a paid transaction uses (only when they have no live one).
  const [demoStudent] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "student@dars.test"))
    .limit(1);
  const [firstPlan] = await db.select().from(plans).where(isNull(plans.deletedAt)).orderBy(plans.id).limit(1);
  if (demoStudent && firstPlan) {
    const [live] = await currentSubscriptionQuery(db, demoStudent.id, now);
    if (!live)
      await grantSubscription(db, {
        userId: demoStudent.id,
        planId: firstPlan.id,
        period: PlanPeriod.Month,
        amount: periodPrice(firstPlan, PlanPeriod.Month),
        transactionId: null,
        now,
      });
  }

  // Every demo tutor has free time this week (tutor@dars.test 16:00–20:00 Cairo; the others three
  // hours at staggered times), so the list and booking work on a fresh start.
  for (const [index, tutor] of tutorUsers.entries()) {
    if (tutor.email === "manager@dars.test") continue;
    const [ahead] = await db
      .select({ id: availabilitySlots.id })
      .from(availabilitySlots)
      .where(
        and(
          eq(availabilitySlots.userId, tutor.id),
          gt(availabilitySlots.end, at),
          isNull(availabilitySlots.deletedAt),
        ),
      )
      .limit(1);
    if (ahead) continue;
    const slots =
      tutor.email === "tutor@dars.test"
        ? thisWeeksSlots(now)
        : thisWeeksSlots(now, 6 + ((index * 2) % 12), 3);
    await db.insert(availabilitySlots).values(
      slots.map((slot) => ({
        ...slot,
        userId: tutor.id,
        purpose: SlotPurpose.General,
        createdAt: at,
        updatedAt: at,
      })),
    );
  }

  // The demo tutor has fulfilled past lessons, so earnings and withdrawals have a balance.
  await seedDemoEarnings(db, now);

  return {
    accounts: accounts.map(({ email, role }) => ({ email, role })),
    password: DEMO_PASSWORD,
    created: missing.length,
  };
}
