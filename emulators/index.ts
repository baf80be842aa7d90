// The local environment's stand-ins for the outside services, outside the product: the local
// entry (emulators/local.ts) passes createEmulators(...) to the Worker's composition root, and the
// product reaches them only through that object (worker/integrations/emulated.ts). Each emulator
// answers with real Request/Response objects; its webhooks and notifications reach the API app
// through `api`, in-process (a Worker cannot simply fetch its own origin).
import { readConfig, type Env } from "../worker/core/env";
import {
  EMULATED_PUSH_ORIGIN,
  EMULATOR_ORIGIN,
  EMULATOR_PATHS,
  LOCAL_FAWRY,
  LOCAL_LIVEKIT,
  LOCAL_TELEGRAM,
  LOCAL_WHATSAPP,
  type Emulators,
} from "../worker/integrations/emulated";
import { liveKitConfig } from "../worker/integrations/livekit";
import { telegramWebhookSecret } from "../worker/integrations/telegram";
import { whatsAppWebhookKeys } from "../worker/integrations/whatsapp";
import { benchFillBody, benchSeedBody } from "../schema/api/bench";
import { fillBench, seedBench } from "./bench";
import { createFawrySandbox } from "./fawry/app";
import { createLiveKitEmulator } from "./livekit/app";
import { createPushEmulator } from "./push/app";
import { seedDemoData } from "./seed";
import { createTelegramEmulator } from "./telegram/app";
import { turnEmulator } from "./turn";
import { turnstileEmulator } from "./turnstile";
import { createWhatsAppEmulator } from "./whatsapp/app";

/** Marks a response as an emulator's; the deploy check also looks for it in the production bundle (scripts/check-bundle.mjs). */
export const EMULATOR_MARKER = "dars-local-emulator";

/** The API app's fetch, which the emulators deliver their webhooks to. */
export type ApiFetch = (request: Request, env: Env, ctx?: ExecutionContext) => Response | Promise<Response>;

/** Answers one request for an emulated provider; the path picks it (EMULATOR_PATHS), 404 otherwise. */
async function dispatch(
  api: ApiFetch,
  request: Request,
  env: Env,
  ctx?: ExecutionContext,
): Promise<Response> {
  const config = readConfig(env);
  const deliver = (delivered: Request) => Promise.resolve(api(delivered, env, ctx));
  const { pathname } = new URL(request.url);
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  if (under(EMULATOR_PATHS.fawry)) {
    const keys = {
      merchantCode: config.FAWRY_MERCHANT_CODE ?? LOCAL_FAWRY.merchantCode,
      secureKey: config.FAWRY_SECURE_KEY ?? LOCAL_FAWRY.secureKey,
    };
    return createFawrySandbox(env.DB, { ...keys, deliver }).fetch(request, env, ctx);
  }
  if (under(EMULATOR_PATHS.telegram))
    return createTelegramEmulator(env.DB, {
      token: LOCAL_TELEGRAM.token,
      username: LOCAL_TELEGRAM.username,
      webhook: {
        url: `${EMULATOR_ORIGIN}/api/v1/telegram/webhook`,
        secretToken: telegramWebhookSecret(config),
      },
      deliver,
    }).fetch(request, env, ctx);
  if (under(EMULATOR_PATHS.whatsapp))
    return createWhatsAppEmulator(env.DB, {
      phoneNumberId: LOCAL_WHATSAPP.phoneNumberId,
      token: LOCAL_WHATSAPP.token,
      appSecret: whatsAppWebhookKeys(config).appSecret ?? LOCAL_WHATSAPP.appSecret,
      webhookUrl: `${EMULATOR_ORIGIN}/api/v1/whatsapp/webhook`,
      deliver,
    }).fetch(request, env, ctx);
  if (under(EMULATOR_PATHS.livekit)) {
    const keys = liveKitConfig(config) ?? LOCAL_LIVEKIT;
    return createLiveKitEmulator({
      apiKey: keys.apiKey,
      apiSecret: keys.apiSecret,
      webhookUrl: `${EMULATOR_ORIGIN}/api/v1/session/livekit/webhook`,
      deliver,
    }).fetch(request, env, ctx);
  }
  if (under(EMULATOR_PATHS.push))
    return createPushEmulator(env.DB, {
      basePath: EMULATOR_PATHS.push,
      endpointBase: EMULATED_PUSH_ORIGIN + EMULATOR_PATHS.push,
    }).fetch(request, env, ctx);
  if (under(EMULATOR_PATHS.turn)) return turnEmulator(request);
  if (under(EMULATOR_PATHS.turnstile) || pathname === "/api/v1/dev/turnstile/siteverify")
    return turnstileEmulator(request);
  return Response.json({ error: "no emulator at this path" }, { status: 404 });
}

/** The emulators and demo seeds, delivering to `api` (the local entry's API app). */
export function createEmulators(api: ApiFetch): Emulators {
  return {
    async fetch(request, env, ctx) {
      const response = await dispatch(api, request, env, ctx);
      // A Response from fetch() may have immutable headers: copy it to mark it.
      const marked = new Response(response.body, response);
      marked.headers.set("x-emulator", EMULATOR_MARKER);
      return marked;
    },
    seedDemo: (db, now, media) => seedDemoData(db, now, media),
    seedBench: (db, tokenSecret, input) => seedBench(db, tokenSecret, benchSeedBody.parse(input)),
    fillBench: (env, db, input) => fillBench(env, db, benchFillBody.parse(input)),
  };
}
