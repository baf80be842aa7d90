import type { Config } from "../core/env";

/**
 * The Content-Security-Policy of every answer: scripts only from this origin (plus Google sign-in
 * and the analytics hosts when they are configured), connections to this origin and its sockets
 * (and LiveKit's host when configured), images and media from this origin or the page's own blobs,
 * and no framing by other sites. Inline styles stay allowed: React's style attributes and the local
 * Fawry sandbox's pages use them.
 */
export function contentSecurityPolicy(config: Config | null, url: URL): string {
  const socket = `${url.protocol === "http:" ? "ws:" : "wss:"}//${url.host}`;
  const script = ["'self'"];
  const connect = ["'self'", socket];
  const img = ["'self'", "data:", "blob:"];
  const style = ["'self'", "'unsafe-inline'"];
  const frame = ["'none'"];
  if (config?.GOOGLE_CLIENT_ID) {
    // Google Identity Services: its script, button frame, styles and the token endpoint.
    script.push("https://accounts.google.com/gsi/client");
    style.push("https://accounts.google.com/gsi/style");
    connect.push("https://accounts.google.com/gsi/");
    frame.splice(0, 1, "https://accounts.google.com/gsi/");
  }
  if (config?.GA_ID) {
    script.push("https://www.googletagmanager.com");
    connect.push(
      "https://*.google-analytics.com",
      "https://*.analytics.google.com",
      "https://www.googletagmanager.com",
    );
    img.push("https://*.google-analytics.com", "https://www.googletagmanager.com");
  }
  if (config?.CLARITY_PROJECT_ID) {
    script.push("https://www.clarity.ms", "https://*.clarity.ms");
    connect.push("https://*.clarity.ms");
    img.push("https://*.clarity.ms", "https://c.bing.com");
  }
  // Cloudflare Turnstile on the public forms (worker/integrations/turnstile.ts): its script and frame.
  if (config?.TURNSTILE_SITE_KEY) {
    script.push("https://challenges.cloudflare.com");
    if (frame[0] === "'none'") frame.splice(0, 1);
    frame.push("https://challenges.cloudflare.com");
  }
  // The SPA's error reports go to the Sentry DSN's host (web/src/lib/error-reporting.ts).
  const sentry = config?.SENTRY_DSN ? URL.parse(config.SENTRY_DSN) : null;
  if (sentry) connect.push(sentry.origin);
  const liveKit = config?.LIVEKIT_URL ? URL.parse(config.LIVEKIT_URL) : null;
  if (liveKit && liveKit.host !== url.host) connect.push(`https://${liveKit.host}`, `wss://${liveKit.host}`);
  return [
    "default-src 'self'",
    `script-src ${script.join(" ")}`,
    `style-src ${style.join(" ")}`,
    `img-src ${img.join(" ")}`,
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src ${connect.join(" ")}`,
    `frame-src ${frame.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Adds the security headers to an answer (HTML, API JSON, static files alike) and the cache rules
 * of the SPA's files: hashed /assets/* kept a year, HTML revalidated on every load. A socket
 * upgrade (101) is returned as it is. `local` leaves HSTS out (plain http on loopback).
 */
export function withSecurityHeaders(
  response: Response,
  options: { config: Config | null; url: URL; local: boolean },
): Response {
  if (response.status === 101 || response.webSocket) return response;
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("content-security-policy", contentSecurityPolicy(options.config, options.url));
  headers.set("x-content-type-options", "nosniff");
  headers.set("x-frame-options", "DENY");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  headers.set(
    "permissions-policy",
    "camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=(), usb=()",
  );
  if (!options.local) headers.set("strict-transport-security", "max-age=31536000; includeSubDomains");
  const path = options.url.pathname;
  const html = headers.get("content-type")?.startsWith("text/html") ?? false;
  if (path.startsWith("/assets/") && secured.ok && !html)
    headers.set("cache-control", "public, max-age=31536000, immutable");
  else if (html && !path.startsWith("/api/")) headers.set("cache-control", "no-cache");
  return secured;
}
