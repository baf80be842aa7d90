import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConsentBanner } from "../../web/src/features/consent/consent-banner";
import { consent as text } from "../../web/src/i18n/ar-EG-consent";
import { resetAnalyticsForTests, track, trackLessonBooked } from "../../web/src/lib/analytics";
import { CONSENT_STORAGE_KEY, writeConsent } from "../../web/src/lib/consent";
import { renderWithApp } from "./render-with-app";
import { DEVICE_ID_KEY } from "../../web/src/features/privacy/consent-record";
import { consentTextVersions } from "../../schema/api/privacy";

const IDS = { gaId: "G-ABCDEFGHIJ", clarityProjectId: "abcdefghij" };
type Tagged = Window & { dataLayer?: unknown[]; gtag?: unknown; clarity?: { q?: unknown[][] } };

const tagScripts = () =>
  [...document.querySelectorAll("script")]
    .map((script) => script.src)
    .filter((src) => /googletagmanager|clarity/.test(src));

function forget() {
  localStorage.clear();
  sessionStorage.clear();
  document.head.querySelectorAll("script").forEach((script) => script.remove());
  const w = window as Tagged;
  delete w.dataLayer;
  delete w.gtag;
  delete w.clarity;
  resetAnalyticsForTests();
}

beforeEach(forget);
afterEach(() => {
  cleanup();
  forget();
});

describe("the analytics consent banner", () => {
  it("is not shown, and loads nothing, when neither Google Analytics nor Clarity is configured", () => {
    renderWithApp(<ConsentBanner ids={{ gaId: null, clarityProjectId: null }} />);
    expect(screen.queryByRole("region", { name: text.label })).toBeNull();
    writeConsent("granted");
    expect(tagScripts()).toEqual([]);
  });

  it("asks in Arabic in a labelled region, and loads no tag before the visitor accepts", () => {
    renderWithApp(<ConsentBanner ids={IDS} />);
    const region = screen.getByRole("region", { name: text.label });
    expect(region.textContent).toContain(text.title);
    expect(screen.getByRole("button", { name: text.accept })).toBeTruthy();
    expect(screen.getByRole("button", { name: text.refuse })).toBeTruthy();
    expect(tagScripts()).toEqual([]);
    expect((window as Tagged).gtag).toBeUndefined();
  });

  it("loads Google Analytics' and Clarity's tags once accepted, remembers it, and is not asked again", () => {
    const { unmount } = renderWithApp(<ConsentBanner ids={IDS} />);
    fireEvent.click(screen.getByRole("button", { name: text.accept }));
    expect(screen.queryByRole("region", { name: text.label })).toBeNull();
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe("granted");
    expect(tagScripts()).toEqual([
      "https://www.googletagmanager.com/gtag/js?id=G-ABCDEFGHIJ",
      "https://www.clarity.ms/tag/abcdefghij",
    ]);
    unmount();
    renderWithApp(<ConsentBanner ids={IDS} />);
    expect(screen.queryByRole("region", { name: text.label })).toBeNull();
    expect(tagScripts()).toHaveLength(2);
  });

  it("remembers a refusal: no tags, no banner on the next visit", () => {
    const { unmount } = renderWithApp(<ConsentBanner ids={IDS} />);
    fireEvent.click(screen.getByRole("button", { name: text.refuse }));
    expect(localStorage.getItem(CONSENT_STORAGE_KEY)).toBe("denied");
    unmount();
    renderWithApp(<ConsentBanner ids={IDS} />);
    expect(screen.queryByRole("region", { name: text.label })).toBeNull();
    expect(tagScripts()).toEqual([]);
  });

  it("is reachable by keyboard: its buttons take focus in order", () => {
    renderWithApp(<ConsentBanner ids={IDS} />);
    const accept = screen.getByRole("button", { name: text.accept });
    accept.focus();
    expect(document.activeElement).toBe(accept);
    expect(accept.getAttribute("type")).toBe("button");
  });
});

