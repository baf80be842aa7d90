// Tiny real media for demo and test tutors: the public list shows only tutors with an image, a
// video and a thumbnail (docs/rules.md, Tutors: onboarding and listing), so the demo
// seed and the benchmark seed give every tutor these. Generated once (a 16×16 PNG built with zlib, a 1-second 16×16 VP8 WebM recorded
// from a canvas with MediaRecorder) and kept as bytes here so no tool is needed at run time.
import { PUBLIC_PREFIX, publicUrl } from "../worker/domain/media/uploads";

const AVATAR_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR42mOQz48hCTGMahjVMHw1AAArCuoBmeDIKgAAAABJRU5ErkJggg==";
const THUMBNAIL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAACAAAAASCAIAAAC1qksFAAAAH0lEQVR42mP4stOJpohh1IJRC0YtGLVg1IJRC+hhAQCFuln9MQ+yzQAAAABJRU5ErkJggg==";
const INTRO_WEBM =
  "GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQRChYECGFOAZwEAAAAAAAI7EU2bdLlNu4tTq4QVSalmU6yBbk27i1OrhBZUrmtTrIGTTbuLU6uEH0O2dVOsgdRNu4xTq4QcU7trU6yCAinsrgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAVSalmoCrXsYMPQkBEiYREOc/wTYCGQ2hyb21lV0GGQ2hyb21lFlSua7yuuteBAXPFh8PW6Ybv0qaDgQFV7oEBhoVWX1ZQOOCdsIEQuoEQU8CBAVWwkFWxgQFVuYECVbqBDVW7gQEfQ7Z1AQAAAAAAAUnngQCg6KG9gQAAAPACAJ0BKhAAEAAABwiFhYiZhIgBJBATrVAfwB/QEGptsP7+iWh/+q44mR0H/9Vyf/p9Huv6n/05wHWhpqak7oEBpZ8QAgCdASoQABAAAYcIhYWImYSICAIADA1gAP7+TeAAoMahpoEA9ADRAQAAEBQAGAzQ0b/7lHBIAP76Mm3/9/phf/6YX/+q/2hAdaGYppbugQGlkbEBAAYQXAAYABhYL/QACAAA+4EAoM2hrYEB7QCxAQAAEAkgAMABgf+gYAYQ/v6JaH//VccTI6D/+q5P/9Po91/U/+nOAHWhmKaW7oEBpZGxAQAGEFQAGAAYWC/0AAgAAPuB9KDDoaKBAucAsQEAABAJIADAAYH/oGAGEP77ZzP/+wAhiL0n/r4YdaGYppbugQGlkbEBAAYQTAAYABhYL/QACAAA+4IB7RxTu2uNu4uzgQC3hveBAfGB1A==";

function bytes(base64: string): Uint8Array {
  const text = atob(base64);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** The three demo files: [R2 key, bytes, content type]. Shared by every demo tutor (one copy in R2). */
export const DEMO_MEDIA = {
  image: { key: `${PUBLIC_PREFIX}demo/tutor-image.png`, type: "image/png", bytes: () => bytes(AVATAR_PNG) },
  video: { key: `${PUBLIC_PREFIX}demo/tutor-video.webm`, type: "video/webm", bytes: () => bytes(INTRO_WEBM) },
  thumbnail: {
    key: `${PUBLIC_PREFIX}demo/tutor-thumbnail.png`,
    type: "image/png",
    bytes: () => bytes(THUMBNAIL_PNG),
  },
} as const;

/** What goes in users.image, tutors.video and tutors.thumbnail for a demo tutor. */
export const DEMO_MEDIA_URLS = {
  image: publicUrl(DEMO_MEDIA.image.key),
  video: publicUrl(DEMO_MEDIA.video.key),
  thumbnail: publicUrl(DEMO_MEDIA.thumbnail.key),
} as const;

/** Writes the demo files to R2 (idempotent: same keys, same bytes). */
export async function storeDemoMedia(bucket: R2Bucket): Promise<typeof DEMO_MEDIA_URLS> {
  await Promise.all(
    Object.values(DEMO_MEDIA).map((file) =>
      bucket.put(file.key, file.bytes(), { httpMetadata: { contentType: file.type } }),
    ),
  );
  return DEMO_MEDIA_URLS;
}

/**
 * Statements that give tutors the demo media (users.image, tutors.video, tutors.thumbnail), for
 * seeds that write D1 directly (the demo seed, the 2,000-tutor benchmark seed). Call
 * storeDemoMedia once so the URLs serve real files.
 */
export function setDemoMediaStatements(db: D1Database, tutorIds: readonly number[]): D1PreparedStatement[] {
  const at = new Date().toISOString();
  return tutorIds.flatMap((id) => [
    db.prepare("UPDATE users SET image = ?, updated_at = ? WHERE id = ?").bind(DEMO_MEDIA_URLS.image, at, id),
    db
      .prepare("UPDATE tutors SET video = ?, thumbnail = ?, updated_at = ? WHERE id = ?")
      .bind(DEMO_MEDIA_URLS.video, DEMO_MEDIA_URLS.thumbnail, at, id),
  ]);
}
