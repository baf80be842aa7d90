import { fail } from "../../core/failure";
import { settings } from "../../core/settings";
import { PUBLIC_PREFIX, checkImageContent, checkImageVariants, putImageVariants } from "./uploads";
import {
  imageVariantField,
  imageVariantKinds,
  type ImageVariantKind,
  type ImageVariantWidth,
} from "../../../schema/image-variants";

const extensionOf: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/gif": "gif" };

/** The small versions sent beside an upload of a kind (multipart fields `<kind>@<width>`); absent ones are skipped. */
export function imageVariantsOf(form: FormData, kind: ImageVariantKind): Map<ImageVariantWidth, File> {
  const variants = new Map<ImageVariantWidth, File>();
  for (const width of imageVariantKinds[kind].widths) {
    const part = form.get(imageVariantField(kind, width));
    if (part instanceof File) variants.set(width, part);
  }
  return variants;
}

/**
 * Checks the declared type, the size and then the content (signature and decoded dimensions) of
 * the avatar and of each small version before anything is written, then stores the avatar under a
 * fresh name as its real type and each version beside it as `<key>@<width>`.
 */
export async function storeAvatar(
  bucket: R2Bucket,
  userId: number,
  file: File,
  variants: Map<ImageVariantWidth, File> = new Map(),
): Promise<string> {
  if (!settings.avatar.types.includes(file.type as (typeof settings.avatar.types)[number]))
    fail("invalid-type");
  const type = (await checkImageContent(
    file,
    settings.avatar.maxBytes,
    settings.avatar.types,
  )) as (typeof settings.avatar.types)[number];
  const checked = await checkImageVariants(variants, "image");
  const key = `${PUBLIC_PREFIX}avatars/${userId}-${crypto.randomUUID()}.${extensionOf[type]}`;
  await Promise.all([
    bucket.put(key, file.stream(), { httpMetadata: { contentType: type } }),
    putImageVariants(bucket, key, checked),
  ]);
  return `/api/v1/assets/${key}`;
}

/** Parses a single `bytes=a-b` range (what video players send so that videos can seek). */
export function parseRange(
  header: string | undefined,
  size: number,
): { offset: number; length: number } | null {
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
