import { baseUrl, clientAddress } from "./browser";

/**
 * Calls the local server's API the way the SPA would (JSON body, bearer token) and reads the answer
 * as JSON (null when it has none). The browser tests use it to set up and check what the screens
 * cannot show.
 */
export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      // A registration comes from its own client address, so the suite's many new accounts do not
      // meet the per-address registration limit meant for one visitor (docs/rules.md).
      ...(method === "POST" && path === "/user/" ? { "cf-connecting-ip": clientAddress() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}
