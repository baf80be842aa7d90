// In-process wiring of the local LiveKit room-service emulator (the Fawry sandbox's pattern): when
// LIVEKIT_URL points at <origin>/api/v1/dev/livekit in the local environment, the Worker's room
// service client dispatches to the emulator, whose webhooks reach our API app in-process.
import type { Config, Env } from "../../env";
import { liveKitConfig, roomServiceClient, type RoomService } from "../../integrations/livekit";
import { EMULATOR_ORIGIN, dispatchToApi } from "../dispatch";
import { LIVEKIT_EMULATOR_BASE, createLiveKitEmulator } from "./app";

/** `livekit-server --dev`'s key pair, used by the emulator when LiveKit is not configured. */
export const LOCAL_LIVEKIT = { apiKey: "devkey", apiSecret: "secret" };

export function liveKitEmulatorFetch(env: Env, config: Config, ctx?: ExecutionContext) {
  const keys = liveKitConfig(config) ?? LOCAL_LIVEKIT;
  const emulator = createLiveKitEmulator({
    apiKey: keys.apiKey,
    apiSecret: keys.apiSecret,
    webhookUrl: `${EMULATOR_ORIGIN}/api/v1/session/livekit/webhook`,
    deliver: (request) => dispatchToApi(request, env, ctx),
  });
  return async (request: Request) => emulator.fetch(request, env, ctx);
}

/** True when LIVEKIT_URL is this Worker's emulator (local environment only). */
export const isLiveKitEmulator = (config: Config, url: string) =>
  config.isLocal && (URL.parse(url.replace(/^ws/, "http"))?.pathname.startsWith(LIVEKIT_EMULATOR_BASE) ?? false);

/** The room service for this environment, or null without LiveKit configuration. */
export function roomServiceFor(env: Env, config: Config, ctx?: ExecutionContext): RoomService | null {
  const liveKit = liveKitConfig(config);
  if (!liveKit) return null;
  return roomServiceClient({ ...liveKit, fetch: isLiveKitEmulator(config, liveKit.url) ? liveKitEmulatorFetch(env, config, ctx) : (r) => fetch(r) });
}
