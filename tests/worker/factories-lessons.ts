import { env } from "cloudflare:workers";
import { Role, SlotPurpose, type PlanPeriod } from "../../schema/enums";
import { createDb } from "../../worker/core/db";
import { grantSubscription } from "../../worker/domain/payments/subscriptions";
import { issueToken } from "../../worker/domain/identity/token";
import { readConfig } from "../../worker/core/env";
import { callContract } from "./helpers";
import { lessonContracts } from "../../schema/api/lesson";

export const db = () => createDb(env);

let sequence = 0;
const iso = () => new Date().toISOString();

export type Session = { id: number; token: string; email: string };

/** A user written straight to D1 (fast: no password hashing), with a bearer token. */
export async function createUser(
  role: Role,
  options: { verifiedEmail?: boolean; name?: string } = {},
): Promise<Session> {
  sequence++;
  const email = `${role === Role.Student ? "s" : "t"}-${Date.now().toString(36)}-${sequence}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const row = await env.DB.prepare(
    "INSERT INTO users (email, name, role, verified_email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(email, options.name ?? "مستخدم تجريبي", role, options.verifiedEmail === false ? 0 : 1, iso(), iso())
    .first<{ id: number }>();
  const id = row!.id;
  return { id, token: await storedSessionToken(id), email };
}

/** A bearer token for a session stored straight in D1 (as a sign-in would store it). */
export async function storedSessionToken(
  userId: number,
  secret = readConfig(env).TOKEN_SECRET,
  now = Date.now(),
): Promise<string> {
  const sid = crypto.randomUUID();
  const at = new Date(now).toISOString();
  await env.DB.prepare(
    "INSERT INTO auth_sessions (id, user_id, device, country, created_at, last_seen_at) VALUES (?, ?, 'Test', NULL, ?, ?)",
  )
    .bind(sid, userId, at, at)
    .run();
  return issueToken(userId, sid, secret, now);
}

export async function createStudent(options: { verifiedEmail?: boolean } = {}): Promise<Session> {
  const student = await createUser(Role.Student, options);
  await env.DB.prepare("INSERT INTO students (id, created_at, updated_at) VALUES (?, ?, ?)")
    .bind(student.id, iso(), iso())
    .run();
  return student;
}

/** An activated tutor (or tutor manager) with a notice in minutes. */
export async function createTutor(
  options: { role?: Role; activated?: boolean; notice?: number } = {},
): Promise<Session> {
  const tutor = await createUser(options.role ?? Role.Tutor, { name: "مدرس تجريبي" });
  await env.DB.prepare(
    "INSERT INTO tutors (id, notice, activated, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
  )
    .bind(tutor.id, options.notice ?? 60, options.activated === false ? 0 : 1, iso(), iso())
    .run();
  return tutor;
}

export async function addSlot(
  userId: number,
  start: Date,
  end: Date,
  purpose: number = SlotPurpose.General,
): Promise<number> {
  const row = await env.DB.prepare(
    'INSERT INTO availability_slots (user_id, start, "end", purpose, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(userId, start.toISOString(), end.toISOString(), purpose, iso(), iso())
    .first<{ id: number }>();
  return row!.id;
}

/** A time on the 15-minute grid at least `hours` ahead (plus `minutes`). */
export function gridTime(hours: number, minutes = 0): Date {
  const grid = 15 * 60 * 1000;
  const t = Date.now() + hours * 60 * 60 * 1000;
  return new Date(Math.ceil(t / grid) * grid + minutes * 60 * 1000);
}

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60 * 1000);

export async function createPlan(
  overrides: Partial<{
    weeklyMinutes: number;
    baseMonthPrice: number;
    active: boolean;
    inviteOnly: boolean;
  }> = {},
) {
  const row = await env.DB.prepare(
    "INSERT INTO plans (weekly_minutes, base_month_price, month_discount, quarter_discount, year_discount, active, invite_only, created_at, updated_at) VALUES (?, ?, 0, 1000, 2000, ?, ?, ?, ?) RETURNING id",
  )
    .bind(
      overrides.weeklyMinutes ?? 60,
      overrides.baseMonthPrice ?? 50_000,
      overrides.active === false ? 0 : 1,
      overrides.inviteOnly ? 1 : 0,
      iso(),
      iso(),
    )
    .first<{ id: number }>();
  return row!.id;
}

/** Subscribes a student through grantSubscription, the path a paid transaction takes. */
export async function subscribe(
  userId: number,
  options: { weeklyMinutes?: number; period?: PlanPeriod; amount?: number; now?: Date } = {},
) {
  const planId = await createPlan({ weeklyMinutes: options.weeklyMinutes ?? 60 });
  return grantSubscription(db(), {
    userId,
    planId,
    period: options.period ?? 0,
    amount: options.amount ?? 50_000,
    transactionId: null,
    now: options.now ?? new Date(),
  });
}

/** Books through the API. */
export function book(student: Session, tutorId: number, start: Date, duration: 15 | 30 = 30) {
  return callContract(lessonContracts.book, {
    token: student.token,
    body: { tutorId, start: start.toISOString(), duration },
  });
}

/** A tutor with a General slot covering [from, from + hours). */
export async function tutorFreeAt(from: Date, hours = 4, options: { role?: Role; notice?: number } = {}) {
  const tutor = await createTutor(options);
  await addSlot(tutor.id, from, addMinutes(from, hours * 60));
  return tutor;
}
