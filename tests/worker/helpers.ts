import { env, exports } from "cloudflare:workers";
import { z } from "zod";
import { pathPattern, pathWith, type Contract, type ContractRequest } from "../../schema/api/contract";
import type { ErrorCode } from "../../schema/errors";
import { Role } from "../../schema/enums";
import type { AnyRoute } from "../../worker/http/route";
import { apiRoutes } from "../../worker/routes";
import type { AuthResponse } from "../../schema/api/user";
import type { OutboxMessage } from "../../schema/api/confirmation-code";
import { userContracts } from "../../schema/api/user";
import { authContracts } from "../../schema/api/auth";
import { devContracts } from "../../schema/api/dev";

// A loopback host: the local environment's routes (/api/v1/dev/*) answer only there (worker/env.ts).
export const ORIGIN = "http://127.0.0.1";

type CallOptions = { body?: unknown; token?: string; headers?: Record<string, string>; raw?: BodyInit };

/** The answer of a call: its status, its body as JSON (or text, or null when empty) and its headers. */
export type CallResult<B = any> = { status: number; body: B; headers: Headers };

/**
 * Calls the Worker's own fetch, the way a browser would. A route of schema/api/ is better called
 * through `callContract`; `call` stays for what a contract cannot type: a body or path that is wrong
 * on purpose (the bad-input tests), the emulators' and assets' paths, a path read from an answer.
 */
export async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
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

/**
 * What a call of a contract takes: its path parameters, query and JSON body typed from the
 * contract's request schemas (as web/src/lib/client.ts), and what `call` takes besides: the token,
 * headers, and a raw body (a multipart form, or bytes that are not JSON).
 */
export type ContractInput<C extends Contract> = ContractRequest<C> & Omit<CallOptions, "body">;

/** The fields of a failure's body (schema/errors.ts), readable on any answer: a test reads them after a 4xx. */
export type FailureFields = { code?: ErrorCode; message?: string; fields?: Record<string, string> };

/**
 * The body of a contract's answer: a success's JSON as its response schema outputs it, with the
 * failure's fields beside it; for "empty" only those (null after a 204); for the answers that are
 * not our JSON (files, pages, text, emulated services) whatever `call` read.
 */
export type AnswerOf<C extends Contract> = C["response"] extends z.ZodType
  ? z.output<C["response"]> & FailureFields
  : C["response"] extends "empty"
    ? FailureFields
    : any;

/**
 * Calls the Worker through an endpoint's contract (schema/api/<area>.ts): the path is built from
 * the params and the query, the body is typed by the request schema and the answer by the response
 * schema. It goes through `call`, so the request, the response check and the result are the same.
 */
export async function callContract<C extends Contract>(
  contract: C,
  ...[input]: {} extends ContractInput<C> ? [ContractInput<C>?] : [ContractInput<C>]
): Promise<CallResult<AnswerOf<C>>> {
  const { params, query, ...options } = (input ?? {}) as CallOptions & {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  const path = "/api/v1" + pathWith(contract.path, params) + queryString(query);
  const method = contract.method.toUpperCase();
  const answering = routeFor(method, path);
  if (answering && (answering.method !== contract.method || answering.path !== contract.path))
    throw new Error(
      `${method} ${path} is answered by ${answering.method} ${answering.path}, not by the contract ${contract.method} ${contract.path}`,
    );
  return call(method, path, options);
}

/** A query string from a call's query: each value as text (arrays repeat their key), undefined and null left out. */
function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value])
      if (item !== undefined && item !== null) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
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
  const unknown = unknownKeys(response, json);
  if (unknown.length)
    throw new Error(
      `${method} ${path} answered ${status} with keys its response contract does not name (a leak, or a contract to complete): ${unknown.join(", ")}\nbody: ${JSON.stringify(json).slice(0, 500)}`,
    );
}

/**
 * The keys of `value` that `schema` does not name, as paths ("list.0.secret"), at every depth.
 * Parsing strips them silently (zod objects are not strict), so a field the Worker leaks would pass
 * the response check; this walks the schema beside the value instead. An object that allows more
 * keys (z.looseObject, a catchall) allows them; a union is checked against the option that parses,
 * a pipe against what it takes in.
 */
export function unknownKeys(schema: z.ZodType, value: unknown, at = ""): string[] {
  const def = (schema as z.ZodType & { _zod: { def: Record<string, any> } })._zod.def;
  const inner = (next: z.ZodType, nextValue = value) => unknownKeys(next, nextValue, at);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return value === undefined || value === null ? [] : inner(def.innerType);
    case "pipe":
      return inner(def.in);
    case "lazy":
      return inner(def.getter());
    case "union": {
      const option = (def.options as z.ZodType[]).find((each) => each.safeParse(value).success);
      return option ? inner(option) : [];
    }
    case "intersection": {
      // Each side names part of the keys: a key is unknown when neither side names it.
      const left = new Set(inner(def.left));
      return inner(def.right).filter((key) => left.has(key));
    }
    case "array":
      return Array.isArray(value)
        ? value.flatMap((item, index) => unknownKeys(def.element, item, `${at}${index}.`))
        : [];
    case "tuple":
      return Array.isArray(value)
        ? value.flatMap((item, index) => {
            const item_ = (def.items as z.ZodType[])[index] ?? def.rest;
            return item_ ? unknownKeys(item_, item, `${at}${index}.`) : [];
          })
        : [];
    case "record":
      return isPlainObject(value)
        ? Object.entries(value).flatMap(([key, item]) => unknownKeys(def.valueType, item, `${at}${key}.`))
        : [];
    case "object": {
      if (!isPlainObject(value)) return [];
      const shape = def.shape as Record<string, z.ZodType>;
      const catchall = def.catchall as z.ZodType | undefined;
      const allowsMore = catchall !== undefined && catchall._zod.def.type !== "never";
      return Object.entries(value).flatMap(([key, item]) => {
        const field = shape[key];
        if (field) return unknownKeys(field, item, `${at}${key}.`);
        return allowsMore ? [] : [`${at}${key}`];
      });
    }
    default:
      return [];
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
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
  const response = await callContract(userContracts.register, {
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
  const signedIn = await callContract(authContracts.password, {
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
  const response = await callContract(devContracts.outbox, { query: { to } });
  const message = response.body?.list?.[0] as OutboxMessage | undefined;
  if (!message) throw new Error(`no message for ${to}`);
  return message;
}

/** A code guaranteed to differ from `code` (still 5 digits, first non-zero). */
export function wrongCode(code: string): string {
  return code === "12345" ? "54321" : "12345";
}
