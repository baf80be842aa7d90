import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AuthResponse, RegisterBody } from "@schema/api/user";
import { turnstileHeaders } from "../turnstile/turnstile-headers";
import { session } from "../../lib/session";
import { currentUserKey } from "../user/use-current-user";
import { track } from "../../lib/track";
import { call } from "../../lib/client";
import { apiFetch } from "../../lib/http";

// The sign-in contracts (and zod and the rules with them) load on the first submit, not with the
// screen, like the forms' own rules (login-form.tsx).
const authContracts = async () => (await import("@schema/api/auth")).authContracts;
const userContracts = async () => (await import("@schema/api/user")).userContracts;
const codeContracts = async () => (await import("@schema/api/confirmation-code")).confirmationCodeContracts;

/** Stores a fresh session and primes the profile cache with the user that came with it. */
function useStartSession() {
  const queryClient = useQueryClient();
  return (answer: AuthResponse) => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "config" });
    session.signIn(answer);
    queryClient.setQueryData(currentUserKey, answer.user);
  };
}

/**
 * A sign-in the screen does not take (the staff sign-in, /admin/login, and an account that is not
 * staff): the session the server just opened is ended again and never stored in this browser.
 */
export class SignInRefused extends Error {
  constructor() {
    super("sign-in refused by this screen");
  }
}

/** `accepts`: which accounts this screen signs in (all when absent); the others get SignInRefused. */
export function usePasswordSignIn(accepts?: (user: AuthResponse["user"]) => boolean) {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) => {
      const contracts = await authContracts();
      const answer = await call(contracts.password, { body, public: true });
      if (accepts && !accepts(answer.user)) {
        // POST /auth/sign-out with the new token: it stops working at once, as a sign-out does.
        await apiFetch<null>(contracts.signOut.path, { method: "POST", token: answer.token }).catch(
          () => undefined,
        );
        throw new SignInRefused();
      }
      return answer;
    },
    onSuccess: startSession,
  });
}

export function useGoogleSignIn() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: { credential: string; select_by?: string }) =>
      call((await authContracts()).google, { body, public: true }),
    onSuccess: startSession,
  });
}

export function useRegister() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async ({
      turnstileToken,
      marketing,
      ...body
    }: RegisterBody & { turnstileToken?: string | null; marketing?: boolean }) => {
      const answer = await call((await userContracts()).register, {
        body,
        public: true,
        headers: turnstileHeaders(turnstileToken),
      });
      // The marketing opt-in (off unless ticked), recorded before the session starts and the page moves.
      if (marketing) await (await import("../privacy/consent-record")).recordMarketingOptIn(answer.token);
      return answer;
    },
    onSuccess: (answer) => {
      startSession(answer);
      track("sign_up", { role: answer.user.role });
    },
  });
}

/** Forgot password, step 1: always answers {} so it does not reveal which emails exist. */
export function useSendPasswordCode() {
  return useMutation({
    mutationFn: async ({ turnstileToken, ...body }: { email: string; turnstileToken?: string | null }) =>
      call((await codeContracts()).sendPasswordCode, {
        body,
        public: true,
        headers: turnstileHeaders(turnstileToken),
      }),
  });
}

/** Forgot password, last step: the code and the new password sign the user in. */
export function useResetPassword() {
  const startSession = useStartSession();
  return useMutation({
    mutationFn: async (body: { email: string; code: string; password: string }) =>
      call((await codeContracts()).confirmPassword, { body, public: true }),
    onSuccess: startSession,
  });
}
