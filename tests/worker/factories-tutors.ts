import { env } from "cloudflare:workers";
import { Role } from "../../schema/enums";
import type { AuthResponse } from "../../schema/api/user";
import { setDemoMediaStatements } from "../../emulators/media";
import { call, createUserWithRole } from "./helpers";

export const BIO = "مدرس لغة إنجليزية بخبرة طويلة في المحادثة";
export const ABOUT =
  "أدرّس اللغة الإنجليزية منذ سنوات للطلاب والموظفين، وأركز على المحادثة العملية والنطق الصحيح مع خطة لكل طالب.";

let phoneCounter = 0;

/** A tutor (or tutor manager) whose profile is complete and activated, so the public list shows them. */
export async function onboardedTutor(
  overrides: {
    name?: string;
    gender?: "male" | "female";
    role?: Role;
    activated?: boolean;
    bio?: string | null;
    media?: boolean;
  } = {},
): Promise<AuthResponse> {
  const session = await createUserWithRole(overrides.role ?? Role.Tutor);
  phoneCounter++;
  const at = new Date().toISOString();
  await env.DB.batch([
    env.DB.prepare(
      "UPDATE users SET name = ?, phone = ?, city = 1, verified_email = 1, verified_phone = 1, gender = ?, birth_year = 1990 WHERE id = ?",
    ).bind(
      overrides.name ?? "مدرس تجريبي",
      `0101${String(phoneCounter).padStart(7, "0")}`,
      overrides.gender ?? "male",
      session.user.id,
    ),
    env.DB.prepare("UPDATE tutors SET bio = ?, about = ?, activated = ?, updated_at = ? WHERE id = ?").bind(
      overrides.bio === undefined ? BIO : overrides.bio,
      ABOUT,
      overrides.activated === false ? 0 : 1,
      at,
      session.user.id,
    ),
    // Listed tutors have the studio's image, video and thumbnail (the demo files' URLs).
    ...(overrides.media === false ? [] : setDemoMediaStatements(env.DB, [session.user.id])),
  ]);
  return session;
}

const QUARTER = 15 * 60 * 1000;

/** A grid-aligned instant `minutes` from the next quarter hour after now. */
export function at(minutes: number, from = Date.now()): string {
  return new Date(Math.ceil(from / QUARTER) * QUARTER + minutes * 60 * 1000).toISOString();
}

export const addMinutes = (isoTime: string, minutes: number) =>
  new Date(Date.parse(isoTime) + minutes * 60 * 1000).toISOString();

export async function slotActions(token: string, actions: unknown[]) {
  return call("POST", "/api/v1/availability-slot/", { token, body: { actions } });
}

/** Creates one General slot through the API and answers its id. */
export async function createSlot(token: string, start: string, end: string, purpose = 1): Promise<number> {
  const response = await slotActions(token, [{ type: "create", start, end, purpose }]);
  if (response.status !== 200) throw new Error(`slot failed: ${JSON.stringify(response.body)}`);
  return response.body.created[0].id;
}

/** A booked lesson in a slot, written straight to D1 (booking itself is the lessons issue). */
export async function bookLessonInSlot(
  tutorId: number,
  studentId: number,
  slotId: number,
  start: string,
  duration = 30,
): Promise<number> {
  const now = new Date().toISOString();
  const lesson = await env.DB.prepare(
    "INSERT INTO lessons (tutor_id, slot_id, start, end, duration, price, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?) RETURNING id",
  )
    .bind(tutorId, slotId, start, addMinutes(start, duration), duration, studentId, now, now)
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
    ).bind(lesson!.id, tutorId, Role.Tutor, now),
    env.DB.prepare(
      "INSERT INTO lesson_members (lesson_id, user_id, role, created_at) VALUES (?, ?, ?, ?)",
    ).bind(lesson!.id, studentId, Role.Student, now),
  ]);
  return lesson!.id;
}

/** A pending 30-minute interview in a tutor manager's slot. */
export async function bookInterviewInSlot(
  managerId: number,
  tutorId: number,
  slotId: number,
  start: string,
): Promise<number> {
  const now = new Date().toISOString();
  const row = await env.DB.prepare(
    "INSERT INTO interviews (interviewee_id, interviewer_id, slot_id, start, end, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?) RETURNING id",
  )
    .bind(tutorId, managerId, slotId, start, addMinutes(start, 30), now, now)
    .first<{ id: number }>();
  return row!.id;
}

/** A pending 30-minute demo session in a tutor manager's slot. */
export async function bookDemoInSlot(
  managerId: number,
  tutorId: number,
  slotId: number,
  start: string,
): Promise<number> {
  const now = new Date().toISOString();
  const row = await env.DB.prepare(
    "INSERT INTO demo_sessions (tutor_id, tutor_manager_id, slot_id, start, end, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?) RETURNING id",
  )
    .bind(tutorId, managerId, slotId, start, addMinutes(start, 30), now, now)
    .first<{ id: number }>();
  return row!.id;
}

export async function createTopicRow(nameAr: string, nameEn: string): Promise<number> {
  const now = new Date().toISOString();
  const row = await env.DB.prepare(
    "INSERT INTO topics (name_ar, name_en, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id",
  )
    .bind(nameAr, nameEn, now, now)
    .first<{ id: number }>();
  return row!.id;
}
