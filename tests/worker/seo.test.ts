import { env, exports } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { servePublicPage, TUTORS_PAGE_SIZE, type InitialData, type Shell } from "../../worker/seo/pages";
import { findTutorInfo, forgetTutorListCache } from "../../worker/domain/tutors/tutor-list";
import { createDb } from "../../worker/core/db";
import { tutorPaint } from "../../worker/seo/tutor-paint";
import { SITEMAP_TUTOR_IDS } from "../../worker/seo/sitemap";
import { call, callContract, ORIGIN } from "./helpers";
import { onboardedTutor } from "./factories-tutors";
import { tutorContracts } from "../../schema/api/tutor";
import { lastServedPage } from "../../schema/api/common";

// A small stand-in for the SPA's index.html (web/dist may not be built when the Worker tests run).
const SHELL = `<!doctype html>
<html lang="ar-EG" dir="rtl">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="generic description" />
    <title>generic title</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;
const shell: Shell = async () =>
  new Response(SHELL, { headers: { "content-type": "text/html; charset=utf-8" } });

async function page(path: string, method = "GET") {
  const ctx = createExecutionContext();
  const url = new URL(ORIGIN + path);
  const response = await servePublicPage(new Request(url, { method }), url, env, ctx, shell);
  await waitOnExecutionContext(ctx);
  if (!response) throw new Error(`${path} was not answered by the Worker`);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** A request to the Worker that does not follow redirects. */
const visit = (path: string) => exports.default.fetch(new Request(ORIGIN + path, { redirect: "manual" }));

/** The content of the first tag matching `pattern`'s attribute, unescaped as a browser reads it. */
function attribute(html: string, selector: RegExp): string | null {
  const match = selector.exec(html);
  if (!match) return null;
  return match[1]!
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
const metaContent = (html: string, key: string) =>
  attribute(html, new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`));
const scriptBody = (html: string, marker: string) =>
  new RegExp(`<script type="application/${marker}>([\\s\\S]*?)</script>`).exec(html)?.[1] ?? null;

