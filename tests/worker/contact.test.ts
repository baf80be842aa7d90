// Public contact requests: POST /contact-request/ validates (docs/product.md §5, contact codes), stores, is
// limited to one per address per 6 hours, and emails every admin through the outbox.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { call, createUserWithRole, latestMessage, register } from "./helpers";

let address = 0;
const send = (body: unknown, options: { ip?: string; token?: string } = {}) =>
  call("POST", "/api/v1/contact-request/", {
    body,
    token: options.token,
    headers: { "cf-connecting-ip": options.ip ?? `192.0.2.${++address}` },
  });

const valid = {
  name: "منى أحمد",
  email: "mona@example.com",
  title: "سؤال عن الباقات",
  message: "هل يمكن تغيير الباقة في منتصف الشهر؟",
};

async function stored(id: number) {
  return env.DB.prepare("SELECT * FROM contact_requests WHERE id = ?")
    .bind(id)
    .first<Record<string, unknown>>();
}

describe("contact requests", () => {
  it("stores a request from a visitor and emails every admin", async () => {
    const admin = await createUserWithRole(Role.RegularAdmin);
    const response = await send(valid, { ip: "198.51.100.7" });
    expect(response.status).toBe(201);
    expect(await stored(response.body.id)).toMatchObject({
      name: "منى أحمد",
      email: "mona@example.com",
      phone: null,
      title: "سؤال عن الباقات",
      ip: "198.51.100.7",
      user_id: null,
    });
    const email = await latestMessage(admin.user.email);
    expect(email.subject).toBe("طلب تواصل جديد: سؤال عن الباقات");
    expect(email.body).toContain("هل يمكن تغيير الباقة في منتصف الشهر؟");
    expect(email.body).toContain("mona@example.com");
  });

  it("accepts a phone instead of an email, normalised, and records a signed-in sender", async () => {
    const student = await register();
    const response = await send(
      { ...valid, email: undefined, phone: "٠١٠١٢٣٤٥٦٧٨" },
      { token: student.token },
    );
    expect(response.status).toBe(201);
    expect(await stored(response.body.id)).toMatchObject({
      phone: "01012345678",
      email: null,
      user_id: student.user.id,
    });
  });

  it("needs an email or a phone to answer", async () => {
    const response = await send({ ...valid, email: undefined });
    expect([response.status, response.body.code]).toEqual([400, "invalid-email"]);
  });

  it("answers the spec's title and message length codes", async () => {
    expect((await send({ ...valid, title: "سؤال" })).body.code).toBe("short-contact-title");
    expect((await send({ ...valid, title: "س".repeat(129) })).body.code).toBe("long-contact-title");
    expect((await send({ ...valid, message: "شكرًا" })).body.code).toBe("short-contact-message");
    expect((await send({ ...valid, message: "ر".repeat(1001) })).body.code).toBe("long-contact-message");
    expect((await send({ ...valid, name: "x" })).body.code).toBe("short-user-name");
    expect((await send({ ...valid, phone: "12345" })).body.code).toBe("invalid-phone");
  });

  it("takes one request per address per 6 hours and stores nothing more", async () => {
    const first = await send(valid, { ip: "203.0.113.9" });
    expect(first.status).toBe(201);
    const second = await send({ ...valid, title: "سؤال آخر عن الباقات" }, { ip: "203.0.113.9" });
    expect([second.status, second.body.code]).toEqual([429, "too-many-requests"]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM contact_requests WHERE ip = ?")
      .bind("203.0.113.9")
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    expect((await send(valid, { ip: "203.0.113.10" })).status).toBe(201);
  });

  it("does not count an invalid request against the address", async () => {
    await send({ ...valid, title: "قصير" }, { ip: "203.0.113.20" });
    expect((await send(valid, { ip: "203.0.113.20" })).status).toBe(201);
  });
});
