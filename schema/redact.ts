/**
 * What error reports (Sentry, worker/observability/sentry.ts and web/src/lib/error-reporting.ts)
 * may carry: no request bodies, cookies, authorization headers or token/ticket query values, and
 * in every remaining string no email addresses, Egyptian phone numbers, card-like digit runs or
 * bearer tokens; what people wrote (chat text, notes) kept in extra data is dropped. Pure.
 */

/** The parts of a Sentry event the scrubbing reads (structural, so both SDKs' events fit). */
export type ReportEvent = {
  event_id?: string;
  timestamp?: number;
  request?: { method?: string; url?: string; headers?: Record<string, string> };
  user?: { id?: string | number };
  extra?: Record<string, unknown>;
  breadcrumbs?: Array<{ data?: Record<string, unknown> }>;
};

export const REDACTED = "[redacted]";

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
// Egyptian mobiles: 01[0125] + 8 digits, with +20 / 0020 / 20 in front or not, spaces or dashes allowed.
// Not inside a longer word or hex id (trace ids, hashes): bounded by non-word characters.
const PHONE = /(?<![\w])(?:(?:\+|00)?20[\s-]?)?0?1[0125](?:[\s-]?\d){8}(?![\w])/g;
// 13 to 19 digits, possibly grouped by spaces or dashes (card numbers).
const CARD = /(?<![\w])\d(?:[ -]?\d){12,18}(?![\w])/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
// Query or form values that are secrets: ?token=…, &ticket=…, and their relatives.
const SECRET_PARAM =
  /([?&#;]|\b)((?:token|ticket|code|secret|signature|sig|password|key|access_token|id_token|credential)=)[^&#\s"']*/gi;
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
const SECRET_KEYS =
  /^(authorization|proxy-authorization|cookie|cookies|set-cookie|x-turnstile-token|password|new_?password|token|ticket|secret|credential|api_?key|card(_?number)?|cvv|pan|email|phone|mobile)$/i;
/** Keys holding what people wrote (chat messages, reports, notes): dropped from extra data. */
const TEXT_KEYS = /^(text|body|content|message_?text|caption|note|notes|reason|bio|description|data)$/i;

export function scrubValue(value: unknown, depth: number, dropText: boolean): unknown {
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
export function scrubEvent<E extends ReportEvent>(event: E): E {
  const scrubbed = scrubValue(event, 0, false) as E;
  scrubbed.event_id = event.event_id;
  scrubbed.timestamp = event.timestamp;
  if (event.request) {
    const headers = Object.fromEntries(
      Object.entries(event.request.headers ?? {})
        .filter(([name]) => !SECRET_KEYS.test(name))
        .map(([name, value]) => [name, redactText(String(value))]),
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
