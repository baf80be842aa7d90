// In-process delivery from a local emulator to the API app (a Worker cannot simply fetch its own
// origin): the emulators' webhooks reach our routes as real Request/Response objects.
import type { Env } from "../env";

let apiApp: { fetch: (request: Request, env: Env, ctx?: ExecutionContext) => Response | Promise<Response> } | null = null;

export async function dispatchToApi(request: Request, env: Env, ctx?: ExecutionContext): Promise<Response> {
  // Imported lazily: the app imports the routes, which import the emulators.
  if (!apiApp) apiApp = (await import("../app")).createApp();
  return apiApp.fetch(request, env, ctx);
}

/** The origin the in-process emulators are addressed at (the host is never resolved). */
export const EMULATOR_ORIGIN = "http://emulator.local";
