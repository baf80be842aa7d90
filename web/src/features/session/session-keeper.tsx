import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { session, useSession } from "../../lib/session";
import { useCurrentUserQuery, useTutorMetaQuery } from "../user/use-current-user";

/** How often an open app checks whether its token expired or is due for a refresh. */
const sessionCheckIntervalMs = 60_000;

/**
 * Keeps the session current while the app is open: drops an expired token, refreshes a token
 * within 2 days of expiry, loads the profile and (for tutors) the tutor meta.
 */
export function SessionKeeper() {
  const queryClient = useQueryClient();
  const { token } = useSession();
  useCurrentUserQuery();
  useTutorMetaQuery();

  useEffect(() => {
    function check() {
      if (!session.dropExpiredToken()) void session.refreshIfDue();
    }
    check();
    const interval = window.setInterval(check, sessionCheckIntervalMs);
    const onVisible = () => document.visibilityState === "visible" && check();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, []);

  // Signed out: nothing of the previous user stays in the cache.
  useEffect(() => {
    if (token === null) queryClient.removeQueries({ queryKey: ["user"] });
  }, [token, queryClient]);

  return null;
}
