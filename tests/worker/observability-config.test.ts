import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { Env } from "../../worker/core/env";
import { ORIGIN } from "./helpers";

async function fetchWith(overrides: Partial<Env>, path: string) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const configured = {
  SENTRY_DSN: "https://publickey@o1.ingest.sentry.dars.test/42",
  GA_ID: "G-ABCDEFGHIJ",
  CLARITY_PROJECT_ID: "abcdefghij",
  BUILD_VERSION: "v2.0.0",
};

describe("error reporting and analytics settings for the SPA", () => {
  it("gives the SPA the Sentry DSN, the release and the analytics ids when set, and null without them", async () => {
    const set = (await (await fetchWith(configured, "/api/v1/config")).json()) as Record<string, unknown>;
    expect(set).toMatchObject({
      sentryDsn: configured.SENTRY_DSN,
      release: "v2.0.0",
      gaId: "G-ABCDEFGHIJ",
      clarityProjectId: "abcdefghij",
    });
    const unset = (await (await fetchWith({}, "/api/v1/config")).json()) as Record<string, unknown>;
    expect(unset).toMatchObject({ sentryDsn: null, gaId: null, clarityProjectId: null });
  });

  it("allows the Sentry, Google Analytics and Clarity hosts in the CSP only when each is configured", async () => {
    const on = (await fetchWith(configured, "/api/v1/health")).headers.get("content-security-policy") ?? "";
    const connect = on.split("; ").find((part) => part.startsWith("connect-src")) ?? "";
    expect(connect).toContain("https://o1.ingest.sentry.dars.test");
    expect(connect).toContain("https://*.google-analytics.com");
    expect(connect).toContain("https://*.clarity.ms");
    expect(on).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(on).toMatch(/script-src [^;]*https:\/\/www\.clarity\.ms/);
    const off = (await fetchWith({}, "/api/v1/health")).headers.get("content-security-policy") ?? "";
    for (const host of ["sentry", "googletagmanager", "google-analytics", "clarity"])
      expect(off).not.toContain(host);
  });
});
