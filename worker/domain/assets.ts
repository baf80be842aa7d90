import { fail } from "../core/failure";
import { settings } from "./settings";
import { PUBLIC_PREFIX, checkImageContent } from "./uploads";

const extensionOf: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };

/**
 * Checks the declared type, the size and then the content (signature and decoded dimensions)
 * before anything is written, then stores the avatar under a fresh name as its real type.
 */
export async function storeAvatar(bucket: R2Bucket, userId: number, file: File): Promise<string> {
  if (!settings.avatar.types.includes(file.type as (typeof settings.avatar.types)[number])) fail("invalid-type");
  const type = (await checkImageContent(file, settings.avatar.maxBytes, settings.avatar.types)) as (typeof settings.avatar.types)[number];
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
