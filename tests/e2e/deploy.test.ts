// Safe to deploy: the committed configuration is production, staging is separate, a deploy checks
// the settings the Worker needs, and every answer of the running product carries the security
// headers and cache rules (the SPA working under its Content-Security-Policy), with no source map.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { unstable_readConfig } from "wrangler";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain ESM helper shared with npm run deploy
import { missingForDeploy } from "../../scripts/deploy-check.mjs";
import { baseUrl, launch, newPage } from "./browser";

const root = path.resolve(import.meta.dirname, "../..");

/** `wrangler deploy --dry-run` as an operator would run it; answers the bindings it prints. */
function dryRun(args: string[] = []): Record<string, string> {
  const outdir = mkdtempSync(path.join(tmpdir(), "dars-dry-run-"));
  const result = spawnSync(
    path.join(root, "node_modules/.bin/wrangler"),
    ["deploy", "--dry-run", "--outdir", outdir, ...args],
    {
      cwd: root,
      encoding: "utf8",
      env: {
        ...process.env,
        PATH: [path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
        WRANGLER_SEND_METRICS: "false",
        CI: "1",
        NO_COLOR: "1",
      },
    },
  );
  expect(result.status, result.stderr).toBe(0);
  const bindings: Record<string, string> = {};
  for (const match of result.stdout.matchAll(/^env\.(\w+) \(([^)]*)\)/gm))
    bindings[match[1]!] = match[2]!.replace(/^"|"$/g, "");
  return bindings;
}

describe("the committed configuration", () => {
  it("is production for a plain wrangler deploy", () => {
    const bindings = dryRun();
    expect(bindings.ENVIRONMENT).toBe("production");
    expect(bindings.CLIENT_ENVIRONMENT).toBe("production");
    expect(bindings.DB).toBe("dars");
    expect(bindings.MEDIA).toBe("dars-media");
  }, 120_000);

  it("gives staging its own database, bucket and Durable Objects", () => {
    const bindings = dryRun(["--env", "staging"]);
    expect(bindings.ENVIRONMENT).toBe("staging");
    expect(bindings.DB).toBe("dars-staging");
    expect(bindings.MEDIA).toBe("dars-media-staging");
    const staging = unstable_readConfig({ config: path.join(root, "wrangler.toml"), env: "staging" });
    // Its own Worker, so its own Durable Object namespaces.
    expect(staging.name).toBe("dars-staging");
    expect(staging.durable_objects.bindings.map((binding: { name: string }) => binding.name)).toEqual([
      "USER_CHANNEL",
      "CHAT_ROOM",
      "SESSION_ROOM",
      "ADMIN_CHANNEL",
      "PRESENCE",
    ]);
  }, 120_000);

  it("declares the secrets a deploy refuses to go without, in both environments", () => {
    for (const env of [undefined, "staging"]) {
      const config = unstable_readConfig({ config: path.join(root, "wrangler.toml"), env });
      expect(config.secrets?.required).toEqual([
        "TOKEN_SECRET",
        "FAWRY_MERCHANT_CODE",
        "FAWRY_SECURE_KEY",
        "EMAIL_API_KEY",
      ]);
    }
  });

  it("refuses a deploy that lacks a setting, naming each one (npm run deploy)", () => {
    const vars = {
      FAWRY_BASE_URL: "https://www.atfawry.com",
      EMAIL_API_URL: "https://api.resend.com/emails",
    };
    const requiredSecrets = ["TOKEN_SECRET", "FAWRY_MERCHANT_CODE", "FAWRY_SECURE_KEY", "EMAIL_API_KEY"];
    expect(missingForDeploy({ vars, requiredSecrets, secretNames: ["TOKEN_SECRET"] })).toEqual([
      "FAWRY_MERCHANT_CODE",
      "FAWRY_SECURE_KEY",
      "EMAIL_API_KEY",
      "LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET, or ICE_SERVERS with a turn: server, or TURN_KEY_ID and TURN_KEY_API_TOKEN",
    ]);
    expect(
      missingForDeploy({ vars: {}, requiredSecrets, secretNames: [...requiredSecrets, "ICE_SERVERS"] }),
    ).toEqual(["FAWRY_BASE_URL", "EMAIL_API_URL"]);
    expect(
      missingForDeploy({
        vars,
        requiredSecrets,
        secretNames: [...requiredSecrets, "TURN_KEY_ID", "TURN_KEY_API_TOKEN"],
      }),
    ).toEqual([]);
    expect(
      missingForDeploy({
        vars: { ...vars, LIVEKIT_URL: "wss://lk.example" },
        requiredSecrets,
        secretNames: [...requiredSecrets, "LIVEKIT_API_KEY", "LIVEKIT_API_SECRET"],
      }),
    ).toEqual([]);
  });
});

describe("answers of the running product", () => {
  const built = readdirSync(path.join(root, "web/dist/assets"));
  const script =
    built.find((name) => /^index-.*\.js$/.test(name)) ?? built.find((name) => name.endsWith(".js"))!;

  function expectSecurityHeaders(response: Response, label: string) {
    const csp = response.headers.get("content-security-policy") ?? "";
    expect({ label, csp }).toEqual({ label, csp: expect.stringContaining("frame-ancestors 'none'") });
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ws://${new URL(baseUrl()).host}`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain(
      "camera=(self), microphone=(self), display-capture=(self)",
    );
  }

  it("serves / and a deep link as HTML revalidated on every load, with the security headers", async () => {
    for (const page of ["/", "/tutors", "/lessons-schedule"]) {
      const response = await fetch(baseUrl() + page, {
        headers: { accept: "text/html", "sec-fetch-mode": "navigate" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/html");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expectSecurityHeaders(response, page);
    }
  });

  it("keeps hashed assets for a year and never serves a source map", async () => {
    const asset = await fetch(`${baseUrl()}/assets/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expectSecurityHeaders(asset, script);
    // Built for error reporting (hidden: no sourceMappingURL in the file), never served.
    expect(built).toContain(`${script}.map`);
    expect(await asset.text()).not.toContain("sourceMappingURL");
    expect((await fetch(`${baseUrl()}/assets/${script}.map`)).status).toBe(404);
  });

  it("puts the same headers on the API, without HSTS on plain-http loopback", async () => {
    const response = await fetch(`${baseUrl()}/api/v1/health`);
    expect(response.status).toBe(200);
    expectSecurityHeaders(response, "/api/v1/health");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  describe("in the browser", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launch();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it("runs the SPA under its Content-Security-Policy with nothing refused", async () => {
      const page = await newPage(browser);
      const refused: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
      });
      for (const path of ["/", "/tutors", "/login"]) {
        await page.goto(path);
        await page.locator("h1").first().waitFor();
      }
      expect(refused).toEqual([]);
      await page.context().close();
    });
  });
});
