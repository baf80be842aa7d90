import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { ErrorEvent } from "@sentry/cloudflare";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../worker/index";
import type { Env } from "../../worker/core/env";
import {
  REDACTED,
  redactText,
  reportDurableObjectError,
  scrubEvent,
  sentryOptions,
} from "../../worker/observability/sentry";
import { QUEUE_NAMES, type DeliveryJob } from "../../worker/notifications/delivery";
import { ORIGIN } from "./helpers";

const EMAIL = "ahmed.ali@example.com";
const PHONE = "01012345678";
const CARD = "4111 1111 1111 1111";
const TOKEN = "tok-secret-123456";
const CHAT = "أهلاً يا مستر، هنتقابل بكرة؟";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the error reports' scrubbing (beforeSend)", () => {
  it("drops bodies, cookies, authorization and token/ticket query strings, keeps only the user's id", () => {
    const event: ErrorEvent = {
      type: undefined,
      event_id: "0123456789abcdef0123456789abcdef",
      message: `sign-in failed for ${EMAIL}`,
      request: {
        method: "POST",
        url: `https://dars.test/parties/session-room/lesson:1?ticket=${TOKEN}`,
        query_string: `ticket=${TOKEN}`,
        cookies: { session: TOKEN },
        data: { email: EMAIL, password: "Dars@2026" },
        headers: {
          authorization: `Bearer ${TOKEN}`,
          cookie: `a=${TOKEN}`,
          "x-turnstile-token": TOKEN,
          "user-agent": "Mozilla/5.0",
        },
      },
      user: { id: "42", email: EMAIL, ip_address: "197.45.1.2", username: "Ahmed" },
      extra: { text: CHAT, roomId: "chat:7", nested: { body: CHAT, phone: PHONE } },
      breadcrumbs: [
        {
          category: "fetch",
          data: { url: `https://dars.test/api/v1/calendar/abc.ics?token=${TOKEN}`, method: "GET" },
          message: `to ${PHONE}`,
        },
      ],
    };
    const scrubbed = scrubEvent(event);
    expect(scrubbed.request).toEqual({
      method: "POST",
      url: "https://dars.test/parties/session-room/lesson:1",
      headers: { "user-agent": "Mozilla/5.0" },
    });
    expect(scrubbed.user).toEqual({ id: "42" });
    expect(scrubbed.extra).toEqual({
      text: REDACTED,
      roomId: "chat:7",
      nested: { body: REDACTED, phone: REDACTED },
    });
    expect(scrubbed.message).toBe(`sign-in failed for ${REDACTED}`);
    expect(scrubbed.event_id).toBe(event.event_id);
    const text = JSON.stringify(scrubbed);
    for (const secret of [EMAIL, PHONE, TOKEN, CHAT, "Dars@2026", "197.45.1.2"])
      expect(text).not.toContain(secret);
    // The original is left as it was (a pure function).
    expect(event.request?.cookies).toEqual({ session: TOKEN });
  });

  it("redacts emails, Egyptian phones in every form, card numbers and bearer tokens from text", () => {
    expect(redactText(`mail ${EMAIL} and أحمد@مثال.مصر`)).toBe(`mail ${REDACTED} and ${REDACTED}`);
    for (const phone of ["01012345678", "+201012345678", "00201112345678", "0122 123 4567", "015-1234-5678"])
      expect(redactText(`call ${phone} now`)).toBe(`call ${REDACTED} now`);
    expect(redactText(`card ${CARD} / 5078-0300-0000-0000-009`)).toBe(`card ${REDACTED} / ${REDACTED}`);
    expect(redactText("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.sig")).not.toMatch(/eyJ/);
    expect(redactText(`/api/v1/x?email=a&token=${TOKEN}&ticket=${TOKEN}`)).not.toContain(TOKEN);
    // Ordinary numbers stay: ids, amounts, years.
    expect(redactText("lesson 1234 costs 25000 piasters in 2026")).toBe(
      "lesson 1234 costs 25000 piasters in 2026",
    );
    // Hex ids with long digit runs (trace ids, hashes) stay whole.
    expect(redactText("trace 8cdb1234567890123456df66dd17306 span a0101234567b")).toBe(
      "trace 8cdb1234567890123456df66dd17306 span a0101234567b",
    );
  });

  it("is off without SENTRY_DSN and tags the release and environment with it", () => {
    expect(sentryOptions({ ...env, SENTRY_DSN: undefined } as Env)).toBeUndefined();
    const options = sentryOptions({
      ...env,
      SENTRY_DSN: "https://k@sentry.dars.test/1",
      BUILD_VERSION: "v1.2.3",
    } as Env);
    expect(options).toMatchObject({
      dsn: "https://k@sentry.dars.test/1",
      release: "v1.2.3",
      environment: "local",
      dataCollection: { httpBodies: [], cookies: false, urlQueryParams: false, userInfo: false },
    });
  });
});

