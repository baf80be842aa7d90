import type { z } from "zod";

/**
 * One endpoint's contract, shared by the Worker and the SPA: method, path (Hono syntax below
 * /api/v1), the request schemas and the schema of a success's JSON body. The Worker's route
 * (worker/http/route.ts) takes these from here, so the handler's return type is checked against
 * the response at compile time; the SPA's client (web/src/lib/api.ts) builds the path and types
 * the call from the same object; the Worker tests parse every 2xx answer with it.
 * Who may call a route stays beside its handler (worker/routes/*.ts), with its summary.
 */
export type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * A success that is not one of our JSON documents: "empty" (204, or `{}` from a handler that
 * returns nothing), "file" (a download, a stream, a calendar), "redirect", "html" (a page),
 * "text" (plain text, e.g. a webhook challenge), "emulated" (a local emulator answering in an
 * outside service's own format).
 */
export type NonJson = "empty" | "file" | "redirect" | "html" | "text" | "emulated";

export type ResponseSchema = z.ZodType | NonJson;

export type Contract<
  B extends z.ZodType | "multipart" | undefined = z.ZodType | "multipart" | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends ResponseSchema = ResponseSchema,
> = {
  method: Method;
  /** Hono path below /api/v1, e.g. "/user/:id". */
  path: string;
  /** A JSON body contract, or "multipart" for form uploads parsed by the handler. */
  body?: B;
  query?: Q;
  params?: P;
  /** HTTP status of a success (200 unless said). */
  status?: 200 | 201 | 202 | 204;
  response: R;
};

export function contract<
  B extends z.ZodType | "multipart" | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends ResponseSchema = ResponseSchema,
>(def: Contract<B, Q, P, R>): Contract<B, Q, P, R> {
  return def;
}

/** What a success answers on the wire: the response schema's output, nothing for the rest. */
export type ResponseOf<C> = C extends { response: infer R }
  ? R extends z.ZodType
    ? z.output<R>
    : void
  : never;

/** Every parameter of the path, always required (a coerced id reads as optional in a schema's input). */
export type ContractParams<S> = S extends z.ZodType
  ? { params: { [K in keyof z.input<S>]-?: string | number } }
  : { params?: never };

/** A part of a call typed by its schema's input: required when the schema needs something, optional when `{}` passes. */
export type ContractPart<K extends string, S> = S extends z.ZodType
  ? {} extends z.input<S>
    ? { [_ in K]?: z.input<S> }
    : { [_ in K]: z.input<S> }
  : { [_ in K]?: never };

/** What a call of a contract takes: its path parameters, query and JSON body, typed from its request schemas. */
export type ContractRequest<C extends Contract> = ContractParams<C["params"]> &
  ContractPart<"query", C["query"]> &
  ContractPart<"body", C["body"] extends "multipart" ? undefined : C["body"]>;

/** The path of a call: each `:name` (with its optional `{regex}`) replaced by its encoded parameter. */
export function pathWith(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`${path}: the path parameter ${name} is missing`);
    // ":" is allowed in a path segment (RFC 3986 pchar): "lesson:7" stays readable.
    return encodeURIComponent(String(value)).replace(/%3A/gi, ":");
  });
}

/** A matcher for a Hono path (":name", ":name{regex}" and a trailing "*"), with or without a trailing slash as written. */
export function pathPattern(path: string): RegExp {
  let source = "";
  let rest = path;
  const param = /:(\w+)(\{([^}]*)\})?/;
  for (let match = param.exec(rest); match; match = param.exec(rest)) {
    source += escape(rest.slice(0, match.index)) + "(" + (match[3] ?? "[^/]+") + ")";
    rest = rest.slice(match.index + match[0].length);
  }
  return new RegExp("^" + source + escape(rest).replace(/\\\*/g, ".*") + "$");
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
