// Local-only seeding for `npm run bench` (tests/bench/run.mjs): thousands of listed tutors and
// subscribed students in one D1 batch. Rows are generated inside SQLite (recursive CTEs), so the
// batch binds a handful of parameters however many rows it makes.
import type { BenchSeedInput } from "../schema/api/bench";
import { Gender, MessagingApp, PlanPeriod, Role, SlotPurpose } from "../schema/enums";
import { GRID_MS } from "../schema/pricing";
import { HOUR_MS, WEEK_MS } from "../schema/time";
import { d1 } from "../worker/core/db";
import { issueToken } from "../worker/domain/identity/token";
import { tutorsChanged } from "../worker/domain/tutors/tutor-list";
import type { Db } from "../worker/core/context";

export type BenchAccount = { id: number; token: string };
export type BenchSeed = {
  tutorIds: number[];
  tutors: BenchAccount[];
  students: BenchAccount[];
  /** Every tutor has one General slot from here for 7 days (grid-aligned, past any notice). */
  slotStart: string;
  slotEnd: string;
};

const BIO = "مدرس لغة إنجليزية بخبرة طويلة في المحادثة";
const ABOUT =
  "أدرّس اللغة الإنجليزية منذ سنوات للطلاب والموظفين، وأركز على المحادثة العملية والنطق الصحيح مع خطة لكل طالب.";

/**
 * Creates `tutors` onboarded tutors (complete profile, activated, image, intro video and
 * thumbnail set, two or so topics, one week-long free slot) and `students` verified students,
 * each holding an active monthly subscription to a hidden bench plan with the most weekly
 * minutes a plan may have. Answers the ids and bearer tokens the benchmark signs in with.
 */
