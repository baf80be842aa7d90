// In-process wiring of the local Fawry sandbox: the Worker's Fawry client dispatches its
// requests to the sandbox app, and the sandbox delivers its notifications to the API app, both
// with real Request/Response objects (a Worker cannot simply fetch its own origin).
import type { Env } from "../../env";
import type { Keys } from "../../integrations/fawry";
import { createFawrySandbox } from "./app";

type Fetcher = (request: Request) => Promise<Response>;

let apiApp: { fetch: (request: Request, env: Env, ctx?: ExecutionContext) => Response | Promise<Response> } | null = null;

async function dispatchToApi(request: Request, env: Env, ctx?: ExecutionContext): Promise<Response> {
  // Imported lazily: the app imports the routes, which import this module.
  if (!apiApp) apiApp = (await import("../../app")).createApp();
  return apiApp.fetch(request, env, ctx);
}

/** A fetch for the Fawry client that answers from the sandbox, in-process. */
export function sandboxFetch(env: Env, keys: Keys, ctx?: ExecutionContext): Fetcher {
  const sandbox = createFawrySandbox(env.DB, { ...keys, deliver: (request) => dispatchToApi(request, env, ctx) });
  return async (request) => sandbox.fetch(request, env, ctx);
}
