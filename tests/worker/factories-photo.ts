import { env } from "cloudflare:workers";
import { Role } from "../../schema/enums";
import { padTo, pngBytes, webmBytes } from "./media-files";
import type { AuthResponse } from "../../schema/api/user";
import { call, callContract, createUserWithRole, register } from "./helpers";
import { photoSessionContracts } from "../../schema/api/photo-session";

/** A studio account with a name. */
export async function studio(name = "استوديو النور"): Promise<AuthResponse> {
  const session = await createUserWithRole(Role.Studio);
  await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind(name, session.user.id).run();
  return session;
}

/** A registered tutor with an Arabic name. */
export async function namedTutor(name = "مدرس الصور"): Promise<AuthResponse> {
  const tutor = await register(Role.Tutor);
  await env.DB.prepare("UPDATE users SET name = ? WHERE id = ?").bind(name, tutor.user.id).run();
  return tutor;
}

export const book = (token: string, body: Record<string, unknown>) =>
  call("POST", "/api/v1/photo-session", { token, body });
export const patch = (token: string, id: number, body: Record<string, unknown>) =>
  callContract(photoSessionContracts.update, { params: { id }, token, body });

/** A pending session of the tutor with the studio, through the API. */
export async function bookedSession(tutor: AuthResponse, withStudio: AuthResponse): Promise<number> {
  const response = await book(tutor.token, { studioId: withStudio.user.id });
  if (response.status !== 201) throw new Error(`photo session failed: ${JSON.stringify(response.body)}`);
  return response.body.id as number;
}

const QUARTER = 15 * 60 * 1000;
/** An instant `hours` from now, on the quarter hour. */
export const hoursFromNow = (hours: number) =>
  new Date(Math.ceil(Date.now() / QUARTER) * QUARTER + hours * 3_600_000).toISOString();

export const png = (bytes = 64) => new File([pngBytes(4, 4, bytes)], "photo.png", { type: "image/png" });
export const webm = (bytes = 2048) =>
  new File([padTo(webmBytes(100), bytes)], "video.webm", { type: "video/webm" });

export function assetForm(files: { image?: File; video?: File; thumbnail?: File }): FormData {
  const form = new FormData();
  for (const [name, file] of Object.entries(files)) if (file) form.set(name, file);
  return form;
}

export const uploadAssets = (
  token: string,
  tutorId: number | null,
  files: { image?: File; video?: File; thumbnail?: File },
) =>
  call("PUT", `/api/v1/user/asset/tutor${tutorId === null ? "" : `?tutorId=${tutorId}`}`, {
    token,
    raw: assetForm(files),
  });

export async function mediaRow(tutorId: number) {
  return env.DB.prepare(
    "SELECT u.image, t.video, t.thumbnail FROM users u JOIN tutors t ON t.id = u.id WHERE u.id = ?",
  )
    .bind(tutorId)
    .first<{ image: string | null; video: string | null; thumbnail: string | null }>();
}

export async function sessionRow(id: number) {
  return env.DB.prepare("SELECT * FROM photo_sessions WHERE id = ?")
    .bind(id)
    .first<Record<string, unknown>>();
}

export const storedCount = async (prefix: string) => (await env.MEDIA.list({ prefix })).objects.length;
