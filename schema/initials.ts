/**
 * Up to two initials of a name, for a tutor without a photo: the SPA's photo
 * (web/src/features/tutors/tutor-photo.tsx) and the tutor page the Worker paints (worker/seo/tutor-paint.ts).
 */
export function initialsOf(name: string | null): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0])
    .join("");
}
