import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { call, PASSWORD, uniqueEmail } from "./helpers";

const registerAs = (role: Role, name: string, email = uniqueEmail("conf")) =>
  call("POST", "/api/v1/user/", {
    body: { email, password: PASSWORD, role, name },
    headers: { "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
  });
const storedUser = (email: string) => env.DB.prepare("SELECT name, role FROM users WHERE email = ?").bind(email).first<{ name: string; role: number }>();

describe("registration names (business-rules.md, Validation bounds)", () => {
  it("refuses a tutor registering with a Latin name (invalid-tutor-name) and stores nothing", async () => {
    const email = uniqueEmail("tutor-latin");
    const response = await registerAs(Role.Tutor, "Ahmed Ali", email);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe("invalid-tutor-name");
    expect(response.body.fields).toEqual({ name: "invalid-tutor-name" });
    expect(await storedUser(email)).toBeNull();
  });

  it("registers a tutor with an Arabic name", async () => {
    const email = uniqueEmail("tutor-arabic");
    const response = await registerAs(Role.Tutor, "أحمد علي", email);
    expect(response.status).toBe(201);
    expect(await storedUser(email)).toEqual({ name: "أحمد علي", role: Role.Tutor });
  });

  it("still lets a student register with a Latin name", async () => {
    const email = uniqueEmail("student-latin");
    const response = await registerAs(Role.Student, "Sara Ali", email);
    expect(response.status).toBe(201);
    expect(await storedUser(email)).toEqual({ name: "Sara Ali", role: Role.Student });
  });
});
