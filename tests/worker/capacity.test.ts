// The capacity model's measured number (docs/capacity.md): the bytes one active student adds to D1
// in a year, measured in workerd's D1 (each answer's meta.size_after) over rows shaped like the
// product's own. A year of a student who takes two lessons a week: 100 lessons (each with its two
// members, its booking and reminder messages in the outbox, the tutor's note and five new words),
// 12 monthly payments with the provider's answer kept, 20 sign-in sessions and a few audit rows.
// Chat messages are not here: they live in each room's Durable Object, not in D1. Beside the year it
// measures the steady state: the outbox holding only retentionDays.sentNotificationRows days of
// messages (the retention job deletes older sent rows), and prints docs/capacity.md's "full in" columns from both.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { retentionDays } from "../../schema/retention";
import { register } from "./helpers";

const STUDENTS = 20;
const LESSONS = 100;
/**
 * The retention job deletes a sent notification row retentionDays.sentNotificationRows days after
 * it was sent (worker/domain/privacy/retention.ts), so at any time a student's outbox holds the
 * messages of that many days' lessons, not the year's. (Rows that failed for good are kept longer,
 * 180 days, but they are few: the measured year has none.)
 */
const WINDOW_LESSONS = Math.round((LESSONS * retentionDays.sentNotificationRows) / 365);
/** The budget the capacity model is built on: a regression past it changes docs/capacity.md's dates. */
const BUDGET_BYTES = 1024 * 1024;

const ARABIC_BODY =
  "أهلًا! اتأكد حجز حصتك مع المدرّس يوم الخميس الساعة ٧ مساءً بتوقيت القاهرة، لمدة ٣٠ دقيقة. تقدر تلغي أو تغيّر الميعاد من صفحة حصصي لحد قبلها بـ ١٢ ساعة. ادخل الحصة من الرابط ده قبلها بدقايق: https://dars.example/lesson/123";
const SUMMARY =
  "اتكلمنا عن الروتين اليومي وأفعال الصبح، وراجعنا المضارع البسيط واتمرنا على أسئلة بـ do و does.";
const WORDS = JSON.stringify(
  ["wake up", "breakfast", "commute", "deadline", "weekend"].map((word) => ({
    word,
    meaning: "معنى الكلمة بالعربي",
    example: `I ${word} every day.`,
  })),
);
const PAYLOAD = JSON.stringify({
  type: "ChargeResponse",
  referenceNumber: "9990123456",
  merchantRefNumber: "dars-000123-abcdef",
  orderAmount: 1200.0,
  paymentAmount: 1200.0,
  fawryFees: 12.5,
  paymentMethod: "CARD",
  orderStatus: "PAID",
  paymentTime: 1795728762810,
  customerMobile: "01012345678",
  customerMail: "student@example.com",
  statusCode: 200,
  statusDescription: "Operation done successfully",
  signature: "a".repeat(64),
});

async function sizeNow(): Promise<number> {
  return (await env.DB.prepare("SELECT 1").run()).meta.size_after;
}

/** The bytes each table grew by, over all students. */
const grown = new Map<string, number>();

async function measured(table: string, statement: D1PreparedStatement) {
  const before = await sizeNow();
  await statement.run();
  grown.set(table, (grown.get(table) ?? 0) + (await sizeNow()) - before);
}

