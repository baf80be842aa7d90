import { afterEach, describe, expect, it } from "vitest";
import {
  countVisit,
  finishInstallPrompt,
  mayOfferInstall,
  rememberBooking,
} from "../../web/src/features/pwa/install-moments";
import { offlinePageHtml } from "../../web/src/features/pwa/offline-page";
import {
  isBusyPath,
  lessonsCacheKey,
  strategyFor,
  userIdOfAuthorization,
} from "../../web/src/features/pwa/sw-rules";
import { arPwa } from "../../web/src/i18n/ar-EG-pwa";

// What the service worker does with each request (web/src/features/pwa/sw-rules.ts, docs/phone.md).
const origin = "https://dars.example";
const get = (path: string, mode = "cors") => strategyFor({ method: "GET", mode, url: origin + path }, origin);

describe("the service worker's rules", () => {
  it("never touches the dev routes, payments, 3-D Secure, the sockets or other origins", () => {
    for (const path of [
      "/api/v1/dev/outbox",
      "/api/v1/dev/fawry/ECommerceWeb/Fawry/payments/charge",
      "/parties/user-channel/3",
      "/api/v1/fawry/pay/card",
      "/api/v1/user/me",
    ])
      expect(get(path), path).toBe("bypass");
    for (const path of ["/checkout/3/month", "/card-added", "/payments", "/dev/mailbox", "/3ds/return"])
      expect(get(path, "navigate"), path).toBe("bypass");
    expect(
      strategyFor({ method: "POST", mode: "cors", url: `${origin}/api/v1/lesson/list/?when=future` }, origin),
    ).toBe("bypass");
    expect(
      strategyFor({ method: "GET", mode: "cors", url: "https://accounts.google.com/gsi/client" }, origin),
    ).toBe("bypass");
  });

  it("keeps only the upcoming lessons of the API, and tutor photos", () => {
    expect(get("/api/v1/lesson/list/?when=future&status=ratified&page=1&size=10")).toBe("lessons");
    expect(get("/api/v1/lesson/list/?when=now&status=ratified&size=100")).toBe("lessons");
    expect(get("/api/v1/lesson/list/?when=past&page=1&size=10")).toBe("bypass");
    expect(get("/api/v1/assets/uploads/photo.webp@128")).toBe("stale-while-revalidate");
  });

  it("serves public pages from the cache first and other pages from the network", () => {
    for (const path of ["/", "/pricing", "/faq", "/faq/student", "/about"])
      expect(get(path, "navigate"), path).toBe("stale-while-revalidate");
    // Their inlined data (free times, prices) is never shown from an old copy while online.
    for (const path of ["/tutors", "/t/12"]) expect(get(path, "navigate"), path).toBe("network-first-page");
    for (const path of ["/upcoming-lessons", "/s/settings", "/lesson/4"])
      expect(get(path, "navigate"), path).toBe("navigation");
    expect(get("/assets/app-abc123.js")).toBe("cache-first");
    expect(get("/icons/icon-192.png")).toBe("cache-first");
  });

  it("keeps each user's lessons apart, by the id in their token", () => {
    const payload = btoa(JSON.stringify({ id: 42, sid: "s", iat: 1, exp: 2 })).replace(/=+$/, "");
    expect(userIdOfAuthorization(`Bearer header.${payload}.signature`)).toBe(42);
    expect(userIdOfAuthorization(null)).toBeNull();
    expect(userIdOfAuthorization("Bearer not-a-token")).toBeNull();
    expect(lessonsCacheKey(`${origin}/api/v1/lesson/list/?when=now`, 42)).not.toBe(
      lessonsCacheKey(`${origin}/api/v1/lesson/list/?when=now`, 43),
    );
  });

  it("holds updates and prompts while booking, paying or in a lesson", () => {
    for (const path of [
      "/checkout/3/month",
      "/card-added",
      "/lesson/9",
      "/session",
      "/interview/2",
      "/demo-session/5",
    ])
      expect(isBusyPath(path), path).toBe(true);
    expect(isBusyPath("/t/12")).toBe(false);
    expect(isBusyPath("/t/12", true)).toBe(true);
    expect(isBusyPath("/upcoming-lessons")).toBe(false);
  });

  it("answers a failed page with an Arabic, right-to-left offline page", () => {
    const html = offlinePageHtml("/assets/font.woff2");
    expect(html).toContain('<html lang="ar-EG" dir="rtl">');
    expect(html).toContain(`<h1>${arPwa.offline.title}</h1>`);
    expect(html).toContain("/assets/font.woff2");
    expect(html).not.toContain("<script");
  });
});

describe("when installing is offered", () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it("waits for a second visit, counting each browser session once", () => {
    countVisit();
    countVisit();
    expect(mayOfferInstall()).toBe(false);
    sessionStorage.clear();
    countVisit();
    expect(mayOfferInstall()).toBe(true);
  });

  it("offers it after a first booking, and never once dismissed", () => {
    rememberBooking();
    expect(mayOfferInstall()).toBe(true);
    finishInstallPrompt();
    expect(mayOfferInstall()).toBe(false);
  });
});
