/**
 * Small versions of an uploaded image, made in the browser before upload and stored beside the
 * original in R2 under `<original key>@<width>` (GET /assets/uploads/<name>@<width> answers the
 * original when a file has none: uploads made before variants existed, seed data, a browser that
 * could not draw them).
 *
 * Each kind is named by the multipart field its original is sent in, and its versions by that field
 * and their width (`image@96`, `thumbnail@640`).
 */
export const imageVariantKinds = {
  /** A square photo (an avatar, a tutor's studio photo) shown at 36–96 CSS px: 1× and 2×. */
  image: { widths: [96, 192], aspect: 1, maxBytes: 256 * 1024 },
  /**
   * An intro video's 16:9 thumbnail: a /tutors card shows it 254–573 CSS px wide (three, two or one
   * column, web/src/features/tutors/tutor-card.tsx) and the tutor page 328–896 px
   * (web/src/pages/tutor-profile/tutor-profile-page.tsx); 320, 640 and 960 cover those at 1× and 2×.
   */
  thumbnail: { widths: [320, 640, 960], aspect: 16 / 9, maxBytes: 512 * 1024 },
} as const;
export type ImageVariantKind = keyof typeof imageVariantKinds;
export type ImageVariantWidth = (typeof imageVariantKinds)[ImageVariantKind]["widths"][number];

/** The widths a version of some kind may have (a stored name's width, the keys deleted with an original). */
export const imageVariantWidths: readonly ImageVariantWidth[] = [
  ...new Set(Object.values(imageVariantKinds).flatMap((kind) => kind.widths)),
];

/** A version's height: its width over the kind's aspect ratio (a 640 px thumbnail is 360 px high). */
export const imageVariantHeight = (kind: ImageVariantKind, width: number) =>
  Math.round(width / imageVariantKinds[kind].aspect);

/** The types a variant may be (what canvas encoders give). */
export const imageVariantTypes = ["image/webp", "image/jpeg"] as const;

/** The multipart field that carries the variant of a width, beside the original's field (`image@96`). */
export const imageVariantField = (kind: ImageVariantKind, width: ImageVariantWidth) => `${kind}@${width}`;

/** Where our own public uploads are served: only these have variants. */
const uploadsPath = "/api/v1/assets/uploads/";

/** The URL of a variant of a stored upload, or null for any other URL (an external image, a data URL). */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string | null {
  return url.startsWith(uploadsPath) && !url.includes("@") ? `${url}@${width}` : null;
}

/** `srcset` of a stored upload's versions of a kind, or undefined for an image that has none (external URLs). */
export function variantSrcSet(url: string, kind: ImageVariantKind): string | undefined {
  const candidates = imageVariantKinds[kind].widths.map((width) => {
    const variant = imageVariantUrl(url, width);
    return variant ? `${variant} ${width}w` : null;
  });
  return candidates.every(Boolean) ? candidates.join(", ") : undefined;
}

/** Splits `<name>@<width>` into the original's name and the width, or null when the name is not a variant's. */
export function parseVariantName(name: string): { original: string; width: ImageVariantWidth } | null {
  const match = /^(.+)@(\d+)$/.exec(name);
  if (!match) return null;
  const width = Number(match[2]);
  return (imageVariantWidths as readonly number[]).includes(width)
    ? { original: match[1]!, width: width as ImageVariantWidth }
    : null;
}
