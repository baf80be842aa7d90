import { eq, sql } from "drizzle-orm";
import { lastServedPage, type CappedPaged } from "../../schema/api/common";
import { TUTORS_PAGE_SIZE } from "../../schema/api/tutor-list-page";
import type { TutorCard, TutorInfo } from "../../schema/api/tutor";
import { Gender } from "../../schema/enums";
import { shortUrls as shortUrlTable } from "../../schema/db/platform";
import { prerenderedBases, prerenderedPageOf } from "../../schema/prerendered-pages";
import { resolveShortUrl } from "../../schema/short-urls";
import { seo } from "../../web/src/i18n/ar-EG-seo";
import { createDb } from "../core/db";
import { findTutorInfo, listOnboardedTutors } from "../domain/tutors/tutor-list";
import type { Db } from "../core/context";
import { createLogger } from "../core/logger";
import {
  listSitemapTutors,
  SITEMAP_INDEX_PATH,
  SITEMAP_PAGES_PATH,
  sitemapTutorPages,
  sitemapTutorsPage,
  sitemapTutorsPath,
} from "./sitemap";
import { escapeHtml, PAINT_SLOT, tutorPaint } from "./tutor-paint";

/**
 * The public pages the Worker answers itself, so that crawlers and link previews (WhatsApp,
 * Facebook, X), which run no JavaScript, see real content:
 *
 * - `/tutors` and `/t/{id}`: the SPA's index.html (for `/tutors` without a query, the list's
 *   markup prerendered at build, which the SPA hydrates; for `/t/{id}`, the layout prerendered at
 *   build with the tutor's header painted in: worker/seo/tutor-paint.ts) passed through HTMLRewriter, which sets the
 *   title and description and adds the canonical URL, Open Graph and Twitter tags, JSON-LD and the
 *   first page of data as `<script type="application/json" id="initial-data">` (the SPA starts its
 *   react-query cache from it: web/src/lib/initial-data.ts). HTMLRewriter streams the shell, so the
 *   build's hashed script and style tags stay exactly as Vite wrote them and nothing is rendered
 *   twice; the data comes from the same domain functions (and cache) as the API.
 * - The public marketing pages (`/`, `/pricing`, `/faq`, `/tutor`, `/method`, `/about`, `/terms`,
 *   `/privacy`): the HTML prerendered at build (scripts/prerender.mjs → web/dist/prerendered/),
 *   which the SPA hydrates; the plain shell when a build has none.
 * - `/robots.txt`, and the sitemap: `/sitemap.xml`, an index of `/sitemap-pages.xml` (the public
 *   pages) and `/sitemap-tutors-<n>.xml` (the listed tutors, a range of ids each; worker/seo/sitemap.ts).
 * - `/url/{name}`: a 301 to the short link's target (a `short_urls` row, its click counted after
 *   the answer, else schema/short-urls.ts), or the SPA's not-found page with a 404.
 *
 * Anything else answers null and goes on to the static files.
 */

/** The SPA's page size of /tutors, so the inlined page is the one it asks for. */
export { TUTORS_PAGE_SIZE };

/** The public marketing pages listed in the sitemap (web/src/routes.tsx). */
export const PUBLIC_PATHS = [
  "/",
  "/pricing",
  "/faq",
  "/tutor",
  "/method",
  "/about",
  "/terms",
  "/privacy",
  "/tutors",
] as const;

/** Signed-in and staff areas of web/src/routes.tsx, and the API: nothing there for a search engine. */
export const PRIVATE_PREFIXES = [
  "/api/",
  "/parties/",
  "/dev/",
  "/admin",
  "/s/",
  "/t/dashboard",
  "/t/account-settings",
  "/t/profile-settings",
  "/t/onboarding",
  "/t/complete-profile",
  "/complete-profile",
  "/chat",
  "/upcoming-lessons",
  "/favourites",
  "/words",
  "/past-lessons",
  "/progress",
  "/lessons-schedule",
  "/lesson/",
  "/checkout/",
  "/card-added",
  "/payments",
  "/schedule-management",
  "/invoices",
  "/interview",
  "/demo-session/",
  "/photo-session",
  "/account-suspended",
  "/reset-password",
  "/forget-password",
  "/login",
  "/register/",
  // The prerendered files themselves: each is answered at its page's own path.
  "/prerendered/",
] as const;

