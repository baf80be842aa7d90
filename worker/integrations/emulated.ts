// The local environment's stand-ins for the outside services (Fawry, Telegram, WhatsApp, LiveKit,
// TURN, Turnstile) and its demo seeds live outside the product, in emulators/. The product knows
// only this contract: the local entry (emulators/local.ts) passes an implementation to the
// composition root (createWorker, createApp, createServices); the production entry
// (worker/index.ts) passes none, so there the clients talk to the configured URLs with the
// global fetch and the local-only routes answer 404.
import type { Db } from "../core/context";
import type { Env } from "../core/env";
import type { BenchFillInput, BenchSeedInput } from "../../schema/api/bench";
import type { BenchFilled, BenchSeed, DemoSeed } from "../../schema/api/dev";
import { LOCAL_FAWRY, LOCAL_TELEGRAM, LOCAL_WHATSAPP } from "./local-accounts";

/** A fetch for one client: the global one, or the emulators' in-process dispatch. */
export type Fetcher = (request: Request) => Promise<Response>;

/** The origin in-process emulator requests are addressed at (the host is never resolved). */
export const EMULATOR_ORIGIN = "http://emulator.local";

/**
 * Where each emulator answers; the dispatcher picks the emulator by path. The Fawry, Telegram,
 * WhatsApp and LiveKit ones are also the local-only routes below /api/v1/dev (a browser opens
 * the Fawry sandbox's pages; LIVEKIT_URL points at the LiveKit one).
 */
export const EMULATOR_PATHS = {
  fawry: "/api/v1/dev/fawry",
  telegram: "/api/v1/dev/telegram",
  whatsapp: "/api/v1/dev/whatsapp",
  livekit: "/api/v1/dev/livekit",
  turn: "/turn/v1",
  turnstile: "/turnstile/v0/siteverify",
  push: "/api/v1/dev/push",
} as const;

/**
 * Where the local push emulator's subscriptions point (emulators/push): an https origin, as every
 * real push service's (the sender requires https), never resolved: createServices hands requests
 * to it to the emulators in-process; every other endpoint (a real browser's) goes out for real.
 */
export const EMULATED_PUSH_ORIGIN = "https://push.emulator.local";

/** True for an endpoint of the local push emulator. */
export const isEmulatedPushEndpoint = (url: string) => URL.parse(url)?.origin === EMULATED_PUSH_ORIGIN;
export const WHATSAPP_EMULATOR_VERSION = "v23.0";

export { LOCAL_FAWRY, LOCAL_LIVEKIT, LOCAL_TELEGRAM, LOCAL_WHATSAPP } from "./local-accounts";

/**
 * Where each client points, and with which local account, when an emulator stands in for its
 * provider (createServices, worker/integrations/index.ts, is the only reader). `origin` is the
 * Worker's own: the Fawry sandbox's pages are opened by the browser, so its base URL is a real one.
 */
export function emulatedEndpoints(origin: string) {
  return {
    fawry: { ...LOCAL_FAWRY, baseUrl: origin + EMULATOR_PATHS.fawry },
    telegram: { ...LOCAL_TELEGRAM, baseUrl: EMULATOR_ORIGIN + EMULATOR_PATHS.telegram },
    whatsapp: {
      ...LOCAL_WHATSAPP,
      baseUrl: `${EMULATOR_ORIGIN}${EMULATOR_PATHS.whatsapp}/${WHATSAPP_EMULATOR_VERSION}`,
    },
    turnApiUrl: EMULATOR_ORIGIN + EMULATOR_PATHS.turn,
    turnstileUrl: EMULATOR_ORIGIN + EMULATOR_PATHS.turnstile,
  };
}

/** True when a LIVEKIT_URL is the local LiveKit emulator's (ws:// or http://, any host). */
export const isEmulatedLiveKitUrl = (url: string) =>
  URL.parse(url.replace(/^ws/, "http"))?.pathname.startsWith(EMULATOR_PATHS.livekit) ?? false;

/** What the local entry passes in (emulators/index.ts builds it). */
export type Emulators = {
  /** Answers a request to an emulated provider (EMULATOR_PATHS) in-process. */
  fetch(request: Request, env: Env, ctx?: ExecutionContext): Promise<Response>;
  /** Seeds the demo data (POST /dev/seed, which npm start calls). */
  seedDemo(db: Db, now: Date, media: R2Bucket): Promise<DemoSeed>;
  /** Seeds benchmark data (POST /dev/bench/seed, which npm run bench calls). */
  seedBench(db: Db, tokenSecret: string, input: BenchSeedInput): Promise<BenchSeed>;
  /** Adds one bounded batch of benchmark history (POST /dev/bench/fill, npm run bench's growth). */
  fillBench(env: Env, db: Db, input: BenchFillInput): Promise<BenchFilled>;
};

/** The emulators bound to one request or cron run (Services.local). */
export type LocalServices = {
  fetch: Fetcher;
  seedDemo: Emulators["seedDemo"];
  seedBench: Emulators["seedBench"];
  fillBench: Emulators["fillBench"];
};
