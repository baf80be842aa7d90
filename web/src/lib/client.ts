import {
  pathWith,
  type Contract,
  type ContractParams,
  type ContractPart,
  type ContractRequest,
  type ResponseOf,
} from "@schema/api/contract";
import { api, type RequestOptions } from "./api";
import { debugLog } from "./debug-log";
import type { QueryParams } from "./api-url";
import type { UploadOptions } from "./http";

/** What a call of a contract takes: its path parameters, query and JSON body, typed from the contract's schemas. */
export type CallInput<C extends Contract> = ContractRequest<C> & Omit<RequestOptions, "body" | "query">;

/**
 * Calls an endpoint through its contract (schema/api/): the path is built from the params, the
 * query and body are typed by its request schemas and the answer by its response schema. It goes
 * through `api` (web/src/lib/api.ts), so the session, its token and the failure reactions stay one.
 * Screens import only their area's contracts, so no chunk carries the whole route table.
 */
export async function call<C extends Contract>(
  contract: C,
  ...[input]: {} extends CallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<ResponseOf<C>> {
  const { params, query, body, ...rest } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
    body?: unknown;
  } & RequestOptions;
  const path = pathWith(contract.path, params);
  const options: RequestOptions = Object.fromEntries(
    Object.entries({ ...rest, query }).filter(([, value]) => value !== undefined),
  );
  const extra = Object.keys(options).length ? [options] : [];
  const result = await send(contract.method, path, body, extra);
  if (import.meta.env.DEV && typeof contract.response !== "string") {
    // While developing, an answer its contract refuses is told in the debug log (the Worker tests fail on it).
    const checked = contract.response.safeParse(result);
    if (!checked.success)
      debugLog.add(
        "warn",
        `[api] ${contract.method.toUpperCase()} ${path}: the answer does not match its contract (${checked.error.issues[0]?.path.join(".") ?? ""})`,
      );
  }
  return result as ResponseOf<C>;
}

function send(
  method: Contract["method"],
  path: string,
  body: unknown,
  extra: RequestOptions[],
): Promise<unknown> {
  switch (method) {
    case "get":
      return api.get(path, ...extra);
    case "delete":
      return api.delete(path, ...extra);
    default:
      return body === undefined && !extra.length ? api[method](path) : api[method](path, body, ...extra);
  }
}

/** What an upload of a multipart contract takes besides its form: path parameters, query, progress and abort. */
export type UploadInput<C extends Contract> = ContractParams<C["params"]> &
  ContractPart<"query", C["query"]> &
  Omit<UploadOptions, "token" | "method" | "query">;

/** Sends a form to a multipart endpoint through its contract (progress and abort as api.upload), typed by its response. */
export function upload<C extends Contract<"multipart">>(
  contract: C,
  form: FormData,
  ...[input]: {} extends UploadInput<C> ? [UploadInput<C>?] : [UploadInput<C>]
): Promise<ResponseOf<C>> {
  const { params, query, ...rest } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: QueryParams;
  } & Omit<UploadOptions, "token" | "method" | "query">;
  // PUT is api.upload's default: only POST is said.
  const method = contract.method === "post" ? { method: "POST" as const } : {};
  const options = Object.fromEntries(
    Object.entries({ ...method, query, ...rest }).filter(([, value]) => value !== undefined),
  );
  return api.upload<ResponseOf<C>>(pathWith(contract.path, params), form, options);
}
