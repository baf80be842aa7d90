// Local-only seeding for `npm run bench` (tests/bench/run.mjs): thousands of listed tutors and
// subscribed students in one D1 batch. Rows are generated inside SQLite (recursive CTEs), so the
// batch binds a handful of parameters however many rows it makes.
import type { BenchFillInput, BenchSeedInput } from "../schema/api/bench";
import type { BenchFilled } from "../schema/api/dev";
import {
  Gender,
  MessagingApp,
  PaymentMethod,
  PlanPeriod,
  Role,
  SlotPurpose,
  TransactionStatus,
} from "../schema/enums";
import type { BenchChatRoom } from "./bench-chat-room";
import type { Env } from "../worker/core/env";
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
  // Rows i = offset + 1 … offset + count, so a later call (a chunk) numbers on.
  const numbers = "WITH RECURSIVE n(i) AS (SELECT ? + 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)";
  const client = d1(db);
  // This call's accounts are the ones past the newest id now (a chunk leaves the earlier ones alone).
  const before =
    (await client.prepare("SELECT coalesce(max(id), 0) AS id FROM users").first<{ id: number }>())?.id ?? 0;
  const fresh = `id > ${Number(before)}`;
  const statements = [
    client
      .prepare(
        `${numbers} INSERT INTO users (email, name, role, image, birth_year, gender, phone, city, notification_method,
          verified_email, verified_phone, created_at, updated_at)
        SELECT '${tutorPrefix}' || i || '@bench.test', 'مدرس تجريبي ' || i, ${Role.Tutor}, 'uploads/bench/tutor-' || i || '.jpg', 1990,
          CASE i % 2 WHEN 0 THEN '${Gender.Male}' ELSE '${Gender.Female}' END, '010' || printf('%08d', i), 1, ${MessagingApp.Whatsapp},
          1, 1, ?, ?
        FROM n WHERE ? > 0 ON CONFLICT DO NOTHING`,
      )
      .bind(input.tutorOffset, input.tutorOffset + Math.max(input.tutors, 1), at, at, input.tutors),
    client
      .prepare(
        `INSERT INTO tutors (id, bio, about, video, thumbnail, notice, activated, support_group_joined, created_at, updated_at)
        SELECT id, ?, ?, 'uploads/bench/intro-' || id || '.mp4', 'uploads/bench/thumb-' || id || '.jpg', 60, 1, 1, ?, ?
        FROM users WHERE ${fresh} AND ${ofTutors} ON CONFLICT DO NOTHING`,
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
        SELECT u.id, t.id, ? FROM users u JOIN topics t ON t.id % 3 = u.id % 3
        WHERE u.${fresh} AND ${ofTutors.replaceAll("email", "u.email")}
        ON CONFLICT DO NOTHING`,
      )
      .bind(at),
    client
      .prepare(
        `INSERT INTO availability_slots (user_id, start, "end", purpose, created_at, updated_at)
        SELECT id, ?, ?, ${SlotPurpose.General}, ?, ? FROM users WHERE ${fresh} AND ${ofTutors}`,
      )
      .bind(slotStart, slotEnd, at, at),
    client
      .prepare(
        `${numbers} INSERT INTO users (email, name, role, gender, verified_email, created_at, updated_at)
        SELECT '${studentPrefix}' || i || '@bench.test', 'طالب تجريبي ' || i, ${Role.Student}, '${Gender.Female}', 1, ?, ?
        FROM n WHERE ? > 0 ON CONFLICT DO NOTHING`,
      )
      .bind(input.studentOffset, input.studentOffset + Math.max(input.students, 1), at, at, input.students),
    client
      .prepare(
        `INSERT INTO students (id, created_at, updated_at) SELECT id, ?, ? FROM users WHERE ${fresh} AND ${ofStudents} ON CONFLICT DO NOTHING`,
      )
      .bind(at, at),
    // A hidden plan (inactive), so the bench students' subscriptions never run out of minutes.
    client
      .prepare(
        `INSERT INTO plans (weekly_minutes, base_month_price, active, created_at, updated_at) SELECT 10080, 100, 0, ?, ?
        WHERE ? > 0 AND NOT EXISTS (SELECT 1 FROM plans WHERE weekly_minutes = 10080 AND active = 0)`,
      )
      .bind(at, at, input.students),
    client
      .prepare(
        `INSERT INTO subscriptions (user_id, plan_id, period, weekly_minutes, amount, start, "end", status, created_at, updated_at)
        SELECT u.id, (SELECT max(id) FROM plans WHERE weekly_minutes = 10080 AND active = 0), ${PlanPeriod.Month}, 10080, 100, ?, ?, 'active', ?, ?
        FROM users u WHERE u.${fresh} AND ${ofStudents.replaceAll("email", "u.email")} ON CONFLICT DO NOTHING`,
      )
      .bind(at, subEnd, at, at),
    client.prepare(`SELECT id FROM users WHERE ${ofTutors} ORDER BY id`),
    client.prepare(`SELECT id FROM users WHERE ${fresh} AND ${ofStudents} ORDER BY id`),
  ];
  const results = await client.batch<{ id: number }>(statements);
  tutorsChanged();
  const tutorIds = results[results.length - 2]!.results.map((row) => row.id);
  const studentIds = results[results.length - 1]!.results.map((row) => row.id);
  // Each account signs in once: a stored session per token (tokens name their session).
  const tokenStudents = studentIds.slice(0, input.studentTokens ?? studentIds.length);
  const accounts = [...tutorIds.slice(0, input.tutorTokens), ...tokenStudents].map((id) => ({
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
    students: await Promise.all(tokenStudents.map(withToken)),
    slotStart,
    slotEnd,
  };
}

/**
 * History for `npm run bench`'s growth (docs/benchmarks.md): rows from + 1 … from + count of one
 * table, row i going to the tag's tutor i mod tutors and student i mod students (both numbered
 * from 1 by seedBench), in one bounded D1 batch made inside SQLite. Lessons are past and
 * fulfilled (both members stored), a tutor's spread over the weeks before now; transactions paid,
 * audit rows and sent outbox rows spread over the past year. "chat": `count` rooms, room r pairing
 * student r with tutor (tutors + 1 - r) (so none is a pair the chat load opens), each given
 * `messages` messages in its Durable Object (emulators/bench-chat-room.ts, seedBenchMessages: the
 * local entry's chat room).
 */
export async function fillBench(
  env: Pick<Env, "CHAT_ROOM">,
  db: Db,
  input: BenchFillInput,
  now = new Date(),
): Promise<BenchFilled> {
  const client = d1(db);
  const at = now.toISOString();
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  const tutorEmail = (index: string) => `'bench-${input.tag}-t' || (${index}) || '@bench.test'`;
  const studentEmail = (index: string) => `'bench-${input.tag}-s' || (${index}) || '@bench.test'`;
  const numbers = "WITH RECURSIVE n(i) AS (SELECT ? + 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)";
  const range = [input.from, input.from + input.count] as const;
  const iso = "'%Y-%m-%dT%H:%M:%fZ'";
  const student = `JOIN users s ON s.email = ${studentEmail(`(i - 1) % ${input.students} + 1`)}`;
  // Rows counted by id, not by meta.changes (which counts the triggers' writes too: stats, tutor list).
  const newest = async (table: string) =>
    (await client.prepare(`SELECT coalesce(max(id), 0) AS id FROM ${table}`).first<{ id: number }>())?.id ??
    0;
  const since = (table: string, before: number, column = "id") =>
    client.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} > ?`).bind(before);
  const count = async (table: string, insert: D1PreparedStatement) => {
    const before = await newest(table);
    const results = await client.batch<{ n: number }>([insert, since(table, before)]);
    return results[1]!.results[0]!.n;
  };
  switch (input.table) {
    case "lessons": {
      const before = await newest("lessons");
      // Tutor k's j-th lesson starts j × 3 days and (k mod 72) hours before this hour: distinct per tutor.
      const start = `strftime(${iso}, ?, '-' || (((i - 1) / ${input.tutors}) * 72 + (i - 1) % 72 + 1) || ' hours')`;
      const results = await client.batch<{ n: number }>([
        client
          .prepare(
            `${numbers} INSERT INTO lessons (tutor_id, start, "end", duration, price, tutor_earning, subscription_id, is_trial,
              created_by, created_at, updated_at)
            SELECT t.id, ${start}, strftime(${iso}, ${start}, '+30 minutes'), 30, 5000, 3000,
              (SELECT max(id) FROM subscriptions WHERE user_id = s.id), 0, s.id, ?, ?
            FROM n JOIN users t ON t.email = ${tutorEmail(`(i - 1) % ${input.tutors} + 1`)} ${student}
            WHERE true ON CONFLICT DO NOTHING`,
          )
          .bind(...range, hour, hour, at, at),
        client
          .prepare(
            `INSERT INTO lesson_members (lesson_id, user_id, role, created_at) SELECT id, tutor_id, ${Role.Tutor}, ? FROM lessons WHERE id > ?
            ON CONFLICT DO NOTHING`,
          )
          .bind(at, before),
        client
          .prepare(
            `INSERT INTO lesson_members (lesson_id, user_id, role, created_at) SELECT id, created_by, ${Role.Student}, ? FROM lessons WHERE id > ?
            ON CONFLICT DO NOTHING`,
          )
          .bind(at, before),
        since("lessons", before),
        since("lesson_members", before, "lesson_id"),
      ]);
      return { rows: results[3]!.results[0]!.n, members: results[4]!.results[0]!.n };
    }
    case "transactions": {
      const paid = `strftime(${iso}, ?, '-' || ((i * 7919) % 525600) || ' minutes')`;
      const rows = await count(
        "transactions",
        client
          .prepare(
            `${numbers} INSERT INTO transactions (user_id, plan_id, period, base_amount, amount, method, status, merchant_ref_num,
              fawry_ref_number, paid_at, created_at, updated_at)
            SELECT s.id, (SELECT max(id) FROM plans WHERE weekly_minutes = 10080 AND active = 0), ${PlanPeriod.Month}, 40000, 40000,
              ${PaymentMethod.Card}, ${TransactionStatus.Paid}, 'bench-${input.tag}-' || i, 'fawry-${input.tag}-' || i, ${paid}, ${paid}, ${paid}
            FROM n ${student} WHERE true ON CONFLICT DO NOTHING`,
          )
          .bind(...range, at, at, at),
      );
      return { rows, members: 0 };
    }
    case "audit": {
      const when = `strftime(${iso}, ?, '-' || ((i * 104729) % 525600) || ' minutes')`;
      const rows = await count(
        "audit_log",
        client
          .prepare(
            `${numbers} INSERT INTO audit_log (actor_id, action, target_type, target_id, before, after, request_id, created_at)
            SELECT (SELECT min(id) FROM users WHERE role = ${Role.SuperAdmin}),
              CASE i % 3 WHEN 0 THEN 'user.update' WHEN 1 THEN 'user.role' ELSE 'user.suspend' END, 'user', s.id,
              '{"role":4}', '{"role":4,"note":"bench"}', 'bench-' || i, ${when}
            FROM n ${student} WHERE true`,
          )
          .bind(...range, at),
      );
      return { rows, members: 0 };
    }
    case "outbox": {
      const when = `strftime(${iso}, ?, '-' || ((i * 15485863) % 525600) || ' minutes')`;
      const rows = await count(
        "notifications_outbox",
        client
          .prepare(
            `${numbers} INSERT INTO notifications_outbox (user_id, channel, kind, recipient, subject, body, status, attempts, created_at, sent_at)
            SELECT s.id, 'email', NULL, s.email, 'حصتك بكرة', ?, 'sent', 1, ${when}, ${when}
            FROM n ${student} WHERE true`,
          )
          .bind(...range, OUTBOX_BODY, at, at),
      );
      return { rows, members: 0 };
    }
    case "chat": {
      // Room r: student r with tutor (tutors + 1 - r); one D1 batch makes the rooms and their members.
      const pair = `FROM n ${student} JOIN users t ON t.email = ${tutorEmail(`${input.tutors} + 1 - ((i - 1) % ${input.tutors} + 1)`)}`;
      const key = "min(s.id, t.id) || ':' || max(s.id, t.id)";
      const results = await client.batch<{ id: number; student: number; tutor: number }>([
        client
          .prepare(
            `${numbers} INSERT INTO chat_rooms (pair_key, created_at, updated_at) SELECT ${key}, ?, ? ${pair} WHERE true ON CONFLICT DO NOTHING`,
          )
          .bind(...range, at, at),
        client
          .prepare(
            `${numbers} INSERT INTO chat_room_members (room_id, user_id, created_at, updated_at)
            SELECT r.id, m.id, ?, ? ${pair} JOIN chat_rooms r ON r.pair_key = ${key} JOIN users m ON m.id IN (s.id, t.id)
            WHERE true ON CONFLICT DO NOTHING`,
          )
          .bind(...range, at, at),
        client
          .prepare(
            `${numbers} SELECT r.id, s.id AS student, t.id AS tutor ${pair} JOIN chat_rooms r ON r.pair_key = ${key}`,
          )
          .bind(...range),
      ]);
      const rooms = results[2]!.results;
      const started = new Date(now.getTime() - WEEK_MS).toISOString();
      let messages = 0;
      // A few rooms at a time: each call is one statement inside its own Durable Object.
      for (let index = 0; index < rooms.length; index += 10)
        for (const added of await Promise.all(
          rooms
            .slice(index, index + 10)
            .map((room) =>
              (env.CHAT_ROOM as DurableObjectNamespace<BenchChatRoom>)
                .getByName(String(room.id))
                .seedBenchMessages([room.student, room.tutor], input.messages, started),
            ),
        ))
          messages += added;
      return { rows: messages, members: rooms.length };
    }
  }
}

const OUTBOX_BODY =
  "أهلًا! بنفكّرك إن عندك حصة إنجليزي بكرة الساعة ٧ مساءً بتوقيت القاهرة لمدة ٣٠ دقيقة. ادخل الحصة من صفحة حصصي قبلها بدقايق، ولو محتاج تغيّر الميعاد تقدر تعمل ده لحد قبلها بـ ١٢ ساعة.";
