import type { AuthResponse, TutorMeta, UserView } from "@schema/api/user";
import { isTutorSide } from "@schema/enums";
import { sessionStorageKeys } from "./session-keys";
import { isTokenDueForRefresh, isTokenExpired } from "./token";

/**
 * docs/product.md §4 "Session": the bearer token, the user and the tutor meta, kept in local storage.
 * - A token is expired when its exp is before now; only a live token signs requests.
 * - A live token within 2 days of expiry is refreshed; while a refresh is pending, or after one
 *   failed, no new refresh starts (a new sign-in or a logout clears that state).
 * - Logout removes the token and clears the stored user and tutor meta.
 */
export type RefreshStatus = "idle" | "pending" | "failed";

/** Why the last session ended: the user signed out, or the token expired or was refused. */
/** "suspended": the API answered account-suspended (an admin suspended the account). */
export type LogoutReason = "signed-out" | "session-ended" | "suspended";

export type SessionState = {
  token: string | null;
  user: UserView | null;
  tutorMeta: TutorMeta | null;
  refreshStatus: RefreshStatus;
  /** Kept in memory only, so a private screen knows not to ask a user who just signed out to sign in again. */
  logoutReason: LogoutReason | null;
};

/** The subset of the Web Storage API the session uses. */
export type SessionStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

type SessionStoreOptions = {
  storage: SessionStorage;
  /** POST /auth/refresh-token with the current token. */
  refreshToken: (token: string) => Promise<AuthResponse>;
  now?: () => number;
};

function readJson<T>(storage: SessionStorage, key: string): T | null {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    // A damaged entry is dropped; the next profile fetch stores a fresh one.
    storage.removeItem(key);
    return null;
  }
}

function writeJson(storage: SessionStorage, key: string, value: unknown) {
  if (value === null) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}

/** `user` is the same account as `held`, last changed before it (an unreadable time is never older). */
function isOlderCopy(user: UserView, held: UserView): boolean {
  return user.id === held.id && Date.parse(user.updatedAt) < Date.parse(held.updatedAt);
}

export function createSessionStore({ storage, refreshToken, now = Date.now }: SessionStoreOptions) {
  const listeners = new Set<() => void>();
  let state: SessionState = load();

  function load(): SessionState {
    return {
      token: storage.getItem(sessionStorageKeys.token),
      user: readJson<UserView>(storage, sessionStorageKeys.user),
      tutorMeta: readJson<TutorMeta>(storage, sessionStorageKeys.tutorMeta),
      refreshStatus: "idle",
      logoutReason: null,
    };
  }

  function setState(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    if ("token" in patch) {
      if (state.token === null) storage.removeItem(sessionStorageKeys.token);
      else storage.setItem(sessionStorageKeys.token, state.token);
    }
    if ("user" in patch) writeJson(storage, sessionStorageKeys.user, state.user);
    if ("tutorMeta" in patch) writeJson(storage, sessionStorageKeys.tutorMeta, state.tutorMeta);
    for (const listener of listeners) listener();
  }

  /** The token when it is live, else null. */
  function liveToken(): string | null {
    return state.token !== null && !isTokenExpired(state.token, now()) ? state.token : null;
  }

  function logout(reason: LogoutReason = "session-ended") {
    setState({ token: null, user: null, tutorMeta: null, refreshStatus: "idle", logoutReason: reason });
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    liveToken,
    hasLiveToken: () => liveToken() !== null,

    signIn({ user, token }: AuthResponse) {
      setState({ token, user, tutorMeta: null, refreshStatus: "idle", logoutReason: null });
    },
    /** Keeps the user and answers the copy now held: an older copy of the held user is not kept. */
    setUser(user: UserView): UserView {
      // A profile read that left before a save can land after it (a slow network): its copy must not
      // undo the save, such as a time zone just chosen.
      if (state.user && isOlderCopy(user, state.user)) return state.user;
      // Tutor meta belongs to tutor-side users only.
      setState(isTutorSide(user.role) ? { user } : { user, tutorMeta: null });
      return user;
    },
    setTutorMeta(tutorMeta: TutorMeta) {
      setState({ tutorMeta });
    },
    logout,

    /** Logs out when a stored token has expired; answers whether it did. */
    dropExpiredToken(): boolean {
      if (state.token === null || liveToken() !== null) return false;
      logout();
      return true;
    },

    /** Refreshes the token when it is due; answers whether a new token was stored. */
    async refreshIfDue(): Promise<boolean> {
      const token = state.token;
      if (token === null || state.refreshStatus !== "idle" || !isTokenDueForRefresh(token, now()))
        return false;
      setState({ refreshStatus: "pending" });
      try {
        const fresh = await refreshToken(token);
        // Signed out or signed in again meanwhile: that newer state wins.
        if (state.token !== token) return false;
        setState({ token: fresh.token, user: fresh.user, refreshStatus: "idle" });
        return true;
      } catch {
        // Stays "failed" until the next sign-in or logout, so a failing refresh is not retried in a loop.
        if (state.token === token) setState({ refreshStatus: "failed" });
        return false;
      }
    },

    /** Re-reads local storage (another tab signed in or out). */
    reload() {
      state = load();
      for (const listener of listeners) listener();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
