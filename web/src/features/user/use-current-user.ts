import { useQuery } from "@tanstack/react-query";
import { userContracts } from "@schema/api/user";
import { isTutorSide } from "@schema/enums";
import { session, useIsSignedIn, useSession } from "../../lib/session";
import { call } from "../../lib/client";

export const currentUserKey = ["user", "current"] as const;
export const tutorMetaKey = ["user", "tutor", "meta"] as const;

/** docs/product.md §4: the profile is fetched only with a live token; the answer is kept in the session. */
export function useCurrentUserQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: currentUserKey,
    queryFn: async ({ signal }) => {
      const user = await call(userContracts.current, { signal });
      session.setUser(user);
      return user;
    },
    enabled: signedIn,
  });
}

/** docs/product.md §4: tutor meta only once the user is known to be a Tutor or TutorManager. */
export function useTutorMetaQuery() {
  const { user } = useSession();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: tutorMetaKey,
    queryFn: async ({ signal }) => {
      const meta = await call(userContracts.tutorMeta, { signal });
      session.setTutorMeta(meta);
      return meta;
    },
    enabled: signedIn && user !== null && isTutorSide(user.role),
  });
}
