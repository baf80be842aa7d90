import type { Hono } from "hono";
import type { z } from "zod";
import type { Contract, ResponseSchema } from "../../schema/api/contract";
import type { Role } from "../../schema/enums";
import { isErrorCode, type ErrorCode } from "../../schema/errors";
import type { BatchItem } from "drizzle-orm/batch";
import { isSeenStale, touchSession } from "../domain/identity/auth-sessions";
import { signedInUserQuery, type SignedInRow, type UserRow } from "../domain/identity/users";
import type { AppContext, AppEnv } from "./context";
import { fail } from "../core/failure";
import { describeError } from "../core/logger";
import { observeSharedVersions, parseSharedVersions } from "../core/shared-versions";

/**
 * Who may call a route, declared once next to it: anyone, any signed-in user, or the listed
 * roles. The role table test (tests/worker/roles.test.ts) calls every route as every role.
 */
export type Access = "public" | "signed-in" | readonly Role[];

type Method = "get" | "post" | "put" | "patch" | "delete";
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Statements a route reads together with the signed-in user (see `RouteDef.prefetch`). */
export type Prefetch = readonly BatchItem<"sqlite">[];

/** The answers of a prefetch's statements, in their order, each typed by its statement. */
export type Prefetched<X extends Prefetch> = { -readonly [K in keyof X]: Awaited<X[K]> };

export type HandlerInput<B, Q, P, A extends Access, X extends Prefetch = Prefetch> = {
  c: AppContext;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  user: A extends "public" ? UserRow | null : UserRow;
  /** The results of the route's `prefetch` statements, when they went with the user's read. */
  prefetched?: Prefetched<X>;
};

/** What a route may read together with the signed-in user, in the same D1 round trip. */
export type PrefetchInput<B, Q, P> = {
  c: AppContext;
  userId: number;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
};

export type RouteDef<
  B = undefined,
  Q = undefined,
  P = undefined,
  A extends Access = Access,
  X extends Prefetch = Prefetch,
> = {
  method: Method;
  /** Hono path below /api/v1, e.g. "/user/:id". */
  path: string;
  access: A;
  summary: string;
  /** A JSON body contract, or "multipart" for form uploads parsed by the handler. */
  body?: B;
  query?: Q;
  params?: P;
  /** HTTP status of a success (200 unless said). */
  status?: 200 | 201 | 202 | 204;
  /** The success's body (schema/api/contract.ts); set when the route is built from its contract. */
  response?: ResponseSchema;
  /** Only mounted in the local environment (emulators, dev mailbox). */
  localOnly?: boolean;
  /**
   * Answered while the account waits for its deletion (the grace period): the deletion's own
   * routes and sign-out. Every other route answers account-pending-deletion then.
   */
  duringDeletion?: boolean;
  /**
   * Statements to run in ONE batch with the read of the token's user, for a hot path that would
   * otherwise need a second round trip. Built from the token's (verified) user id before that
   * user is known: the handler uses `prefetched` only after the access check passed and only
   * when the answer it holds fits the user (return null to skip, e.g. for an unusual query).
   */
  prefetch?(input: PrefetchInput<B, Q, P>): X | null;
  handle(input: HandlerInput<B, Q, P, A, X>): Promise<unknown> | unknown;
};

// Routes are kept in plain lists per area; the registry (worker/routes/index.ts) mounts them
// and the OpenAPI document is generated from the same list.
export type AnyRoute = RouteDef<any, any, any, Access, any>;

declare const writtenFor: unique symbol;
/**
 * A JSON answer whose text is already written (SQLite can write a list's items itself), marked
 * with the contract's schema it answers; `writtenJson` makes one. Sent as it is.
 */
export type WrittenJson<S extends Schema> = Response & { readonly [writtenFor]: S };

/** The answer to send as it is: `text` is JSON that `schema` parses (the route's tests parse it). */
export function writtenJson<S extends Schema>(c: AppContext, _schema: S, text: string): WrittenJson<S> {
  const response: Response = c.body(text, 200, { "Content-Type": "application/json" });
  return response as WrittenJson<S>;
}

/**
 * What a handler answers for its contract's response: the schema's input (serialised as JSON) or
 * its already written text, nothing, or a Response.
 */
export type HandlerResult<R extends ResponseSchema> = R extends Schema
  ? z.input<R> | WrittenJson<R>
  : R extends "empty"
    ? void
    : Response;

/** The part of a route its contract (schema/api/) does not say: who may call it, what it does, how. */
export type RouteOptions<
  B,
  Q,
  P,
  A extends Access,
  R extends ResponseSchema,
  X extends Prefetch = Prefetch,
> = Pick<RouteDef<B, Q, P, A, X>, "access" | "summary" | "localOnly" | "prefetch" | "duringDeletion"> & {
  handle(input: HandlerInput<B, Q, P, A, X>): Promise<HandlerResult<R>> | HandlerResult<R>;
};

/**
 * A route from its contract (method, path, schemas, response) and its options: the handler's
 * return type is checked against the contract's response. The one-argument form is the older
 * route without a response contract.
 */
export function route<
  B extends Schema | "multipart" | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends ResponseSchema = ResponseSchema,
  A extends Access = Access,
  // A tuple (the `| []`), so each prefetched answer keeps its own statement's type.
  X extends Prefetch | [] = [],
>(contract: Contract<B, Q, P, R>, options: RouteOptions<B, Q, P, A, R, X>): AnyRoute;
export function route<
  B extends Schema | "multipart" | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  A extends Access = Access,
>(def: RouteDef<B, Q, P, A>): AnyRoute;
export function route(
  def: AnyRoute | Contract,
  options?: RouteOptions<unknown, unknown, unknown, Access, ResponseSchema, Prefetch>,
): AnyRoute {
  return (options ? { ...def, ...options } : def) as AnyRoute;
}