/** The SPA's index.html for a client-side route (the static files' single-page fallback). */
export type Shell = (url: URL) => Promise<Response>;

export const assetsShell =
  (assets: Fetcher): Shell =>
  (url) =>
    assets.fetch(new Request(url, { headers: { accept: "text/html", "sec-fetch-mode": "navigate" } }));

type PageMeta = {
  title: string;
  description?: string;
  canonical?: string;
  image?: string | null;
  type?: "website" | "profile";
  jsonLd?: unknown;
  initialData?: InitialData;
  noindex?: boolean;
  status?: number;
  /** Markup for the base page's `[data-paint-slot]` element (a tutor's header: worker/seo/tutor-paint.ts). */
  paint?: { slot: string; html: string };
};

/** What the SPA finds in #initial-data (web/src/lib/initial-data.ts reads the same shape). */
export type InitialData = {
  tutors?: { page: number; data: CappedPaged<TutorCard> };
  tutor?: { id: number; info: TutorInfo };
};

/** JSON safe inside a <script> element: no `<` (so no `</script>` or `<!--`), nor the line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

function headTags(meta: PageMeta): string {
  const tags: string[] = [];
  const metaTag = (attribute: "name" | "property", key: string, content: string | null | undefined) => {
    if (content) tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`);
  };
  metaTag("name", "description", meta.description);
  if (meta.noindex) metaTag("name", "robots", "noindex");
  if (meta.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`);
  if (!meta.noindex) {
    metaTag("property", "og:site_name", seo.siteName);
    metaTag("property", "og:locale", "ar_EG");
    metaTag("property", "og:type", meta.type ?? "website");
    metaTag("property", "og:title", meta.title);
    metaTag("property", "og:description", meta.description);
    metaTag("property", "og:url", meta.canonical);
    metaTag("property", "og:image", meta.image);
    metaTag("name", "twitter:card", meta.image ? "summary_large_image" : "summary");
    metaTag("name", "twitter:title", meta.title);
    metaTag("name", "twitter:description", meta.description);
    metaTag("name", "twitter:image", meta.image);
  }
  if (meta.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(meta.jsonLd)}</script>`);
  if (meta.initialData)
    tags.push(`<script type="application/json" id="initial-data">${scriptJson(meta.initialData)}</script>`);
  return tags.join("\n    ");
}

/** The shell with the page's title (HTMLRewriter escapes the text it sets) and head tags (escaped above). */
async function renderPage(shell: Shell, url: URL, meta: PageMeta, head: boolean): Promise<Response> {
  const base = await shell(url);
  if (!base.ok || !base.headers.get("content-type")?.startsWith("text/html")) return base;
  const rewritten = new HTMLRewriter()
    .on("title", {
      element(element) {
        element.setInnerContent(meta.title);
      },
    })
    // The shell's generic description is replaced by the page's (written with the other tags).
    .on('meta[name="description"]', {
      element(element) {
        if (meta.description) element.remove();
      },
    })
    .on("head", {
      element(element) {
        element.append(headTags(meta), { html: true });
      },
    })
    .on("[data-paint-slot]", {
      element(element) {
        if (meta.paint && element.getAttribute("data-paint-slot") === meta.paint.slot)
          element.replace(meta.paint.html, { html: true });
      },
    })
    .transform(base);
  const headers = new Headers(rewritten.headers);
  headers.delete("content-length");
  headers.delete("etag");
  return new Response(head ? null : rewritten.body, { status: meta.status ?? 200, headers });
}

const absolute = (path: string | null | undefined, origin: string): string | null => {
  if (!path) return null;
  const parsed = URL.parse(path, origin);
  return parsed && (parsed.protocol === "https:" || parsed.protocol === "http:") ? parsed.href : null;
};

/**
 * /tutors: the list's first page (or ?page=N) inlined; a filtered list gets the tags only (the SPA
 * asks the API). A page past the deepest one served (lastServedPage, schema/api/common.ts) is a
 * noindex 404 with nothing inlined: the SPA shows page-too-deep's message. No page links to one
 * (the pager's buttons are not links), and every listed tutor's own page is in the sitemap.
 */
