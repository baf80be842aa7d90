import { useQuery } from "@tanstack/react-query";
import { isTutorSide } from "@schema/enums";
import { session, useIsSignedIn, useSession } from "../../lib/session";
import { call } from "../../lib/client";

export const currentUserKey = ["user", "current"] as const;

// The user contracts (and zod and the profile rules with them) load beside the first screen, not in
// it: the session keeper on every page asks for the profile.
const userContracts = async () => (await import("@schema/api/user")).userContracts;
export const tutorMetaKey = ["user", "tutor", "meta"] as const;

/** docs/product.md §4: the profile is fetched only with a live token; the answer is kept in the session. */
export function useCurrentUserQuery() {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: currentUserKey,
    queryFn: async ({ signal }) => {
      const user = await call((await userContracts()).current, { signal });
      // The session may already hold a newer copy (a save that ended while this read was out).
      return session.setUser(user);
    },
    enabled: signedIn,
    // While the email is not verified (it may be, from another tab or device), coming back to the
    // tab reads the profile again, so every "verify your email" hint goes at once.
    refetchOnWindowFocus: () => session.getState().user?.verifiedEmail === false,
  });
}

/** docs/product.md §4: tutor meta only once the user is known to be a Tutor or TutorManager. */
export function useTutorMetaQuery() {
  const { user } = useSession();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: tutorMetaKey,
    queryFn: async ({ signal }) => {
      const meta = await call((await userContracts()).tutorMeta, { signal });
      session.setTutorMeta(meta);
      return meta;
    },
    enabled: signedIn && user !== null && isTutorSide(user.role),
  });
}