describe("track", () => {
  it("does nothing without consent, even when the ids are configured", () => {
    renderWithApp(<ConsentBanner ids={IDS} />);
    track("sign_up", { role: 1 });
    trackLessonBooked(7);
    const w = window as Tagged;
    expect(w.dataLayer).toBeUndefined();
    expect(w.clarity).toBeUndefined();
  });

  it("does nothing after a refusal", () => {
    writeConsent("denied");
    renderWithApp(<ConsentBanner ids={IDS} />);
    track("purchase", { value: 100 });
    expect((window as Tagged).dataLayer).toBeUndefined();
  });

  it("sends the funnel events to both tags after consent, the first booking once per account", () => {
    renderWithApp(<ConsentBanner ids={IDS} />);
    act(() => writeConsent("granted"));
    const w = window as Tagged;
    const gaEvents = () =>
      (w.dataLayer ?? [])
        .map((args) => [...(args as IArguments)])
        .filter((args) => args[0] === "event")
        .map((args) => args[1]);
    track("checkout_started", { method: "card", plan: 1, period: 1 });
    trackLessonBooked(7, { duration: 30 });
    trackLessonBooked(7, { duration: 30 });
    expect(gaEvents()).toEqual(["checkout_started", "lesson_booked", "first_lesson_booked", "lesson_booked"]);
    expect((w.clarity?.q ?? []).map((args) => args[1])).toEqual([
      "checkout_started",
      "lesson_booked",
      "first_lesson_booked",
      "lesson_booked",
    ]);
  });
});

describe("error reporting in the SPA", () => {
  it("imports Sentry only with a DSN, and scrubs what it sends", async () => {
    const { resetErrorReportingForTests, startErrorReporting } =
      await import("../../web/src/lib/error-reporting");
    resetErrorReportingForTests();
    const load = vi.fn();
    expect(startErrorReporting({ sentryDsn: null }, load)).toBeNull();
    expect(load).not.toHaveBeenCalled();
    const init = vi.fn();
    const module = { init, captureException: vi.fn() } as unknown as typeof import("@sentry/react");
    await startErrorReporting(
      { sentryDsn: "https://k@sentry.dars.test/1", release: "v1", environment: "production" },
      async () => module,
    );
    expect(init).toHaveBeenCalledTimes(1);
    const options = init.mock.calls[0]![0] as {
      dsn: string;
      release: string;
      beforeSend: (event: object) => { request?: unknown; message?: string };
    };
    expect([options.dsn, options.release]).toEqual(["https://k@sentry.dars.test/1", "v1"]);
    const sent = options.beforeSend({
      message: "failed for ahmed@example.com 01012345678",
      request: { url: "https://dars.test/lesson/1?ticket=abc", headers: { cookie: "x" } },
    });
    expect(JSON.stringify(sent)).not.toMatch(/ahmed@example\.com|01012345678|ticket=abc|cookie/);
    resetErrorReportingForTests();
  });
});

describe("the banner's answer on the server (docs/rules.md, Your data: export, consents, retention)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("records a visitor's refusal for this device: a random id kept on the browser, the kind and the choice", async () => {
    const answer = { analytics: null, marketing: null, history: [] };
    const fetchMock = vi.fn(async () => Response.json(answer));
    vi.stubGlobal("fetch", fetchMock);
    renderWithApp(<ConsentBanner ids={IDS} />);
    fireEvent.click(screen.getByRole("button", { name: text.refuse }));
    // The recording module loads on the click (a chunk of its own).
    await waitFor(() => expect(fetchMock).toHaveBeenCalled(), { timeout: 8000 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/api\/v1\/consents$/);
    expect(init.method).toBe("PUT");
    const deviceId = localStorage.getItem(DEVICE_ID_KEY);
    expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(init.body))).toEqual({ deviceId, kind: "analytics", granted: false });
    expect(consentTextVersions.analytics).toBeTruthy();
  });
});