/** One year of one student's rows, written the way the product writes them (one statement per table). */
async function studentYear(studentId: number, tutorId: number, planId: number, year: number) {
  const at = `${year}-01-01T10:00:00.000Z`;
  const series = (n: number) =>
    `WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < ${n - 1})`;
  await measured(
    "lessons",
    env.DB.prepare(
      `${series(LESSONS)} INSERT INTO lessons (tutor_id, start, "end", duration, price, tutor_earning, is_trial, created_by, created_at, updated_at)
       SELECT ?1, strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '+' || (i * 3) || ' days'), strftime('%Y-%m-%dT%H:%M:%fZ', ?2, '+' || (i * 3) || ' days', '+30 minutes'),
              30, 6000, 3000, 0, ?3, ?2, ?2 FROM k`,
    ).bind(tutorId, at, studentId),
  );
  const lessonIds = `SELECT id FROM lessons WHERE created_by = ${studentId} AND created_at = '${at}'`;
  await measured(
    "lesson_members",
    env.DB.prepare(
      `INSERT INTO lesson_members (lesson_id, user_id, role, created_at)
       SELECT id, ?1, ${Role.Student}, ?3 FROM (${lessonIds}) UNION ALL SELECT id, ?2, ${Role.Tutor}, ?3 FROM (${lessonIds})`,
    ).bind(studentId, tutorId, at),
  );
  // Booking (student and tutor, email and WhatsApp) and the two reminders (email and WhatsApp).
  await measured(
    "notifications_outbox",
    env.DB.prepare(
      `${series(8)} INSERT INTO notifications_outbox (user_id, channel, recipient, subject, body, status, attempts, dedupe_key, created_at, sent_at, kind)
       SELECT ?1, CASE WHEN k.i % 2 = 0 THEN 'email' ELSE 'whatsapp' END, 'student' || ?1 || '@example.com', 'تذكير: حصتك بكرة', ?2, 'sent', 1,
              'capacity:' || l.id || ':' || k.i, ?3, ?3, 'lesson-reminders' FROM (${lessonIds}) l, k`,
    ).bind(studentId, ARABIC_BODY, at),
  );
  // The same messages once the retention job has emptied what they said (worker/domain/privacy/retention.ts).
  await measured(
    "notifications_outbox after retention",
    env.DB.prepare(
      `${series(8)} INSERT INTO notifications_outbox (user_id, channel, recipient, subject, body, status, attempts, dedupe_key, created_at, sent_at, kind)
       SELECT ?1, CASE WHEN k.i % 2 = 0 THEN 'email' ELSE 'whatsapp' END, 'student' || ?1 || '@example.com', 'تذكير: حصتك بكرة', '', 'sent', 1,
              'capacity-kept:' || l.id || ':' || k.i, ?2, ?2, 'lesson-reminders' FROM (${lessonIds}) l, k`,
    ).bind(studentId, at),
  );
  // What stays once rows older than the period are deleted: the messages of the window's lessons.
  await measured(
    "notifications_outbox kept",
    env.DB.prepare(
      `${series(8)} INSERT INTO notifications_outbox (user_id, channel, recipient, subject, body, status, attempts, dedupe_key, created_at, sent_at, kind)
       SELECT ?1, CASE WHEN k.i % 2 = 0 THEN 'email' ELSE 'whatsapp' END, 'student' || ?1 || '@example.com', 'تذكير: حصتك بكرة', ?2, 'sent', 1,
              'capacity-window:' || l.id || ':' || k.i, ?3, ?3, 'lesson-reminders' FROM (${lessonIds} ORDER BY id LIMIT ?4) l, k`,
    ).bind(studentId, ARABIC_BODY, at, WINDOW_LESSONS),
  );
  await measured(
    "lesson_notes",
    env.DB.prepare(
      `INSERT INTO lesson_notes (lesson_id, tutor_id, student_id, summary, words, homework, created_at, updated_at)
       SELECT id, ?1, ?2, ?3, ?4, 'اكتب خمس جمل عن يومك بالإنجليزي', ?5, ?5 FROM (${lessonIds})`,
    ).bind(tutorId, studentId, SUMMARY, WORDS, at),
  );
  await measured(
    "student_words",
    env.DB.prepare(
      `${series(5)} INSERT INTO student_words (student_id, lesson_id, word, word_key, meaning, example, step, due_at, created_at, updated_at)
       SELECT ?1, l.id, 'word ' || l.id || '-' || k.i, 'word ' || l.id || '-' || k.i, 'معنى الكلمة بالعربي', 'I use this word every day.', 2, ?2, ?2, ?2
       FROM (${lessonIds}) l, k`,
    ).bind(studentId, at),
  );
  await measured(
    "transactions",
    env.DB.prepare(
      `${series(12)} INSERT INTO transactions (user_id, plan_id, period, base_amount, amount, method, status, merchant_ref_num, fawry_ref_number, provider_payload, paid_at, created_at, updated_at)
       SELECT ?1, ?2, 0, 120000, 120000, 1, 1, 'dars-' || ?1 || '-' || ?4 || '-' || i, '999' || i, ?3, ?5, ?5, ?5 FROM k`,
    ).bind(studentId, planId, PAYLOAD, year, at),
  );
  await measured(
    "auth_sessions",
    env.DB.prepare(
      `${series(20)} INSERT INTO auth_sessions (id, user_id, created_at, last_seen_at, device, country)
       SELECT lower(hex(randomblob(16))), ?1, ?2, ?2, 'Chrome على Android', 'EG' FROM k`,
    ).bind(studentId, at),
  );
  await measured(
    "audit_log",
    env.DB.prepare(
      `${series(4)} INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, request_id, created_at)
       SELECT ?1, 'user.update', 'user', ?1, '{"name":"قديم"}', '{"name":"جديد"}', lower(hex(randomblob(8))), ?2 FROM k`,
    ).bind(studentId, at),
  );
}

