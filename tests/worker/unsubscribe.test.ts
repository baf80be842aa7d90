import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { devContracts } from "../../schema/api/dev";
import { notificationPreferencesContracts as contracts } from "../../schema/api/notification-preferences";
import { defaultChannels } from "../../schema/notification-kinds";
import { readConfig } from "../../worker/core/env";
import { createLogger } from "../../worker/core/logger";
import { httpMailer } from "../../worker/integrations/email";
import type { Outgoing, Services } from "../../worker/integrations";
import { deliverAll, enqueue } from "../../worker/notifications/outbox";
import { unsubscribeHeaders, unsubscribeToken } from "../../worker/notifications/unsubscribe";
import { call, callContract } from "./helpers";
import { createStudent, db } from "./factories-lessons";

const secret = () => readConfig(env).TOKEN_SECRET;
const pathOf = (token: string) => `/api/v1/unsubscribe/${token}`;
const preferences = async (token: string) => (await callContract(contracts.get, { token })).body;

describe("one-click unsubscribe (RFC 8058)", () => {
  it("turns that kind's email off, and only that kind's, idempotently and without signing in", async () => {
    const student = await createStudent();
    const token = await unsubscribeToken(secret(), student.id, "weekly-minutes");
    const first = await callContract(contracts.unsubscribe, {
      params: { token },
      body: undefined,
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ kind: "weekly-minutes", email: false });
    const after = await preferences(student.token);
    expect(after.channels["weekly-minutes"]).toEqual(
      defaultChannels["weekly-minutes"].filter((c) => c !== "email"),
    );
    // Every other kind is as it was, and the default quiet hours are kept.
    for (const kind of Object.keys(defaultChannels).filter((k) => k !== "weekly-minutes"))
      expect(after.channels[kind as keyof typeof defaultChannels]).toEqual(
        defaultChannels[kind as keyof typeof defaultChannels],
      );
    expect(after.quietHours).toEqual({ start: "23:00", end: "08:00" });
    // A mail client's one-click POST: a form body, no sign-in.
    const again = await call("POST", pathOf(token), {
      raw: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(again.status).toBe(200);
    expect(await preferences(student.token)).toEqual(after);
  });

  it("refuses a tampered token, a token for another person, or another kind, with invalid-unsubscribe-link", async () => {
    const student = await createStudent();
    const token = await unsubscribeToken(secret(), student.id, "messages");
    const [id, kind, signature] = token.split(".") as [string, string, string];
    const forged = [
      `${id}.marketing.${signature}`,
      `${Number(id) + 1}.${kind}.${signature}`,
      `${id}.${kind}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`,
      `${id}.security.${signature}`,
      "nonsense",
    ];
    for (const bad of forged) {
      const answer = await callContract(contracts.unsubscribe, { params: { token: bad }, body: undefined });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe("invalid-unsubscribe-link");
    }
    expect((await preferences(student.token)).channels).toEqual(defaultChannels);
    // A token signed with another secret is refused too.
    const foreign = await unsubscribeToken(
      "another-secret-of-at-least-thirty-two-chars",
      student.id,
      "messages",
    );
    expect(
      (await callContract(contracts.unsubscribe, { params: { token: foreign }, body: undefined })).status,
    ).toBe(400);
  });

  it("opened in a browser, answers a small Arabic page with a link to the settings", async () => {
    const student = await createStudent();
    const token = await unsubscribeToken(secret(), student.id, "marketing");
    const page = await call("GET", pathOf(token));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = String(page.body);
    expect(html).toContain('lang="ar-EG" dir="rtl"');
    expect(html).toContain("/s/settings#notifications");
    const bad = await call("GET", pathOf("1.marketing.x"));
    expect(bad.status).toBe(400);
  });
});

describe("the unsubscribe headers of an email", () => {
  it("carry the signed link and List-Unsubscribe-Post for a choosable kind, nothing for a required kind", async () => {
    const headers = await unsubscribeHeaders(secret(), "https://dars.example", 7, "weekly-minutes");
    const token = await unsubscribeToken(secret(), 7, "weekly-minutes");
    expect(headers).toEqual({
      "List-Unsubscribe": `<https://dars.example/api/v1/unsubscribe/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(await unsubscribeHeaders(secret(), "https://dars.example", 7, "security")).toEqual({});
    expect(await unsubscribeHeaders(secret(), "https://dars.example", 7, "receipts")).toEqual({});
    expect(await unsubscribeHeaders(secret(), "https://dars.example", null, "marketing")).toEqual({});
  });

  it("are sent to the email provider, and the outbox hands the provider each row's kind and person", async () => {
    let sent: { headers?: Record<string, string> } | null = null;
    const mailer = httpMailer({
      url: "https://mail.example/emails",
      apiKey: "k",
      from: "درس <no-reply@dars.example>",
      fetch: async (request) => {
        sent = (await request.json()) as typeof sent;
        return new Response("{}", { status: 200 });
      },
    });
    const headers = await unsubscribeHeaders(secret(), "https://dars.example", 9, "marketing");
    await mailer.send({ to: "a@example.com", subject: "s", text: "t", headers });
    expect(sent!.headers).toEqual(headers);

    const student = await createStudent();
    const row = await enqueue(db(), {
      userId: student.id,
      channel: "email",
      kind: "weekly-minutes",
      recipient: student.email,
      subject: "s",
      body: "b",
    });
    const outgoing: Outgoing[] = [];
    const services = {
      send: async (_channel: string, message: Outgoing) => void outgoing.push(message),
    } as Services;
    await deliverAll(db(), services, [row!], createLogger("test"));
    expect(outgoing[0]).toMatchObject({ kind: "weekly-minutes", userId: student.id, to: student.email });
  });
});

describe("the local mailbox", () => {
  it("shows an email's unsubscribe link, and none on a security code", async () => {
    const student = await createStudent();
    for (const [kind, subject] of [
      ["marketing", "عرض"],
      ["security", "كود"],
    ] as const)
      await enqueue(db(), {
        userId: student.id,
        channel: "email",
        kind,
        recipient: student.email,
        subject,
        body: "b",
      });
    const { body } = await callContract(devContracts.outbox, { query: { to: student.email } });
    const bySubject = new Map(
      (body.list as Array<{ subject: string; unsubscribe?: string | null }>).map((m) => [m.subject, m]),
    );
    const token = await unsubscribeToken(secret(), student.id, "marketing");
    expect(bySubject.get("عرض")?.unsubscribe).toMatch(
      new RegExp(`/api/v1/unsubscribe/${token.replaceAll(".", "\\.")}$`),
    );
    expect(bySubject.get("كود")?.unsubscribe).toBeNull();
  });
});
