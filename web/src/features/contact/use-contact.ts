import { useMutation } from "@tanstack/react-query";
import { contactRequestContracts, type CreateContactRequestBody } from "@schema/api/contact-request";
import { useIsSignedIn } from "../../lib/session";
import { turnstileHeaders } from "../turnstile/turnstile-headers";
import { call } from "../../lib/client";

/** POST /contact-request/ — public; a signed-in sender's request carries their account. */
export function useSendContactRequest() {
  const signedIn = useIsSignedIn();
  return useMutation({
    mutationFn: ({
      turnstileToken,
      ...body
    }: CreateContactRequestBody & { turnstileToken?: string | null }) =>
      call(contactRequestContracts.create, {
        body,
        public: !signedIn,
        headers: turnstileHeaders(turnstileToken),
      }),
  });
}
