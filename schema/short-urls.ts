import { LinkSource } from "./enums";

/**
 * /url/{name}: short links for posts, bios and printed material (docs/product.md §2). A config map rather
 * than a table: the names change with campaigns, which is a code review, not an admin screen. The
 * Worker answers them with a 301 (worker/seo/pages.ts; a `short_urls` row of the same name wins) and
 * the SPA's /url page is the fallback when the Worker is bypassed.
 * Names that are link-source codes (docs/product.md §3: wa, sfb, ...) carry the code on as ?src= so the
 * landing page knows where the visitor came from.
 */
export const shortUrls: Readonly<Record<string, string>> = {
  tutor: "/tutor",
  teach: "/tutor",
  join: "/register/student",
  pricing: "/pricing",
  plans: "/pricing",
  tutors: "/tutors",
  faq: "/faq",
  "faq-student": "/faq/student",
  "faq-tutor": "/faq/tutor",
  contact: "/contact",
  method: "/method",
  about: "/about",
  terms: "/terms",
  privacy: "/privacy",
  [LinkSource.Whatsapp]: "/",
  [LinkSource.SocialFacebook]: "/",
  [LinkSource.SocialYoutube]: "/",
  [LinkSource.SocialInstagram]: "/",
  [LinkSource.SocialTiktok]: "/",
  [LinkSource.SocialX]: "/",
  [LinkSource.PlanManagementVideo]: "/pricing",
  [LinkSource.TutorManagementDocument]: "/tutor",
};

const linkSources = new Set<string>(Object.values(LinkSource));

/** Where a short name leads (with ?src= for a link-source code), or null when it is unknown. */
export function resolveShortUrl(name: string | undefined): string | null {
  if (!name) return null;
  const key = name.trim().toLowerCase();
  if (!Object.hasOwn(shortUrls, key)) return null;
  const target = shortUrls[key]!;
  return linkSources.has(key) ? `${target}?src=${key}` : target;
}
