import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userContracts, type AuthResponse, type RegisterBody } from "@schema/api/user";
import { turnstileHeaders } from "../turnstile/turnstile";
import { session } from "../../lib/session";
import { currentUserKey } from "../user/use-current-user";
import { track } from "../../lib/analytics";
import { call } from "../../lib/client";
import { authContracts } from "@schema/api/auth";
import { confirmationCodeContracts } from "@schema/api/confirmation-code";

/** Stores a fresh session and primes the profile cache with the user that came with it. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (answer: AuthResponse) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "config" });
    session.signIn(answer);
    queryClient.setQueryData(currentUserKey, answer.user);
  };
}

export function usePasswordSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: { email: string; password: string }) => call(authContracts.password, { body, public: true }),
    onSuccess: startSession,
  });
}

export function useGoogleSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: { credential: string; select_by?: string }) => call(authContracts.google, { body, public: true }),
    onSuccess: startSession,
  });
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: ({ turnstileToken, ...body }: RegisterBody & { turnstileToken?: string | null }) =>
      call(userContracts.register, { body, public: true, headers: turnstileHeaders(turnstileToken) }),
    onSuccess: (answer) => {
      startSession(answer);
      track("sign_up", { role: answer.user.role });
    },
  });
}

/** Forgot password, step 1: always answers {} so it does not reveal which emails exist. */
export function useSendPasswordCode() {
  return useMutation({
    mutationFn: ({ turnstileToken, ...body }: { email: string; turnstileToken?: string | null }) =>
      call(confirmationCodeContracts.sendPasswordCode, { body, public: true, headers: turnstileHeaders(turnstileToken) }),
  });
}

/** Forgot password, last step: the code and the new password sign the user in. */
export function useResetPassword() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: { email: string; code: string; password: string }) =>
      call(confirmationCodeContracts.confirmPassword, { body, public: true }),
    onSuccess: startSession,
  });
}