export async function seedBench(
  db: Db,
  secret: string,
  input: BenchSeedInput,
  now = new Date(),
): Promise<BenchSeed> {
  const at = now.toISOString();
  const slotStart = new Date(Math.ceil(now.getTime() / GRID_MS) * GRID_MS + 2 * HOUR_MS).toISOString();
  const slotEnd = new Date(Date.parse(slotStart) + WEEK_MS).toISOString();
  const subEnd = new Date(now.getTime() + 4 * WEEK_MS).toISOString();
  const tutorPrefix = `bench-${input.tag}-t`;
  const studentPrefix = `bench-${input.tag}-s`;
  const ofTutors = `substr(email, 1, ${tutorPrefix.length}) = '${tutorPrefix}'`;
  const ofStudents = `substr(email, 1, ${studentPrefix.length}) = '${studentPrefix}'`;
  const numbers = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)";
  const client = d1(db);
  const statements = [
    client
      .prepare(
        `${numbers} INSERT INTO users (email, name, role, image, birth_year, gender, phone, city, notification_method,
          verified_email, verified_phone, created_at, updated_at)
        SELECT '${tutorPrefix}' || i || '@bench.test', 'مدرس تجريبي ' || i, ${Role.Tutor}, 'uploads/bench/tutor-' || i || '.jpg', 1990,
          CASE i % 2 WHEN 0 THEN '${Gender.Male}' ELSE '${Gender.Female}' END, '010' || printf('%08d', i), 1, ${MessagingApp.Whatsapp},
          1, 1, ?, ?
        FROM n WHERE true ON CONFLICT DO NOTHING`,
      )
      .bind(input.tutors, at, at),
    client
      .prepare(
        `INSERT INTO tutors (id, bio, about, video, thumbnail, notice, activated, support_group_joined, created_at, updated_at)
        SELECT id, ?, ?, 'uploads/bench/intro-' || id || '.mp4', 'uploads/bench/thumb-' || id || '.jpg', 60, 1, 1, ?, ?
        FROM users WHERE ${ofTutors} ON CONFLICT DO NOTHING`,
      )
      .bind(BIO, ABOUT, at, at),
    // Topics to pick from when the database has none yet (the demo seed makes ten).
    client
      .prepare(
        `INSERT INTO topics (name_ar, name_en, created_at, updated_at)
        SELECT 'المحادثة اليومية', 'Everyday conversation', ?, ? UNION ALL SELECT 'القواعد', 'Grammar', ?, ?
        UNION ALL SELECT 'النطق', 'Pronunciation', ?, ? WHERE true ON CONFLICT DO NOTHING`,
      )
      .bind(at, at, at, at, at, at),
    client
      .prepare(
        `INSERT INTO user_topics (user_id, topic_id, created_at)
        SELECT u.id, t.id, ? FROM users u JOIN topics t ON t.id % 3 = u.id % 3 WHERE ${ofTutors.replaceAll("email", "u.email")}
        ON CONFLICT DO NOTHING`,
      )
      .bind(at),
    client
      .prepare(
        `INSERT INTO availability_slots (user_id, start, "end", purpose, created_at, updated_at)
        SELECT id, ?, ?, ${SlotPurpose.General}, ?, ? FROM users WHERE ${ofTutors}`,
      )
      .bind(slotStart, slotEnd, at, at),
    client
      .prepare(
        `${numbers} INSERT INTO users (email, name, role, gender, verified_email, created_at, updated_at)
        SELECT '${studentPrefix}' || i || '@bench.test', 'طالب تجريبي ' || i, ${Role.Student}, '${Gender.Female}', 1, ?, ?
        FROM n WHERE ? > 0 ON CONFLICT DO NOTHING`,
      )
      .bind(Math.max(input.students, 1), at, at, input.students),
    client
      .prepare(
        `INSERT INTO students (id, created_at, updated_at) SELECT id, ?, ? FROM users WHERE ${ofStudents} ON CONFLICT DO NOTHING`,
      )
      .bind(at, at),
    // A hidden plan (inactive), so the bench students' subscriptions never run out of minutes.
    client
      .prepare(
        "INSERT INTO plans (weekly_minutes, base_month_price, active, created_at, updated_at) SELECT 10080, 100, 0, ?, ? WHERE ? > 0",
      )
      .bind(at, at, input.students),
    client
      .prepare(
        `INSERT INTO subscriptions (user_id, plan_id, period, weekly_minutes, amount, start, "end", status, created_at, updated_at)
        SELECT u.id, (SELECT max(id) FROM plans WHERE weekly_minutes = 10080 AND active = 0), ${PlanPeriod.Month}, 10080, 100, ?, ?, 'active', ?, ?
        FROM users u WHERE ${ofStudents.replaceAll("email", "u.email")} ON CONFLICT DO NOTHING`,
      )
      .bind(at, subEnd, at, at),
    client.prepare(`SELECT id FROM users WHERE ${ofTutors} ORDER BY id`),
    client.prepare(`SELECT id FROM users WHERE ${ofStudents} ORDER BY id`),
  ];
  const results = await client.batch<{ id: number }>(statements);
  tutorsChanged();
  const tutorIds = results[results.length - 2]!.results.map((row) => row.id);
  const studentIds = results[results.length - 1]!.results.map((row) => row.id);
  // Each account signs in once: a stored session per token (tokens name their session).
  const accounts = [...tutorIds.slice(0, input.tutorTokens), ...studentIds].map((id) => ({
    id,
    sid: crypto.randomUUID(),
  }));
  if (accounts.length)
    await client.batch(
      accounts.map(({ id, sid }) =>
        client
          .prepare(
            "INSERT INTO auth_sessions (id, user_id, device, country, created_at, last_seen_at) VALUES (?, ?, 'bench', NULL, ?, ?)",
          )
          .bind(sid, id, at, at),
      ),
    );
  const sessionOf = new Map(accounts.map(({ id, sid }) => [id, sid]));
  const withToken = async (id: number): Promise<BenchAccount> => ({
    id,
    token: await issueToken(id, sessionOf.get(id)!, secret),
  });
  return {
    tutorIds,
    tutors: await Promise.all(tutorIds.slice(0, input.tutorTokens).map(withToken)),
    students: await Promise.all(studentIds.map(withToken)),
    slotStart,
    slotEnd,
  };
}
