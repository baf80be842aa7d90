import { useMutation } from "@tanstack/react-query";
import type { ContactRequestView, CreateContactRequestBody } from "@schema/api/contact-request";
import { api } from "../../lib/api";
import { useIsSignedIn } from "../../lib/session";
import { turnstileHeaders } from "../turnstile/turnstile";

/** POST /contact-request/ — public; a signed-in sender's request carries their account. */
export function useSendContactRequest() {
  const signedIn = useIsSignedIn();
  return useMutation({
    mutationFn: ({ turnstileToken, ...body }: CreateContactRequestBody & { turnstileToken?: string | null }) =>
      api.post<ContactRequestView>("/contact-request/", body, { public: !signedIn, headers: turnstileHeaders(turnstileToken) }),
  });
}
