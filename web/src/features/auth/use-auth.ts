import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AuthResponse, RegisterBody } from "@schema/api/user";
import { turnstileHeaders } from "../turnstile/turnstile";
import { api } from "../../lib/api";
import { session } from "../../lib/session";
import { currentUserKey } from "../user/use-current-user";
import { track } from "../../lib/analytics";

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
    mutationFn: (body: { email: string; password: string }) => api.post<AuthResponse>("/auth/password", body, { public: true }),
    onSuccess: startSession,
  });
}

export function useGoogleSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: { credential: string; select_by?: string }) => api.post<AuthResponse>("/auth/google", body, { public: true }),
    onSuccess: startSession,
  });
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: ({ turnstileToken, ...body }: RegisterBody & { turnstileToken?: string | null }) =>
      api.post<AuthResponse>("/user/", body, { public: true, headers: turnstileHeaders(turnstileToken) }),
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
      api.post<Record<string, never>>("/confirmation-code/password/send", body, { public: true, headers: turnstileHeaders(turnstileToken) }),
  });
}

/** Forgot password, last step: the code and the new password sign the user in. */
export function useResetPassword() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: (body: { email: string; code: string; password: string }) =>
      api.post<AuthResponse>("/confirmation-code/password/confirm", body, { public: true }),
    onSuccess: startSession,
  });
}
