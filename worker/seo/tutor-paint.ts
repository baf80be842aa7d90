import type { TutorInfo } from "../../schema/api/tutor";
import { variantSrcSet } from "../../schema/image-variants";
import { initialsOf } from "../../schema/initials";

/**
 * The top of a tutor's page, painted by the Worker into the page it serves (worker/seo/pages.ts), so
 * a visitor from a shared link sees the tutor's photo, name and bio as soon as the HTML and styles
 * arrive, not once the scripts have loaded and rendered (largest contentful paint on /t/{id}, issue
 * 21: the bio, about 3.2 s on a slow phone before).
 *
 * It is the header of the SPA's profile (TutorProfile in web/src/pages/tutor-profile/tutor-profile-page.tsx
 * with TutorPhoto, size "lg", priority) with the same elements and classes, and an empty line
 * where the rating goes. The SPA does not hydrate it: its first render replaces the root's content
 * with the whole page (web/src/boot.tsx), which draws the same header in the same place;
 * tests/e2e/prerender.test.ts compares the two on screen. The ratings and the buttons come with the
 * scripts.
 */
export const PAINT_SLOT = "tutor-profile";

/** Text or an attribute value as HTML (the page's head tags use it too: worker/seo/pages.ts). */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** The photo as TutorPhoto draws it at 96 px (its small versions, fetched first), or the initials. */
function photo(info: TutorInfo, name: string): string {
  const size = "size-24 text-3xl";
  if (!info.image) {
    return `<span aria-hidden="true" class="${size} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900">${escapeHtml(initialsOf(name) || "؟")}</span>`;
  }
  const srcSet = variantSrcSet(info.image, "image");
  const sources = srcSet ? ` srcset="${escapeHtml(srcSet)}" sizes="96px"` : "";
  return `<img src="${escapeHtml(info.image)}"${sources} width="96" height="96" decoding="async" loading="eager" fetchpriority="high" alt="" class="${size} shrink-0 rounded-full object-cover">`;
}

/** The markup that takes the place of the profile's loading state in the page prerendered at build (a listed tutor has a name). */
export function tutorPaint(info: TutorInfo, name: string): string {
  const bio = info.bio ? `<p class="text-slate-700" dir="auto">${escapeHtml(info.bio)}</p>` : "";
  return [
    `<div class="mx-auto flex w-full max-w-4xl flex-col gap-6" data-painted="${PAINT_SLOT}">`,
    `<header class="flex flex-wrap items-center gap-4">`,
    photo(info, name),
    `<div class="flex min-w-0 flex-col gap-1">`,
    `<h1 class="text-2xl font-bold text-slate-900 sm:text-3xl"><bdi>${escapeHtml(name)}</bdi></h1>`,
    bio,
    `<p class="text-sm" aria-hidden="true">&nbsp;</p>`,
    `</div>`,
    `</header>`,
    `</div>`,
  ].join("");
}
