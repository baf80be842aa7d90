import { systemContracts } from "../../schema/api/system";
import { emulate } from "../http/emulate";
import { route } from "../http/route";
import { turnstileSiteKey } from "../integrations/turnstile";
import { currentBusinessSettings, currentPlatformLinks } from "../domain/staff/platform-settings";

export const systemRoutes = [
  route(systemContracts.health, {
    access: "public",
    summary: "Liveness and the build version.",
    handle: ({ c }) => ({ status: "ok" as const, version: c.get("config").BUILD_VERSION }),
  }),
  route(systemContracts.config, {
    access: "public",
    summary:
      "What the SPA needs to know at start: Google client id, Turnstile site key, Sentry DSN, Google Analytics and Clarity ids (each null when not configured), the release and environment, and the business numbers in force (lesson and tutor hourly rates, trial minutes, cancel window hours, refund fee), and the notifications channel link (null: unset).",
    handle: async ({ c }) => {
      const config = c.get("config");
      // One cached read for both (worker/domain/staff/platform-settings.ts).
      const business = await currentBusinessSettings(c.get("db"));
      const links = await currentPlatformLinks(c.get("db"));
      return {
        googleClientId: config.GOOGLE_CLIENT_ID ?? null,
        turnstileSiteKey: turnstileSiteKey(config),
        environment: config.CLIENT_ENVIRONMENT,
        // Error reporting (public DSN) and the analytics ids, loaded by the SPA only when set (the
        // analytics only after the visitor accepts them).
        sentryDsn: config.SENTRY_DSN ?? null,
        release: config.BUILD_VERSION,
        gaId: config.GA_ID ?? null,
        clarityProjectId: config.CLARITY_PROJECT_ID ?? null,
        // The operator's numbers (platform settings): prices, trial and cancel window on every screen.
        business,
        notificationsChannel: links.notificationsChannel,
      };
    },
  }),
  route(systemContracts.turnstileEmulator, {
    access: "public",
    localOnly: true,
    summary:
      "Local Turnstile emulator: siteverify with Cloudflare's test secret keys (1x… passes, 2x… fails, 3x… token already spent).",
    handle: ({ c }) => emulate(c),
  }),
];
