import { route } from "../http/route";
import { turnstileEmulator } from "../dev/turnstile";
import { turnstileSiteKey } from "../integrations/turnstile";

export const systemRoutes = [
  route({
    method: "get",
    path: "/health",
    access: "public",
    summary: "Liveness and the build version.",
    handle: ({ c }) => ({ status: "ok", version: c.get("config").BUILD_VERSION }),
  }),
  route({
    method: "get",
    path: "/config",
    access: "public",
    summary: "What the SPA needs to know at start: Google client id, Turnstile site key, Sentry DSN, Google Analytics and Clarity ids (each null when not configured), the release and environment.",
    handle: ({ c }) => {
      const config = c.get("config");
      return {
        googleClientId: config.GOOGLE_CLIENT_ID ?? null,
        turnstileSiteKey: turnstileSiteKey(c.env),
        environment: config.CLIENT_ENVIRONMENT,
        // Error reporting (public DSN) and the analytics ids, loaded by the SPA only when set (the
        // analytics only after the visitor accepts them).
        sentryDsn: config.SENTRY_DSN ?? null,
        release: config.BUILD_VERSION,
        gaId: config.GA_ID ?? null,
        clarityProjectId: config.CLARITY_PROJECT_ID ?? null,
      };
    },
  }),
  route({
    method: "post",
    path: "/dev/turnstile/siteverify",
    access: "public",
    localOnly: true,
    summary: "Local Turnstile emulator: siteverify with Cloudflare's test secret keys (1x… passes, 2x… fails, 3x… token already spent).",
    handle: ({ c }) => turnstileEmulator(c.req.raw),
  }),
];
