/**
 * Error reporting (Sentry), on only when SENTRY_DSN is set. The Worker's fetch and cron handlers
 * are wrapped with @sentry/cloudflare's withSentry (worker/index.ts); the API's error mapper
 * captures unexpected failures with the request id (worker/app.ts); the Durable Objects report
 * their handlers' failures through `reportDurableObjectError` (Sentry's Durable Object
 * instrumentation rewrites every prototype method, partyserver's included, so it is not used).
 *
 * Nothing personal leaves: the SDK collects no bodies, cookies, query strings or user fields
 * (`dataCollection`), and `scrubEvent` (the beforeSend hook, pure and tested) removes what could
 * still carry them: request bodies, cookies, authorization headers, token/ticket query values,
 * and in every remaining string email addresses, Egyptian phone numbers, card-like digit runs and
 * bearer tokens; chat or message text kept in extra data is dropped.
 */
import type { CloudflareOptions, ErrorEvent } from "@sentry/cloudflare";
import { wrapRequestHandler } from "@sentry/cloudflare/request";
import type { Env } from "../env";

export const REDACTED = "[redacted]";

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
// Egyptian mobiles: 01[0125] + 8 digits, with +20 / 0020 / 20 in front or not, spaces or dashes allowed.
const PHONE = /(?<![\d])(?:(?:\+|00)?20[\s-]?)?0?1[0125](?:[\s-]?\d){8}(?![\d])/g;
// 13 to 19 digits, possibly grouped by spaces or dashes (card numbers).
const CARD = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
// Query or form values that are secrets: ?token=…, &ticket=…, and their relatives.
const SECRET_PARAM = /([?&#;]|\b)((?:token|ticket|code|secret|signature|sig|password|key|access_token|id_token|credential)=)[^&#\s"']*/gi;
// The calendar feed's path is its secret.
const CALENDAR = /\/calendar\/[^/\s"'?#]+\.ics/g;

/** Removes emails, Egyptian phones, card numbers, bearer tokens and secret query values from text. */
export function redactText(text: string): string {
  return text
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(SECRET_PARAM, `$1$2${REDACTED}`)
    .replace(CALENDAR, `/calendar/${REDACTED}.ics`)
    .replace(EMAIL, REDACTED)
    .replace(CARD, REDACTED)
    .replace(PHONE, REDACTED);
}

/** Keys whose values are dropped wherever they appear (headers, extra, contexts, breadcrumbs). */
const SECRET_KEYS = /^(authorization|proxy-authorization|cookie|cookies|set-cookie|x-turnstile-token|password|new_?password|token|ticket|secret|credential|api_?key|card(_?number)?|cvv|pan|email|phone|mobile)$/i;
/** Keys holding what people wrote (chat messages, reports, notes): dropped from extra data. */
const TEXT_KEYS = /^(text|body|content|message_?text|caption|note|notes|reason|bio|description|data)$/i;

function scrubValue(value: unknown, depth: number, dropText: boolean): unknown {
  if (typeof value === "string") return redactText(value);
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, dropText));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEYS.test(key) || (dropText && TEXT_KEYS.test(key))) out[key] = REDACTED;
    else out[key] = scrubValue(item, depth + 1, dropText);
  }
  return out;
}

/** A URL without its query string and fragment (they may carry tokens, tickets or emails). */
function withoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return redactText(cut === -1 ? url : url.slice(0, cut));
}

/**
 * The beforeSend hook: the event with nothing personal or secret left. Pure: returns a new event.
 */
export function scrubEvent<E extends ErrorEvent>(event: E): E {
  const scrubbed = scrubValue(event, 0, false) as E;
  scrubbed.event_id = event.event_id;
  scrubbed.timestamp = event.timestamp;
  if (event.request) {
    const headers = Object.fromEntries(
      Object.entries(event.request.headers ?? {}).filter(([name]) => !SECRET_KEYS.test(name)).map(([name, value]) => [name, redactText(String(value))]),
    );
    scrubbed.request = {
      method: event.request.method,
      url: event.request.url ? withoutQuery(event.request.url) : undefined,
      headers,
    };
  }
  if (event.user) scrubbed.user = event.user.id === undefined ? undefined : { id: event.user.id };
  if (event.extra) scrubbed.extra = scrubValue(event.extra, 0, true) as E["extra"];
  if (event.breadcrumbs)
    scrubbed.breadcrumbs = event.breadcrumbs.map((crumb) => {
      const copy = scrubValue(crumb, 0, true) as typeof crumb;
      const url = crumb.data?.url;
      if (typeof url === "string") copy.data = { ...copy.data, url: withoutQuery(url) };
      return copy;
    });
  return scrubbed;
}

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
      httpHeaders: { request: { allow: ["user-agent", "content-type", "accept-language", "cf-ray", "cf-ipcountry"] }, response: false },
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
export async function reportDurableObjectError(env: Env, state: { waitUntil(promise: Promise<unknown>): void }, error: unknown, tags: { party: string; room?: string }) {
  const options = sentryOptions(env);
  if (!options) return;
  const request = new Request(`https://durable-object.invalid/parties/${encodeURIComponent(tags.party)}`);
  await wrapRequestHandler({ options: { ...options, initialScope: { tags: { party: tags.party, ...(tags.room ? { room: redactText(tags.room) } : {}) } } }, request, context: state as unknown as ExecutionContext }, () => {
    throw error;
  }).catch(() => undefined);
}