describe("link previews and search engines", () => {
  it("describes a listed tutor's page with their name, photo and bio, escaped, with JSON-LD and the profile inlined", async () => {
    const tutor = await onboardedTutor({
      name: `سارة "<b>&</b>" </script>`,
      bio: "مدرسة محادثة <script>alert(1)</script> للمبتدئين والمتقدمين",
    });
    const id = tutor.user.id;
    const { status, html, headers } = await page(`/t/${id}`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/html/);
    // The only elements are the shell's and ours: nothing from the name or bio became markup.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html.match(/<b>/g)).toBeNull();
    expect(html).not.toContain("generic title");
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(
      `سارة "&lt;b&gt;&amp;&lt;/b&gt;" &lt;/script&gt;`,
    );
    expect(metaContent(html, "description")).toContain("مدرسة محادثة <script>alert(1)</script>");
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${ORIGIN}/t/${id}`);
    expect(metaContent(html, "og:title")).toContain(`سارة "<b>&</b>" </script>`);
    expect(metaContent(html, "og:description")).toContain("مدرسة محادثة");
    expect(metaContent(html, "og:url")).toBe(`${ORIGIN}/t/${id}`);
    expect(metaContent(html, "og:type")).toBe("profile");
    expect(metaContent(html, "og:image")).toMatch(/^http:\/\/127\.0\.0\.1\//);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "twitter:image")).toBe(metaContent(html, "og:image"));
    // The build's own tags are untouched.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');

    const ldText = scriptBody(html, 'ld\\+json"');
    expect(ldText).not.toContain("<");
    const ld = JSON.parse(ldText!);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Person",
      name: `سارة "<b>&</b>" </script>`,
      url: `${ORIGIN}/t/${id}`,
    });
    expect(ld.description).toContain("<script>alert(1)</script>");
    expect(ld.image).toBe(metaContent(html, "og:image"));

    const data = JSON.parse(scriptBody(html, 'json" id="initial-data"')!) as InitialData;
    expect(data.tutor?.id).toBe(id);
    const api = await callContract(tutorContracts.info, { params: { id } });
    expect(data.tutor?.info).toEqual(api.body);
  });

  it("answers an unlisted or unknown tutor with the app's page, a 404 and noindex, and no tutor tags", async () => {
    const unlisted = await onboardedTutor({ name: "مدرس مش متفعّل", activated: false });
    for (const path of [`/t/${unlisted.user.id}`, "/t/999999999"]) {
      const { status, html } = await page(path);
      expect(status).toBe(404);
      expect(metaContent(html, "robots")).toBe("noindex");
      expect(html).not.toContain("og:title");
      expect(html).not.toContain("initial-data");
      expect(html).not.toContain("مدرس مش متفعّل");
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it("leaves the tutors' private pages and the static files to the app", async () => {
    const ctx = createExecutionContext();
    for (const path of [
      "/t/dashboard",
      "/t/profile-settings",
      "/assets/index-abc.js",
      "/register/student",
      "/contact",
    ]) {
      const url = new URL(ORIGIN + path);
      expect(await servePublicPage(new Request(url), url, env, ctx, shell)).toBeNull();
    }
    const url = new URL(ORIGIN + "/tutors");
    expect(await servePublicPage(new Request(url, { method: "POST" }), url, env, ctx, shell)).toBeNull();
  });

  it("answers the public marketing pages with their HTML prerendered at build, a HEAD with no body", async () => {
    const ctx = createExecutionContext();
    const asked: string[] = [];
    const files: Shell = async (url) => {
      asked.push(url.pathname);
      return new Response(`<div id="root" data-prerendered="${url.pathname}"></div>`, {
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    };
    const paths = {
      "/": "home",
      "/pricing": "pricing",
      "/faq/": "faq",
      "/tutor": "tutor",
      "/method": "method",
      "/about": "about",
      "/terms": "terms",
      "/privacy": "privacy",
      "/login": "login",
    };
    for (const [path, name] of Object.entries(paths)) {
      const url = new URL(ORIGIN + path);
      const answer = await servePublicPage(new Request(url), url, env, ctx, files);
      expect([path, answer?.status, await answer?.text()]).toEqual([
        path,
        200,
        `<div id="root" data-prerendered="/prerendered/${name}"></div>`,
      ]);
    }
    expect(asked).toEqual(Object.values(paths).map((name) => `/prerendered/${name}`));
    const url = new URL(ORIGIN + "/pricing");
    const head = await servePublicPage(new Request(url, { method: "HEAD" }), url, env, ctx, files);
    expect([head?.status, head?.body]).toEqual([200, null]);
  });

  it("inlines the first page of /tutors as the API gives it, with an ItemList and the list's tags", async () => {
    const first = await onboardedTutor({ name: "مدرس القائمة الأول" });
    forgetTutorListCache();
    const { status, html } = await page("/tutors");
    expect(status).toBe(200);
    const data = JSON.parse(scriptBody(html, 'json" id="initial-data"')!) as InitialData;
    const api = await callContract(tutorContracts.list, { query: { page: "1", size: TUTORS_PAGE_SIZE } });
    expect(data.tutors).toEqual({ page: 1, data: api.body });
    expect(data.tutors?.data.list.map((tutor) => tutor.id)).toContain(first.user.id);
    expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${ORIGIN}/tutors`);
    expect(metaContent(html, "og:title")).toBe(/<title>([^<]*)<\/title>/.exec(html)?.[1]);
    const ld = JSON.parse(scriptBody(html, 'ld\\+json"')!);
    expect(ld["@type"]).toBe("ItemList");
    expect(ld.numberOfItems).toBe(api.body.total);
    expect(ld.itemListElement[0]).toMatchObject({
      "@type": "ListItem",
      position: 1,
      url: `${ORIGIN}/t/${api.body.list[0]!.id}`,
    });

    // A filtered list keeps the tags but leaves the data to the app's own request.
    const filtered = await page("/tutors?gender=female");
    expect(filtered.status).toBe(200);
    expect(filtered.html).not.toContain("initial-data");
    expect(metaContent(filtered.html, "og:title")).not.toBeNull();
    // HEAD answers the headers only.
    const head = await page("/tutors", "HEAD");
    expect(head.status).toBe(200);
    expect(head.html).toBe("");
  });

  it("answers a /tutors page past the deepest one served as a noindex 404 with nothing inlined", async () => {
    await onboardedTutor({ name: "مدرس الصفحة العميقة" });
    forgetTutorListCache();
    const deepest = lastServedPage(TUTORS_PAGE_SIZE);
    const served = await page(`/tutors?page=${deepest}`);
    expect(served.status).toBe(200);
    expect(metaContent(served.html, "robots")).toBeNull();
    const past = await page(`/tutors?page=${deepest + 1}`);
    expect(past.status).toBe(404);
    expect(metaContent(past.html, "robots")).toBe("noindex");
    expect(past.html).not.toContain("initial-data");
    expect(past.html).not.toContain('rel="canonical"');
    // The SPA then asks the API, which refuses the page with the catalogue's code.
    const api = await call(
      "GET",
      `/api/v1/user/tutor/list/onboarded?page=${deepest + 1}&size=${TUTORS_PAGE_SIZE}`,
    );
    expect(api.status).toBe(422);
    expect(api.body.code).toBe("page-too-deep");
  });

  it("starts /tutors from the list's markup prerendered at build, and any query from the plain shell", async () => {
    const asked: string[] = [];
    const files: Shell = async (url) => {
      asked.push(url.pathname + url.search);
      return new Response(SHELL.replace('<div id="root">', `<div id="root" data-asked="${url.pathname}">`), {
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    };
    for (const path of ["/tutors", "/tutors?page=2", "/tutors?gender=female"]) {
      const url = new URL(ORIGIN + path);
      const answer = await servePublicPage(new Request(url), url, env, createExecutionContext(), files);
      const html = await answer!.text();
      // Either way the page's own tags are added to it.
      expect(attribute(html, /<link rel="canonical" href="([^"]*)"/)).toMatch(/\/tutors/);
    }
    expect(asked).toEqual(["/prerendered/tutors", "/tutors?page=2", "/tutors?gender=female"]);
  });

  it("paints a listed tutor's photo, name and bio, escaped, into the layout prerendered at build; a tutor not found gets the plain shell", async () => {
    const tutor = await onboardedTutor({
      name: `سارة "<b>&</b>"`,
      bio: "مدرسة محادثة <script>alert(1)</script> & قواعد",
    });
    const asked: string[] = [];
    // The base as scripts/prerender.mjs writes it: the layout, the profile's loading state in its slot.
    const files: Shell = async (url) => {
      asked.push(url.pathname);
      const root =
        url.pathname === "/prerendered/tutor-profile"
          ? '<div id="root" data-prerendered="/t/{id}"><header>nav</header><main><div class="mx-auto" data-paint-slot="tutor-profile"><h1 class="sr-only">loading</h1></div></main></div>'
          : '<div id="root"></div>';
      return new Response(SHELL.replace('<div id="root"></div>', root), {
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    };
    const serve = async (path: string) => {
      const url = new URL(ORIGIN + path);
      const answer = await servePublicPage(new Request(url), url, env, createExecutionContext(), files);
      return { status: answer!.status, html: await answer!.text() };
    };

    const { status, html } = await serve(`/t/${tutor.user.id}`);
    expect(status).toBe(200);
    const main = /<main>([\s\S]*)<\/main>/.exec(html)?.[1] ?? "";
    // The slot's loading state gave way to the header; nothing from the name or bio became markup.
    expect(main).not.toContain("data-paint-slot");
    expect(main).not.toContain(">loading<");
    expect(main).toContain('data-painted="tutor-profile"');
    expect(/<h1[^>]*><bdi>([^<]*)<\/bdi><\/h1>/.exec(main)?.[1]).toBe(
      "سارة &quot;&lt;b&gt;&amp;&lt;/b&gt;&quot;",
    );
    expect(/<p class="text-slate-700" dir="auto">([^<]*)<\/p>/.exec(main)?.[1]).toBe(
      "مدرسة محادثة &lt;script&gt;alert(1)&lt;/script&gt; &amp; قواعد",
    );
    expect(main.match(/<script|<b>/g)).toBeNull();
    // The photo as the SPA draws it: its small versions, fetched first, its box reserved.
    const image = /<img ([^>]*)>/.exec(main)?.[1] ?? "";
    expect(image).toMatch(/ width="96" height="96" /);
    expect(image).toContain('fetchpriority="high"');
    expect(image).toContain('sizes="96px"');
    expect(image).toMatch(/srcset="[^"]+@96 96w, [^"]+@192 192w"/);

    const missing = await serve("/t/999999999");
    expect(missing.status).toBe(404);
    expect(missing.html).not.toContain("data-painted");
    expect(asked).toEqual(["/prerendered/tutor-profile", "/t/999999999"]);
  });

  it("paints the initials of a tutor without a photo", async () => {
    const tutor = await onboardedTutor({ name: "منى عادل" });
    const found = await findTutorInfo(createDb(env), tutor.user.id);
    const html = tutorPaint({ ...found!.info, image: null }, "منى عادل");
    expect(html).not.toContain("<img");
    expect(/<span aria-hidden="true" class="[^"]*rounded-full[^"]*">([^<]*)<\/span>/.exec(html)?.[1]).toBe(
      "مع",
    );
  });

  it("lists the public pages and the listed tutors in the sitemap, not the unlisted or suspended ones", async () => {
    const listed = await onboardedTutor({ name: "مدرس في الخريطة" });
    const unlisted = await onboardedTutor({ activated: false });
    const suspended = await onboardedTutor();
    await env.DB.prepare("UPDATE users SET suspended_at = ? WHERE id = ?")
      .bind(new Date().toISOString(), suspended.user.id)
      .run();
    // The index (worker/seo/sitemap.ts) names the public pages' sitemap and the tutors' pages.
    const index = await call("GET", "/sitemap.xml");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(index.headers.get("cache-control")).toBe("public, max-age=3600");
    const indexXml = index.body as string;
    expect(indexXml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const tutorsPage = Math.floor(listed.user.id / SITEMAP_TUTOR_IDS);
    expect(indexXml).toContain(`<sitemap><loc>${ORIGIN}/sitemap-pages.xml</loc></sitemap>`);
    expect(indexXml).toContain(`<sitemap><loc>${ORIGIN}/sitemap-tutors-${tutorsPage}.xml</loc></sitemap>`);

    const pages = await call("GET", "/sitemap-pages.xml");
    expect(pages.status).toBe(200);
    expect(pages.headers.get("content-type")).toMatch(/^application\/xml/);
    const pagesXml = pages.body as string;
    expect(pagesXml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    for (const path of [
      "/",
      "/pricing",
      "/faq",
      "/tutor",
      "/method",
      "/about",
      "/terms",
      "/privacy",
      "/tutors",
    ])
      expect(pagesXml).toContain(`<loc>${ORIGIN}${path}</loc>`);

    const tutors = await call("GET", `/sitemap-tutors-${tutorsPage}.xml`);
    expect(tutors.status).toBe(200);
    expect(tutors.headers.get("cache-control")).toBe("public, max-age=3600");
    const xml = tutors.body as string;
    expect(xml).toMatch(
      new RegExp(
        `<url><loc>${ORIGIN}/t/${listed.user.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod></url>`,
      ),
    );
    expect(xml).not.toContain(`/t/${unlisted.user.id}<`);
    expect(xml).not.toContain(`/t/${suspended.user.id}<`);
  });

  it("serves robots.txt allowing the public pages, refusing the private areas, with the sitemap", async () => {
    const response = await call("GET", "/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = response.body as string;
    expect(text).toContain("User-agent: *\nAllow: /\n");
    for (const path of ["/api/", "/admin", "/s/", "/t/dashboard", "/chat", "/checkout/"])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/tutors|Disallow: \/t\/\n|Disallow: \/pricing/);
    // The sitemap index (worker/seo/sitemap.ts), which names every other sitemap.
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml\n`);
    expect(text.match(/^Sitemap:/gm)).toHaveLength(1);
  });

  it("answers a stored short link with a 301 and counts the click", async () => {
    await env.DB.prepare(
      "INSERT INTO short_urls (name, url, source, clicks, created_at, updated_at) VALUES (?, ?, 'wa', 0, ?, ?)",
    )
      .bind("ramadan-offer", "/pricing?src=wa", new Date().toISOString(), new Date().toISOString())
      .run();
    const first = await visit("/url/ramadan-offer");
    expect(first.status).toBe(301);
    expect(first.headers.get("location")).toBe(`${ORIGIN}/pricing?src=wa`);
    await visit("/url/ramadan-offer");
    // The click is counted after the answer (waitUntil): wait for it.
    let clicks = 0;
    for (let attempt = 0; attempt < 50 && clicks < 2; attempt++) {
      clicks = (await env.DB.prepare("SELECT clicks FROM short_urls WHERE name = 'ramadan-offer'").first<{
        clicks: number;
      }>())!.clicks;
      if (clicks < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(clicks).toBe(2);
  });

  it("answers the built-in short links with a 301, carrying a link source on as ?src=", async () => {
    const pricing = await visit("/url/plans");
    expect(pricing.status).toBe(301);
    expect(pricing.headers.get("location")).toBe(`${ORIGIN}/pricing`);
    const whatsapp = await visit("/url/WA");
    expect(whatsapp.status).toBe(301);
    expect(whatsapp.headers.get("location")).toBe(`${ORIGIN}/?src=wa`);
  });

  it("answers an unknown short link with the app's not-found page and a 404, counting nothing", async () => {
    const { status, html } = await page("/url/no-such-link");
    expect(status).toBe(404);
    expect(metaContent(html, "robots")).toBe("noindex");
    const viaWorker = await visit("/url/no-such-link");
    expect(viaWorker.status, await viaWorker.clone().text()).toBe(404);
    const total = await env.DB.prepare(
      "SELECT coalesce(sum(clicks), 0) AS n FROM short_urls WHERE name = 'no-such-link'",
    ).first<{ n: number }>();
    expect(total?.n).toBe(0);
  });

  it("refuses a stored short link whose target is not a web address", async () => {
    await env.DB.prepare(
      "INSERT INTO short_urls (name, url, clicks, created_at, updated_at) VALUES ('bad-target', 'javascript:alert(1)', 0, ?, ?)",
    )
      .bind(new Date().toISOString(), new Date().toISOString())
      .run();
    const response = await visit("/url/bad-target");
    expect(response.status).toBe(404);
    expect(response.headers.get("location")).toBeNull();
  });
});
