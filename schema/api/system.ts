import { z } from "zod";
import { contract } from "./contract";

/** The business numbers as answered (schema/pricing.ts BusinessSettings); here so GET /config's contract stays light for the first screen. */
export const businessSettings = z.object({
  hourlyRate: z.number(),
  tutorHourlyRate: z.number(),
  trialMinutes: z.number(),
  cancelWindowHours: z.number(),
  refundFeeBasisPoints: z.number(),
  /** Days between a deletion request and the erasure (absent: the default, 14). */
  deletionGraceDays: z.number().optional(),
});

/** GET /health — liveness and the build version. */
export const health = z.object({ status: z.literal("ok"), version: z.string() });

/** GET /config — what this deployment offers the SPA at start (each id null when not configured). */
export const appConfig = z.object({
  googleClientId: z.string().nullable(),
  /** Cloudflare Turnstile's site key when the public forms are protected (null: off). */
  turnstileSiteKey: z.string().nullable(),
  environment: z.enum(["local", "staging", "production"]),
  /** Sentry's public DSN when errors are reported (null: off) and the build's release. */
  sentryDsn: z.string().nullable(),
  release: z.string(),
  /** Google Analytics and Microsoft Clarity ids: their tags load only after the visitor accepts. */
  gaId: z.string().nullable(),
  clarityProjectId: z.string().nullable(),
  /** The business numbers in force (platform settings): lesson price, tutor rate, trial, cancel window, refund fee. */
  business: businessSettings,
  /** The platform's WhatsApp or Telegram notifications channel (platform settings; null: unset, not shown). */
  notificationsChannel: z.string().nullable(),
});
export type AppConfig = z.output<typeof appConfig>;

/** GET /assets/uploads/{name} — a public file's name (no way out of its folder). */
export const uploadFileParam = z.object({
  name: z
    .string()
    .regex(/^[\w./-]+(@\d+)?$/, "bad-request")
    .refine((name) => !name.includes(".."), "bad-request"),
});

/** The system endpoints (worker/routes/system.ts). */
export const systemContracts = {
  health: contract({ method: "get", path: "/health", response: health }),
  config: contract({ method: "get", path: "/config", response: appConfig }),
  upload: contract({
    method: "get",
    path: "/assets/uploads/:name{.+}",
    params: uploadFileParam,
    response: "file",
  }),
  turnstileEmulator: contract({ method: "post", path: "/dev/turnstile/siteverify", response: "emulated" }),
};
