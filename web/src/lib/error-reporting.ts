/**
 * The SPA's error reports (Sentry), only when GET /config gives a DSN. @sentry/react is imported
 * on demand with the scrubbing rules, so neither is part of the first load. Events are scrubbed with the Worker's rules
 * (schema/redact.ts): no request bodies, cookies, tokens, emails, phones, card numbers or chat text.
 * Source maps are uploaded to Sentry at deploy, never served (docs/configuration.md).
 */
type Sentry = typeof import("@sentry/react");
type ReportingConfig = { sentryDsn?: string | null; release?: string; environment?: string };

let sentry: Promise<Sentry | null> | null = null;

/** Starts error reporting once; nothing happens without a DSN. */
export function startErrorReporting(
  config: ReportingConfig,
  load: () => Promise<Sentry> = () => import("@sentry/react"),
): Promise<Sentry | null> | null {
  if (!config.sentryDsn) return null;
  // The scrubbing rules load with Sentry, not in the first load (docs/performance.md).
  sentry ??= Promise.all([load(), import("@schema/redact")])
    .then(([module, { redactText, scrubEvent, scrubValue }]) => {
      module.init({
        dsn: config.sentryDsn!,
        release: config.release,
        environment: config.environment,
        tracesSampleRate: 0,
        dataCollection: {
          userInfo: false,
          cookies: false,
          httpBodies: [],
          urlQueryParams: false,
          stackFrameVariables: false,
        },
        beforeSend: (event) => scrubEvent(event),
        beforeBreadcrumb: (crumb) => {
          const copy = scrubValue(crumb, 0, true) as typeof crumb;
          if (typeof crumb.data?.url === "string")
            copy.data = { ...copy.data, url: redactText(crumb.data.url.split(/[?#]/)[0]!) };
          return copy;
        },
      });
      return module;
    })
    .catch(() => null);
  return sentry;
}

/** Reports an error a screen failed with (the crash screen); a no-op when reporting is off. */
export function reportError(error: unknown): void {
  void sentry?.then((module) => module?.captureException(error));
}

/** Tests only. */
export function resetErrorReportingForTests(): void {
  sentry = null;
}
