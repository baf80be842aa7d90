import { useMutation, useQueryClient } from "@tanstack/react-query";
import { messagingContracts } from "@schema/api/messaging";
import type { UserView } from "@schema/api/user";
import type { MessagingApp } from "@schema/enums";
import { session } from "../../lib/session";
import { currentUserKey } from "../user/use-current-user";
import { track } from "../../lib/track";
import { call } from "../../lib/client";
import { confirmationCodeContracts } from "@schema/api/confirmation-code";

function useStoreUser() {
  const queryClient = useQueryClient();
  return (user: UserView) => {
    session.setUser(user);
    queryClient.setQueryData(currentUserKey, user);
  };
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: () => call(confirmationCodeContracts.sendEmailCode) });
}

export function useConfirmEmail() {
  const storeUser = useStoreUser();
  return useMutation({
    mutationFn: (body: { code: string }) => call(confirmationCodeContracts.confirmEmail, { body }),
    onSuccess: (user: UserView) => {
      storeUser(user);
      track("email_verified");
    },
  });
}

export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (body: { phone: string; method: MessagingApp }) =>
      call(confirmationCodeContracts.sendPhoneCode, { body }),
  });
}

export function useVerifyPhone() {
  const storeUser = useStoreUser();
  return useMutation({
    // The phone the code was sent to: a code for another number answers incorrect-phone.
    mutationFn: (body: { code: string; method: MessagingApp; phone: string }) =>
      call(confirmationCodeContracts.verifyPhone, { body }),
    onSuccess: storeUser,
  });
}

/** A one-time t.me deep link: pressing Start in the bot lets codes and notifications go to Telegram. */
export function useTelegramLink() {
  return useMutation({ mutationFn: () => call(messagingContracts.telegramLink) });
}
