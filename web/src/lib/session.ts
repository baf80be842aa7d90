import { useSyncExternalStore } from "react";
import type { AuthResponse } from "@schema/api/user";
import { setViewerTimeZone } from "./format";
import { apiFetch } from "./http";
import { sessionStorageKeys } from "./session-keys";
import { createSessionStore, type SessionState } from "./session-store";

/** The signed-in session of this browser. */
export const session = createSessionStore({
  storage: window.localStorage,
  refreshToken: (token) => apiFetch<AuthResponse>("/auth/refresh-token", { method: "POST", token }),
});

// Times are shown on the signed-in user's clock; the listener runs before React re-renders.
setViewerTimeZone(session.getState().user?.timeZone);
session.subscribe(() => setViewerTimeZone(session.getState().user?.timeZone));

// Another tab signed in or out: follow it.
window.addEventListener("storage", (event) => {
  if (event.key === null || Object.values<string>(sessionStorageKeys).includes(event.key)) session.reload();
});

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** True while a live (non-expired) token is held. */
export function useIsSignedIn(): boolean {
  const { token } = useSession();
  return token !== null && session.hasLiveToken();
}
