import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliver, enqueue } from "../../worker/notifications/outbox";
import { createDb } from "../../worker/core/db";
import { readConfig, type Env } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { EmailError, httpMailer } from "../../worker/integrations/email";
import { createServices, type Channel, type Outgoing, type Services } from "../../worker/integrations";
import { latestMessage } from "./helpers";

/** A provider stand-in that records each request and answers what the test says. */
function provider(answer: () => Response) {
  const requests: { url: string; headers: Headers; body: any }[] = [];
  const fetch = async (request: Request) => {
    requests.push({ url: request.url, headers: request.headers, body: await request.json() });
    return answer();
  };
  return { requests, fetch };
}

const mailer = (fetch: (request: Request) => Promise<Response>) =>
  httpMailer({
    url: "https://api.resend.com/emails",
    apiKey: "re_test",
    from: "درس <no-reply@dars.test>",
    fetch,
  });

describe("email through Resend's API shape", () => {
  it("posts from, to[], subject and text with the Bearer key and the idempotency key", async () => {
    const fake = provider(() => Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }));
    await mailer(fake.fetch).send({
      to: "student@example.com",
      subject: "رمز",
      text: "نص",
      idempotencyKey: "outbox-7",
    });
    const [request] = fake.requests;
    expect(request?.url).toBe("https://api.resend.com/emails");
    expect([
      request?.headers.get("authorization"),
      request?.headers.get("idempotency-key"),
      request?.headers.get("content-type"),
    ]).toEqual(["Bearer re_test", "outbox-7", "application/json"]);
    expect(request?.body).toEqual({
      from: "درس <no-reply@dars.test>",
      to: ["student@example.com"],
      subject: "رمز",
      text: "نص",
    });
  });

  it("turns a validation error (422) into a permanent EmailError carrying Resend's name and message", async () => {
    const fake = provider(() =>
      Response.json(
        { statusCode: 422, name: "validation_error", message: "Invalid `to` field." },
        { status: 422 },
      ),
    );
    const error = await mailer(fake.fetch)
      .send({ to: "bad", subject: "s", text: "t" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmailError);
    expect((error as EmailError).message).toBe(
      "email provider answered 422 validation_error: Invalid `to` field.",
    );
    expect((error as EmailError).retryable).toBe(false);
  });

  it("marks a rate limit (429) and a server error as retryable", async () => {
    const limited = await mailer(
      provider(() =>
        Response.json(
          { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" },
          { status: 429 },
        ),
      ).fetch,
    )
      .send({ to: "a@example.com", subject: "s", text: "t" })
      .catch((e: unknown) => e);
    const down = await mailer(provider(() => new Response("bad gateway", { status: 502 })).fetch)
      .send({ to: "a@example.com", subject: "s", text: "t" })
      .catch((e: unknown) => e);
    expect([(limited as EmailError).retryable, (down as EmailError).retryable]).toEqual([true, true]);
  });
});

describe("the outbox hands each provider what it needs", () => {
  const db = createDb(env as Env);
  const logger = createLogger("test");

  it("passes the code and the outbox id (the idempotency key) to the channel's provider", async () => {
    const seen: [Channel, Outgoing][] = [];
    const services: Services = {
      // Every other service as the configuration builds it (each on first use, none used here).
      ...createServices(readConfig(env as Env)),
      google: null,
      send: async (channel, message) => void seen.push([channel, message]),
    };
    const row = await enqueue(db, {
      userId: null,
      channel: "whatsapp",
      recipient: "01099999901",
      subject: "s",
      body: "b",
      code: "12345",
    });
    await deliver(db, services, row!, logger);
    expect(seen).toEqual([
      ["whatsapp", { to: "01099999901", subject: "s", text: "b", code: "12345", id: row!.id }],
    ]);
  });

  it("records a provider refusal for retry exactly as before (pending, one attempt, the error)", async () => {
    const services: Services = {
      // Every other service as the configuration builds it (each on first use, none used here).
      ...createServices(readConfig(env as Env)),
      google: null,
      send: async () => Promise.reject(new EmailError(429, "rate_limit_exceeded", "Too many requests")),
    };
    const row = await enqueue(db, {
      userId: null,
      channel: "email",
      recipient: "retry-me@example.com",
      subject: "s",
      body: "b",
    });
    await deliver(db, services, row!, logger);
    const stored = await env.DB.prepare(
      "SELECT status, attempts, last_error FROM notifications_outbox WHERE id = ?",
    )
      .bind(row!.id)
      .first();
    expect(stored).toEqual({
      status: "pending",
      attempts: 1,
      last_error: "email provider answered 429 rate_limit_exceeded: Too many requests",
    });
  });

  it("keeps the local path: without a provider the email is the outbox row, shown in the mailbox", async () => {
    const row = await enqueue(db, {
      userId: null,
      channel: "email",
      recipient: "local@example.com",
      subject: "محلي",
      body: "b",
    });
    await deliver(db, createServices(readConfig(env as Env), env as Env), row!, logger);
    expect(await latestMessage("local@example.com")).toMatchObject({ subject: "محلي", status: "sent" });
  });
});
