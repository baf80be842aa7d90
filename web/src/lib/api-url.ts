/**
 * The API's URLs: same origin by default; a separate API origin can be chosen at build time.
 * A module of its own, without imports, so the first screen's early requests
 * (web/src/lib/early-requests.ts) build theirs exactly as the API client does (web/src/lib/http.ts).
 */
export const apiBaseUrl = (import.meta.env.VITE_API_BASE_URL ?? "/api/v1").replace(/\/$/, "");

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export function apiUrl(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${apiBaseUrl}${path}${queryString ? `?${queryString}` : ""}`;
}
