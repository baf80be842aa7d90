import { fail } from "../http/failure";
import { settings } from "./settings";

/** Public files live under uploads/ in R2 and are served by GET /api/v1/assets/uploads/<name>. */
export const PUBLIC_PREFIX = "uploads/";

const extensionOf: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };

/** Checks type and size before anything is written, then stores the avatar under a fresh name. */
export async function storeAvatar(bucket: R2Bucket, userId: number, file: File): Promise<string> {
  const type = file.type as (typeof settings.avatar.types)[number];
  if (!settings.avatar.types.includes(type)) fail("invalid-type");
  if (file.size > settings.avatar.maxBytes) fail("large-file-size");
  const name = `avatars/${userId}-${crypto.randomUUID()}.${extensionOf[type]}`;
  await bucket.put(PUBLIC_PREFIX + name, file.stream(), { httpMetadata: { contentType: type } });
  return `/api/v1/assets/uploads/${name}`;
}

/** Parses a single `bytes=a-b` range (what video players send so that videos can seek). */
export function parseRange(header: string | undefined, size: number): { offset: number; length: number } | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const length = Math.min(Number(to), size);
    return { offset: size - length, length };
  }
  const offset = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (offset >= size || end < offset) return null;
  return { offset, length: end - offset + 1 };
}