async function tutorsPage(db: Db, url: URL, shell: Shell, head: boolean): Promise<Response> {
  const pageParam = Number(url.searchParams.get("page"));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  if (page > lastServedPage(TUTORS_PAGE_SIZE))
    return renderPage(shell, url, { title: seo.tutors.title, noindex: true, status: 404 }, head);
  const filtered = ["topic", "name", "gender", "day"].some((key) => url.searchParams.has(key));
  const canonical = `${url.origin}/tutors${page > 1 ? `?page=${page}` : ""}`;
  const meta: PageMeta = {
    title: seo.tutors.title,
    description: seo.tutors.description,
    canonical,
    type: "website",
  };
  if (!filtered) {
    const data = await listOnboardedTutors(db, { page, size: TUTORS_PAGE_SIZE });
    meta.initialData = { tutors: { page, data } };
    meta.image = absolute(data.list.find((tutor) => tutor.image)?.image, url.origin);
    meta.jsonLd = {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: seo.tutors.listName,
      // A capped total (worker/core/capped-count.ts) is not the list's size: left out then.
      numberOfItems: data.totalIsLowerBound ? undefined : data.total,
      itemListElement: data.list.map((tutor, index) => ({
        "@type": "ListItem",
        position: (page - 1) * TUTORS_PAGE_SIZE + index + 1,
        url: `${url.origin}/t/${tutor.id}`,
        name: tutor.name ?? undefined,
      })),
    };
  }
  return renderPage(shell, url, meta, head);
}

/** /t/{id}: a listed tutor's name, photo and bio; anyone else is the SPA with a 404 and noindex. */
async function tutorPage(db: Db, id: number, url: URL, shell: Shell, head: boolean): Promise<Response> {
  const found = await findTutorInfo(db, id);
  if (!found?.onboarded || !found.info.name)
    return renderPage(shell, url, { title: seo.notFound.title, noindex: true, status: 404 }, head);
  const { info } = found;
  const name = info.name!;
  const canonical = `${url.origin}/t/${info.id}`;
  const image = absolute(info.image, url.origin);
  const description = seo.tutor.description(name, info.bio);
  // «مدرّس/مدرّسة» in the tutor's gender, masculine when unknown (docs/glossary.md).
  const form = info.gender === Gender.Female ? "female" : "male";
  // The layout prerendered at build with the profile loading, whose place the tutor's header takes.
  const base: Shell = (at) => shell(new URL(`/prerendered/${prerenderedBases["/t/{id}"]}`, at.origin));
  return renderPage(
    base,
    url,
    {
      title: seo.tutor.title[form](name),
      description,
      canonical,
      image,
      type: "profile",
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "Person",
        name,
        image: image ?? undefined,
        description: info.bio ?? undefined,
        jobTitle: seo.tutor.jobTitle[form](),
        url: canonical,
      },
      initialData: { tutor: { id: info.id, info } },
      paint: { slot: PAINT_SLOT, html: tutorPaint(info, name) },
    },
    head,
  );
}

function robots(url: URL): Response {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${url.origin}${SITEMAP_INDEX_PATH}`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!,
  );

const xmlHeaders = {
  "content-type": "application/xml; charset=utf-8",
  "cache-control": "public, max-age=3600",
};

const xmlDocument = (root: string, entries: string[]) =>
  new Response(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
      ...entries,
      `</${root}>`,
      "",
    ].join("\n"),
    { headers: xmlHeaders },
  );

const urlEntry = (url: URL, path: string, lastmod?: string) =>
  `  <url><loc>${escapeXml(url.origin + path)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : ""}</url>`;

/** /sitemap.xml: the index of the sitemaps below (worker/seo/sitemap.ts), from the highest tutor id alone. */
async function sitemapIndex(db: Db, url: URL): Promise<Response> {
  const pages = await sitemapTutorPages(db);
  const paths = [SITEMAP_PAGES_PATH, ...Array.from({ length: pages }, (_, page) => sitemapTutorsPath(page))];
  return xmlDocument(
    "sitemapindex",
    paths.map((path) => `  <sitemap><loc>${escapeXml(url.origin + path)}</loc></sitemap>`),
  );
}

/** /sitemap-pages.xml: the public marketing pages. */
const sitemapPages = (url: URL) =>
  xmlDocument(
    "urlset",
    PUBLIC_PATHS.map((path) => urlEntry(url, path)),
  );

/** /sitemap-tutors-<n>.xml: the listed tutors of one id range; a page past the last is not found. */
async function sitemapTutors(
  db: Db,
  page: number | null,
  { url, shell, head }: { url: URL; shell: Shell; head: boolean },
): Promise<Response> {
  const tutors = page === null ? null : await listSitemapTutors(db, page);
  if (!tutors) return renderPage(shell, url, { title: seo.notFound.title, noindex: true, status: 404 }, head);
  // The origin escaped once for the page; an id and a YYYY-MM-DD day need no escaping.
  const prefix = `  <url><loc>${escapeXml(`${url.origin}/t/`)}`;
  return xmlDocument(
    "urlset",
    tutors.map(
      ({ id, lastmod }) => `${prefix}${id}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
    ),
  );
}

