import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { apiFetch } from "../../lib/http";
import { session } from "../../lib/session";

/**
 * Logout: ends this device's session on the server (POST /auth/sign-out, so the token stops working
 * even where it was copied), then clears the token, user, tutor meta and cached data and shows the
 * home page. The local sign-out never waits on the network.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  /** `to`: where to go instead of the home page (the staff sign-in stays on /admin/login). */
  return (options: { serverAlreadyEnded?: boolean; to?: string } = {}) => {
    const token = session.getState().token;
    if (token && !options.serverAlreadyEnded)
      void apiFetch<null>("/auth/sign-out", { method: "POST", token }).catch(() => undefined);
    session.logout("signed-out");
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "config" });
    void navigate(options.to ?? "/", { replace: true });
  };
}
