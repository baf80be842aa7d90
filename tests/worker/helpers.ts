import { env, exports } from "cloudflare:workers";
import { z } from "zod";
import { pathPattern } from "../../schema/api/contract";
import { Role } from "../../schema/enums";
import type { AnyRoute } from "../../worker/http/route";
import { apiRoutes } from "../../worker/routes";
import type { AuthResponse } from "../../schema/api/user";
import type { OutboxMessage } from "../../schema/api/confirmation-code";

// A loopback host: the local environment's routes (/api/v1/dev/*) answer only there (worker/env.ts).
export const ORIGIN = "http://127.0.0.1";

type CallOptions = { body?: unknown; token?: string; headers?: Record<string, string>; raw?: BodyInit };

/** Calls the Worker's own fetch, the way a browser would. */
export async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined = options.raw;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await exports.default.fetch(new Request(ORIGIN + path, { method, headers, body }));
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  if (response.ok) checkResponse(method, path, response.status, json);
  return { status: response.status, body: json, headers: response.headers };
}

// The API's routes in the order the app matches them (local-only ones are mounted after the rest).
const matchers = [
  ...apiRoutes.filter((def) => !def.localOnly),
  ...apiRoutes.filter((def) => def.localOnly),
].map((def) => ({ def, pattern: pathPattern(def.path) }));

/** The route that answers a method and path below /api/v1 (the first that matches, as in the app). */
export function routeFor(method: string, path: string): AnyRoute | undefined {
  const [pathname = ""] = path.split("?");
  if (!pathname.startsWith("/api/v1/")) return undefined;
  const below = pathname.slice("/api/v1".length);
  return matchers.find(({ def, pattern }) => def.method === method.toLowerCase() && pattern.test(below))?.def;
}

/**
 * Every success goes through its route's response contract (schema/api/): a JSON body must parse
 * with the response schema, an "empty" answer must be empty. A mismatch fails the test that called.
 */
export function checkResponse(method: string, path: string, status: number, json: unknown): void {
  const response = routeFor(method, path)?.response;
  if (response === undefined || (typeof response === "string" && response !== "empty")) return;
  if (response === "empty") {
    const empty =
      json === null || (typeof json === "object" && !Array.isArray(json) && Object.keys(json).length === 0);
    if (!empty)
      throw new Error(
        `${method} ${path} answered ${status} with a body, but its contract says "empty": ${JSON.stringify(json).slice(0, 300)}`,
      );
    return;
  }
  const result = response.safeParse(json);
  if (!result.success)
    throw new Error(
      `${method} ${path} answered ${status} with a body its response contract refuses:\n${z.prettifyError(result.error)}\nbody: ${JSON.stringify(json).slice(0, 500)}`,
    );
}

let counter = 0;
/** A unique email per call, so tests in one file never collide. */
export function uniqueEmail(prefix = "user"): string {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export const PASSWORD = "Strong#Pass1";

export async function register(
  role: Role = Role.Student,
  overrides: Record<string, unknown> = {},
): Promise<AuthResponse> {
  const response = await call("POST", "/api/v1/user/", {
    body: {
      email: uniqueEmail(role === Role.Tutor ? "tutor" : "student"),
      password: PASSWORD,
      role,
      ...overrides,
    },
    headers: { "cf-connecting-ip": `10.0.${counter % 250}.${Math.floor(Math.random() * 250)}` },
  });
  if (response.status !== 201) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
  return response.body as AuthResponse;
}

/** Creates a user of any role directly in D1 (staff accounts cannot self-register). */
export async function createUserWithRole(role: Role): Promise<AuthResponse> {
  const student = await register(Role.Student);
  await env.DB.prepare("UPDATE users SET role = ? WHERE id = ?").bind(role, student.user.id).run();
  // A role change ends the account's sessions (migrations/0007): sign in again with the new role.
  const signedIn = await call("POST", "/api/v1/auth/password", {
    body: { email: student.user.email, password: PASSWORD },
    headers: { "cf-connecting-ip": `10.1.${counter % 250}.${Math.floor(Math.random() * 250)}` },
  });
  if (signedIn.status !== 200)
    throw new Error(`sign-in after the role change failed: ${JSON.stringify(signedIn.body)}`);
  student.token = signedIn.body.token as string;
  if (role === Role.Tutor || role === Role.TutorManager)
    await env.DB.prepare("INSERT OR IGNORE INTO tutors (id, created_at, updated_at) VALUES (?, ?, ?)")
      .bind(student.user.id, new Date().toISOString(), new Date().toISOString())
      .run();
  return { ...student, user: { ...student.user, role } };
}

/** The newest message the local mailbox holds for an address or phone. */
export async function latestMessage(to: string): Promise<OutboxMessage> {
  const response = await call("GET", `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  const message = response.body?.list?.[0] as OutboxMessage | undefined;
  if (!message) throw new Error(`no message for ${to}`);
  return message;
}

/** A code guaranteed to differ from `code` (still 5 digits, first non-zero). */
export function wrongCode(code: string): string {
  return code === "12345" ? "54321" : "12345";
}