const redirect = (location: string) =>
  new Response(null, { status: 301, headers: { location, "cache-control": "no-store" } });

/** /url/{name}: a short_urls row (its click counted after the answer) or the built-in map; else not found. */
async function shortUrl(
  { db, ctx }: { db: Db; ctx: ExecutionContext },
  { rawName, url, shell, head }: { rawName: string; url: URL; shell: Shell; head: boolean },
): Promise<Response> {
  let name: string;
  try {
    name = decodeURIComponent(rawName).trim();
  } catch {
    name = "";
  }
  if (name) {
    const [row] = await db
      .select({ id: shortUrlTable.id, url: shortUrlTable.url })
      .from(shortUrlTable)
      .where(eq(shortUrlTable.name, name))
      .limit(1);
    const target = absolute(row?.url, url.origin);
    if (row && target) {
      ctx.waitUntil(
        db
          .update(shortUrlTable)
          .set({ clicks: sql`${shortUrlTable.clicks} + 1` })
          .where(eq(shortUrlTable.id, row.id))
          .then(
            () => undefined,
            (error: unknown) =>
              createLogger("short-url").error("click not counted", { name, error: String(error) }),
          ),
      );
      return redirect(target);
    }
    const builtIn = resolveShortUrl(name);
    if (builtIn) return redirect(new URL(builtIn, url.origin).href);
  }
  return renderPage(shell, url, { title: seo.notFound.title, noindex: true, status: 404 }, head);
}

/**
 * A prerendered public page: its file from the static assets (`/prerendered/<name>` finds
 * `<name>.html`), or the SPA's shell when the build has none (the assets' single-page fallback).
 */
async function prerenderedPage(shell: Shell, url: URL, name: string, head: boolean): Promise<Response> {
  const file = await shell(new URL(`/prerendered/${name}`, url.origin));
  if (!head) return file;
  return new Response(null, { status: file.status, headers: file.headers });
}

/** The Worker's own answer for a public path, or null for the static files to answer. */
export async function servePublicPage(
  request: Request,
  url: URL,
  env: { DB: D1Database },
  ctx: ExecutionContext,
  shell: Shell,
): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const head = request.method === "HEAD";
  const { pathname } = url;
  if (pathname === "/robots.txt") return robots(url);
  const prerendered = prerenderedPageOf(pathname);
  if (prerendered) return prerenderedPage(shell, url, prerendered, head);
  const db = () => createDb(env);
  if (pathname === SITEMAP_INDEX_PATH) return sitemapIndex(db(), url);
  if (pathname === SITEMAP_PAGES_PATH) return sitemapPages(url);
  const tutorsSitemap = sitemapTutorsPage(pathname);
  if (tutorsSitemap !== undefined) return sitemapTutors(db(), tutorsSitemap, { url, shell, head });
  if (pathname === "/tutors" || pathname === "/tutors/") {
    // Without a query, the list's markup prerendered at build is the base (the SPA hydrates it);
    // a page number or a filter renders otherwise, so it gets the plain shell.
    const base: Shell =
      url.search === ""
        ? (at) => shell(new URL(`/prerendered/${prerenderedBases["/tutors"]}`, at.origin))
        : shell;
    return tutorsPage(db(), url, base, head);
  }
  const tutor = /^\/t\/(\d{1,12})\/?$/.exec(pathname);
  if (tutor) return tutorPage(db(), Number(tutor[1]), url, shell, head);
  const short = /^\/url\/([^/]+)\/?$/.exec(pathname);
  if (short) return shortUrl({ db: db(), ctx }, { rawName: short[1]!, url, shell, head });
  return null;
}