describe("a thrown error reaches the Sentry sink, scrubbed", () => {
  it("sends one event for an unexpected failure with the request id and release, and no email, phone, card or token", async () => {
    const envelopes: Array<{ url: string; body: string }> = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      if (!request.url.startsWith("http://sentry-sink.dars.test/")) return realFetch(input, init);
      envelopes.push({ url: request.url, body: await request.text() });
      return new Response("{}", { status: 200 });
    });
    // A database that fails with personal data in its message, as a driver error might.
    const failing = new Error(`D1 refused for ${EMAIL} at ${PHONE} with card ${CARD} token=${TOKEN}`);
    const DB = {
      prepare: () => {
        throw failing;
      },
      batch: () => Promise.reject(failing),
      exec: () => Promise.reject(failing),
    };
    const configured = {
      ...env,
      SENTRY_DSN: "http://publickey@sentry-sink.dars.test/42",
      BUILD_VERSION: "v9.9.9",
      DB,
    } as unknown as Env;
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/api/v1/auth/password?token=${TOKEN}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}`, cookie: `s=${TOKEN}` },
      body: JSON.stringify({ email: EMAIL, password: "Dars@2026", phone: PHONE }),
    });
    const response = await worker.fetch(
      request as Request<unknown, IncomingRequestCfProperties>,
      configured,
      ctx,
    );
    await waitOnExecutionContext(ctx);

    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0]!.url).toMatch(/^http:\/\/sentry-sink\.dars\.test\/api\/42\/envelope\//);
    const event = envelopes[0]!.body
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((item) => "exception" in item) as {
      exception: { values: Array<{ value: string }> };
      tags: Record<string, string>;
      release: string;
      request?: { url?: string };
    };
    expect(event.exception.values[0]!.value).toBe(
      `D1 refused for ${REDACTED} at ${REDACTED} with card ${REDACTED} token=${REDACTED}`,
    );
    expect(event.tags.request_id).toBe(requestId);
    expect(event.release).toBe("v9.9.9");
    for (const secret of [EMAIL, PHONE, CARD, TOKEN, "Dars@2026"])
      expect(envelopes[0]!.body).not.toContain(secret);
  });

  it("sends nothing without SENTRY_DSN", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    const failing = new Error("D1 down");
    const DB = {
      prepare: () => {
        throw failing;
      },
      batch: () => Promise.reject(failing),
    };
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/api/v1/auth/password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: EMAIL, password: "x" }),
    });
    const response = await worker.fetch(
      request as Request<unknown, IncomingRequestCfProperties>,
      { ...env, DB } as unknown as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(500);
    expect(
      spy.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).includes("sentry"),
      ),
    ).toEqual([]);
  });
});

describe("a cron's failure", () => {
  it("is reported, scrubbed, when SENTRY_DSN is set, and still fails the run", async () => {
    const bodies: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      bodies.push(await new Request(input, init).text());
      return new Response("{}", { status: 200 });
    });
    const failing = new Error(`D1 refused for ${EMAIL}`);
    const DB = {
      prepare: () => {
        throw failing;
      },
      batch: () => Promise.reject(failing),
    };
    const configured = {
      ...env,
      SENTRY_DSN: "http://publickey@sentry-sink.dars.test/42",
      DB,
    } as unknown as Env;
    const ctx = createExecutionContext();
    const run = worker.scheduled(
      createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }),
      configured,
      ctx,
    );
    await expect(run).rejects.toThrow(/D1 refused/);
    await waitOnExecutionContext(ctx);
    const events = bodies.filter((body) => body.includes('"exception"'));
    expect(events).toHaveLength(1);
    expect(events[0]).not.toContain(EMAIL);
  });
});

describe("a Durable Object's failure", () => {
  it("is reported with its party and room, scrubbed, when SENTRY_DSN is set", async () => {
    const bodies: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      bodies.push(await new Request(input, init).text());
      return new Response("{}", { status: 200 });
    });
    const pending: Promise<unknown>[] = [];
    const state = { waitUntil: (promise: Promise<unknown>) => void pending.push(promise) };
    const configured = { ...env, SENTRY_DSN: "http://publickey@sentry-sink.dars.test/42" } as Env;
    await reportDurableObjectError(configured, state, new Error(`message from ${EMAIL}: ${CHAT}`), {
      party: "chat-room",
      room: "chat:7",
    });
    await Promise.all(pending);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toContain('"party":"chat-room"');
    expect(bodies[0]).not.toContain(EMAIL);
    await reportDurableObjectError({ ...env, SENTRY_DSN: undefined } as Env, state, new Error("x"), {
      party: "chat-room",
    });
    expect(bodies).toHaveLength(1);
  });
});

describe("a notifications queue consumer's failure", () => {
  it("is reported, scrubbed, when SENTRY_DSN is set, and still fails the batch so the queue retries it", async () => {
    const bodies: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      bodies.push(await new Request(input, init).text());
      return new Response("{}", { status: 200 });
    });
    const failing = new Error(`D1 refused for ${EMAIL} at ${PHONE}`);
    const DB = {
      prepare: () => {
        throw failing;
      },
      batch: () => Promise.reject(failing),
    };
    const configured = {
      ...env,
      SENTRY_DSN: "http://publickey@sentry-sink.dars.test/42",
      DB,
    } as unknown as Env;
    const ctx = createExecutionContext();
    const batch = createMessageBatch<DeliveryJob>(QUEUE_NAMES.delivery, [
      { id: "m-1", timestamp: new Date(), attempts: 1, body: { outboxId: 1 } },
    ]);
    await expect(worker.queue!(batch, configured, ctx)).rejects.toThrow(/D1 refused/);
    await waitOnExecutionContext(ctx);
    const events = bodies.filter((body) => body.includes('"exception"'));
    expect(events).toHaveLength(1);
    expect(events[0]).not.toContain(EMAIL);
    expect(events[0]).not.toContain(PHONE);
  });
});