/** The first zod issue as the catalogue answer `{ code, fields }` (docs/rules.md, Errors on the wire). */
function validationFailure(error: z.ZodError, fallback: ErrorCode): never {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of error.issues) {
    const name = issue.path.join(".") || "_";
    if (!(name in fields)) fields[name] = isErrorCode(issue.message) ? issue.message : fallback;
  }
  const first = Object.values(fields)[0] ?? fallback;
  fail(first, fields);
}

async function readJson(c: AppContext): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return fail("bad-request");
  }
}

export function authorize(access: Access, c: AppContext): UserRow | null {
  const user = c.get("user");
  if (access === "public") return user;
  if (!user) return fail("unauthenticated");
  if (access === "signed-in") return user;
  if (!access.includes(user.role as Role)) return fail("forbidden");
  return user;
}

/** Parses without failing: a bad query or path skips the prefetch and fails in its usual place. */
function quietly(schema: Schema | undefined, value: unknown): { ok: boolean; data: unknown } {
  if (!schema) return { ok: true, data: undefined };
  const result = schema.safeParse(value);
  return { ok: result.success, data: result.data };
}

type Parsed = { query: unknown; params: unknown; body: unknown };

/**
 * Reads the token's user, with the route's prefetch in the same batch when it has one. A prefetch
 * needs the request parsed first: those values are answered too, so the handler does not parse
 * them again (a request that did not parse is parsed again later, where its error is answered).
 */
async function identify(c: AppContext, def: AnyRoute): Promise<{ prefetched?: unknown[]; parsed?: Parsed }> {
  const userId = c.get("tokenUserId");
  const sessionId = c.get("tokenSessionId");
  if (userId === null || sessionId === null) return {};
  const db = c.get("db");
  let extra: readonly BatchItem<"sqlite">[] | null = null;
  let parsed: Parsed | undefined;
  if (def.prefetch) {
    const query = quietly(def.query, c.req.query());
    const params = quietly(def.params, c.req.param());
    // A JSON body is read once (Hono keeps it for the handler's parse); a bad one skips the prefetch.
    const body =
      def.body && def.body !== "multipart"
        ? quietly(def.body, await c.req.json().catch(() => undefined))
        : { ok: true, data: undefined };
    if (query.ok && params.ok && body.ok) {
      parsed = { query: query.data, params: params.data, body: body.data };
      extra = def.prefetch({ c, userId, ...parsed });
    }
  }
  if (!extra?.length) {
    const [row] = await signedInUserQuery(db, userId, sessionId);
    c.set("user", admit(c, row, sessionId, def));
    return { parsed };
  }
  const [users, ...prefetched] = await db.batch([signedInUserQuery(db, userId, sessionId), ...extra]);
  c.set("user", admit(c, (users as SignedInRow[])[0], sessionId, def));
  return { prefetched, parsed };
}

/**
 * The signed-in user, from the row read with its session: a suspended account answers
 * account-suspended on every route; an unknown, deleted or ended session is no user (401 where
 * one is needed). The session's last-seen time moves after the response, at most every few minutes.
 * An account waiting for its deletion answers account-pending-deletion except on the routes marked
 * `duringDeletion` (its deletion's status and cancellation, sign-out).
 */
function admit(
  c: AppContext,
  row: SignedInRow | undefined,
  sessionId: string,
  def: AnyRoute,
): UserRow | null {
  if (!row) return null;
  const { sessionSeenAt, sharedVersions, deletionDueAt, ...user } = row;
  c.set("sharedVersions", observeSharedVersions(parseSharedVersions(sharedVersions), c.get("now").getTime()));
  if (user.suspendedAt) fail("account-suspended");
  if (sessionSeenAt === null) return null;
  if (deletionDueAt !== null && !def.duringDeletion) fail("account-pending-deletion");
  const now = c.get("now");
  if (isSeenStale(sessionSeenAt, now)) {
    const touch = touchSession(c.get("db"), sessionId, now).then(
      () => undefined,
      (error: unknown) => c.get("logger").warn("session last-seen not written", describeError(error)),
    );
    try {
      c.executionCtx.waitUntil(touch);
    } catch {
      // No execution context (an app called directly in a test): the write simply runs on.
    }
  }
  return user;
}

export function mount(app: Hono<AppEnv>, routes: readonly AnyRoute[], isLocal: boolean): void {
  for (const def of routes) {
    if (def.localOnly && !isLocal) continue;
    app.on(def.method.toUpperCase(), def.path, async (c) => {
      const { prefetched, parsed } = await identify(c, def);
      const user = authorize(def.access, c);
      const params = parsed
        ? parsed.params
        : def.params
          ? parse(def.params, c.req.param(), "bad-request")
          : undefined;
      const query = parsed
        ? parsed.query
        : def.query
          ? parse(def.query, c.req.query(), "bad-request")
          : undefined;
      let body: unknown = parsed?.body;
      if (!parsed && def.body && def.body !== "multipart") {
        const raw = await readJson(c);
        if (raw === undefined) fail("empty-request");
        body = parse(def.body, raw, "bad-request");
      }
      const result = await def.handle({ c, body, query, params, user, prefetched });
      if (result instanceof Response) return result;
      const status = def.status ?? 200;
      if (status === 204) return c.body(null, 204);
      // A contract's JSON answer is sent as it is (null included); a route without one answers {} for nothing.
      if (def.response !== undefined && typeof def.response !== "string")
        return c.json(result as object | null, status);
      return c.json(result ?? {}, status);
    });
  }
}

function parse(schema: Schema, value: unknown, fallback: ErrorCode): unknown {
  const result = schema.safeParse(value);
  if (!result.success) validationFailure(result.error, fallback);
  return result.data;
}