describe("the capacity model's measured number", () => {
  it("measures the bytes one active student adds to D1 in a year, and keeps it within the model's budget", async () => {
    const tutor = await register(Role.Tutor);
    const admin = await register(Role.Student);
    const plan = await env.DB.prepare(
      `INSERT INTO plans (weekly_minutes, base_month_price, created_by, created_at, updated_at)
       VALUES (60, 120000, ?1, ?2, ?2) RETURNING id`,
    )
      .bind(admin.user.id, new Date().toISOString())
      .first<number>("id");
    const students = [];
    for (let i = 0; i < STUDENTS; i++) students.push(await register(Role.Student));
    const before = await sizeNow();
    // Each student's year is a different year, so one tutor's lessons never share a start.
    for (const [index, student] of students.entries())
      await studentYear(student.user.id, tutor.user.id, plan!, 2030 + index);
    // The year counts the messages once, as written; the emptied copy and the window are measured beside it only.
    const beside =
      (grown.get("notifications_outbox after retention") ?? 0) +
      (grown.get("notifications_outbox kept") ?? 0);
    const perStudentYear = ((await sizeNow()) - before - beside) / STUDENTS;
    // Steady state: a year of every other table, and the outbox's window instead of its year.
    const outboxYear = (grown.get("notifications_outbox") ?? 0) / STUDENTS;
    const outboxKept = (grown.get("notifications_outbox kept") ?? 0) / STUDENTS;
    const rest = perStudentYear - outboxYear;
    const emptied = rest + (grown.get("notifications_outbox after retention") ?? 0) / STUDENTS;
    /** Days until D1's 10 GiB for `students` active ones (docs/capacity.md, "When D1's 10 GB is reached"). */
    const fullInDays = (students: number) => {
      const each = (10 * 1024 ** 3) / students;
      const window = retentionDays.sentNotificationRows;
      // Before the window is full everything grows by the year's figure; after it, only the rest does.
      if ((perStudentYear * window) / 365 >= each) return (each / perStudentYear) * 365;
      return ((each - outboxKept) / rest) * 365;
    };
    const kib = (bytes: number) => `${Math.round(bytes / STUDENTS / 1024)} KiB`;
    console.info(
      `capacity: one student-year = ${kib(perStudentYear * STUDENTS)} in D1; by table: ${[...grown]
        .sort((a, b) => b[1] - a[1])
        .map(([table, bytes]) => `${table} ${kib(bytes)}`)
        .join(", ")}`,
    );
    console.info(
      `capacity: steady state (sent outbox rows deleted after ${retentionDays.sentNotificationRows} days) = ${kib((rest + outboxKept) * STUDENTS)} per active student (${kib(rest * STUDENTS)} a year of the other tables + ${kib(outboxKept * STUDENTS)} of outbox); 10 GiB full in (as written / bodies emptied / rows deleted): ${[10_000, 100_000, 1_000_000].map((n) => `${n} students ${[perStudentYear, emptied].map((year) => Math.round(((10 * 1024 ** 3) / n / year) * 365)).join(" / ")} / ${Math.round(fullInDays(n))} days`).join(", ")}`,
    );
    expect(outboxKept).toBeGreaterThan(0);
    expect(outboxKept).toBeLessThan(outboxYear);
    expect(perStudentYear).toBeGreaterThan(0);
    expect(perStudentYear).toBeLessThan(BUDGET_BYTES);
  });
});
