import { env } from "cloudflare:workers";
import { Role } from "../../schema/enums";
import { mp4Bytes, padTo, webmBytes } from "./media-files";
import type { AuthResponse } from "../../schema/api/user";
import { createUserWithRole } from "./helpers";
import { addMinutes } from "./factories-tutors";

const nowIso = () => new Date().toISOString();

/** A tutor manager; activated unless told otherwise. */
export async function manager(activated = true): Promise<AuthResponse> {
  const session = await createUserWithRole(Role.TutorManager);
  await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind("مدير المدرسين", session.user.id).run();
  await env.DB.prepare("UPDATE tutors SET activated = ? WHERE id = ?")
    .bind(activated ? 1 : 0, session.user.id)
    .run();
  return session;
}

/** Deactivates every tutor manager created so far, so a test controls who is eligible. */
export async function deactivateAllManagers(): Promise<void> {
  await env.DB.prepare("UPDATE tutors SET activated = 0 WHERE id IN (SELECT id FROM users WHERE role = ?)")
    .bind(Role.TutorManager)
    .run();
}

/** A slot written straight to D1 (the schedule API is the availability issue's). */
export async function managerSlot(userId: number, start: string, end: string, purpose = 3): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO availability_slots (user_id, start, end, purpose, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(userId, start, end, purpose, nowIso(), nowIso())
    .first<{ id: number }>();
  return row!.id;
}

export async function insertInterview(
  tutorId: number,
  managerId: number,
  start: string,
  status: number,
  decidedAt: string | null = null,
): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO interviews (interviewee_id, interviewer_id, start, end, status, decided_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(tutorId, managerId, start, addMinutes(start, 30), status, decidedAt, nowIso(), nowIso())
    .first<{ id: number }>();
  return row!.id;
}

export async function insertIntroVideo(
  tutorId: number,
  status: number,
  reviewedAt: string | null = null,
  reviewerId: number | null = null,
): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO intro_videos (tutor_id, reviewer_id, video, duration, size, content_type, status, reviewed_at, created_at, updated_at) VALUES (?, ?, '/api/v1/assets/uploads/intro-videos/x.mp4', 90, 1000, 'video/mp4', ?, ?, ?, ?) RETURNING id",
  )
    .bind(tutorId, reviewerId, status, reviewedAt, reviewedAt ?? nowIso(), nowIso())
    .first<{ id: number }>();
  return row!.id;
}

export async function insertDemo(
  tutorId: number,
  managerId: number,
  start: string,
  status: number,
): Promise<number> {
  const row = await env.DB.prepare(
    "INSERT INTO demo_sessions (tutor_id, tutor_manager_id, start, end, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(tutorId, managerId, start, addMinutes(start, 30), status, nowIso(), nowIso())
    .first<{ id: number }>();
  return row!.id;
}

/** `days` days before now, as ISO text. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** A small real video file (its container says `seconds` long) of a given type, padded to a size. */
export function videoFile(type = "video/mp4", bytes = 2048, seconds = 90): File {
  const content = type === "video/webm" ? webmBytes(seconds) : mp4Bytes(seconds);
  return new File([padTo(content, bytes)], type === "video/webm" ? "intro.webm" : "intro.mp4", { type });
}

export function videoForm(file: File | null, duration: string | null): FormData {
  const form = new FormData();
  if (file) form.set("video", file);
  if (duration !== null) form.set("duration", duration);
  return form;
}

export async function tutorRow(id: number) {
  return env.DB.prepare(
    "SELECT activated, bypass_onboarding, support_group_joined, video FROM tutors WHERE id = ?",
  )
    .bind(id)
    .first<{
      activated: number;
      bypass_onboarding: number;
      support_group_joined: number;
      video: string | null;
    }>();
}
