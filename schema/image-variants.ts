/**
 * Small square versions of an uploaded avatar, made in the browser before upload and stored beside
 * the original in R2 under `<original key>@<width>` (GET /assets/uploads/<name>@<width> answers the
 * original when a file has none: uploads made before variants existed, seed data, a browser that
 * could not draw them).
 */

/** The widths made at upload (a 36–96 CSS px avatar at 1× and 2×). */
export const imageVariantWidths = [96, 192] as const;
export type ImageVariantWidth = (typeof imageVariantWidths)[number];

/** The types a variant may be (what canvas encoders give). */
export const imageVariantTypes = ["image/webp", "image/jpeg"] as const;

/** A variant's largest size: a 192 px square is a few KB; anything near this is not a thumbnail. */
export const imageVariantMaxBytes = 256 * 1024;

/** The multipart field that carries the variant of a width, beside the `image` field. */
export const imageVariantField = (width: ImageVariantWidth) => `image@${width}`;

/** Where our own public uploads are served: only these have variants. */
const uploadsPath = "/api/v1/assets/uploads/";

/** The URL of a variant of a stored upload, or null for any other URL (an external image, a data URL). */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string | null {
  return url.startsWith(uploadsPath) && !url.includes("@") ? `${url}@${width}` : null;
}

/** Splits `<name>@<width>` into the original's name and the width, or null when the name is not a variant's. */
export function parseVariantName(name: string): { original: string; width: ImageVariantWidth } | null {
  const match = /^(.+)@(\d+)$/.exec(name);
  if (!match) return null;
  const width = Number(match[2]);
  return (imageVariantWidths as readonly number[]).includes(width) ? { original: match[1]!, width: width as ImageVariantWidth } : null;
}
