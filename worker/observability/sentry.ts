/**
 * Error reporting (Sentry), on only when SENTRY_DSN is set. The Worker's fetch and cron handlers
 * are wrapped with @sentry/cloudflare's withSentry (worker/index.ts); the API's error mapper
 * captures unexpected failures with the request id (worker/app.ts); the Durable Objects report
 * their handlers' failures through `reportDurableObjectError` (Sentry's Durable Object
 * instrumentation rewrites every prototype method, partyserver's included, so it is not used).
 *
 * Nothing personal leaves: the SDK collects no bodies, cookies, query strings or user fields
 * (`dataCollection`), and `scrubEvent` (schema/redact.ts, the beforeSend hook, pure and tested)
 * removes what could still carry them.
 */
import type { CloudflareOptions } from "@sentry/cloudflare";
import { wrapRequestHandler } from "@sentry/cloudflare/request";
import { redactText, scrubEvent, scrubValue } from "../../schema/redact";
import type { Env } from "../core/env";

export { REDACTED, redactText, scrubEvent } from "../../schema/redact";

/** The SDK's options for this environment, or undefined (Sentry off) without SENTRY_DSN. */
export function sentryOptions(env: Env): CloudflareOptions | undefined {
  const dsn = env.SENTRY_DSN?.trim();
  if (!dsn) return undefined;
  return {
    dsn,
    release: env.BUILD_VERSION || "dev",
    environment: env.ENVIRONMENT,
    // Errors only: no performance tracing (no spans on the hot paths' D1 calls).
    tracesSampleRate: 0,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: {
        request: { allow: ["user-agent", "content-type", "accept-language", "cf-ray", "cf-ipcountry"] },
        response: false,
      },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
    },
    maxBreadcrumbs: 30,
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => scrubValue(crumb, 0, true) as typeof crumb,
  };
}

/**
 * Reports a Durable Object handler's failure (SessionRoom, ChatRoom, UserChannel, AdminChannel),
 * tagged with the party, when SENTRY_DSN is set; never throws. Runs the SDK's request wrapper
 * around the failure so the event goes through the same options, scrubbing and flush.
 */
export async function reportDurableObjectError(
  env: Env,
  state: { waitUntil(promise: Promise<unknown>): void },
  error: unknown,
  tags: { party: string; room?: string },
) {
  const options = sentryOptions(env);
  if (!options) return;
  const request = new Request(`https://durable-object.invalid/parties/${encodeURIComponent(tags.party)}`);
  await wrapRequestHandler(
    {
      options: {
        ...options,
        initialScope: { tags: { party: tags.party, ...(tags.room ? { room: redactText(tags.room) } : {}) } },
      },
      request,
      context: state as unknown as ExecutionContext,
    },
    () => {
      throw error;
    },
  ).catch(() => undefined);
}
