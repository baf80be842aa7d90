import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { session } from "../../lib/session";

/** Logout: clears the token, user, tutor meta and cached data, then shows the home page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    session.logout("signed-out");
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "config" });
    void navigate("/", { replace: true });
  };
}
