import { ApiError } from "./api-error";
import { apiUrl } from "./api-url";
import { session } from "./session";

/**
 * A private file of the API (a receipt, GET /assets/receipts/{name}; a report's attachment,
 * GET /report/{id}/asset/{kind}) fetched with the bearer token and opened in a new tab.
 */
export async function openPrivateFile(path: string): Promise<void> {
  const token = session.liveToken();
  // Opened before the download, so the browser treats it as the click's own window.
  const target = window.open("", "_blank");
  const response = await fetch(apiUrl(path.replace(/^\/api\/v1/, "")), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    target?.close();
    throw new ApiError("asset-not-found", response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  if (target) target.location.href = url;
  else window.location.assign(url);
}
