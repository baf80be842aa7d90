import { z } from "zod";
import { MessagingApp } from "../enums";
import { emailRule, passwordRule, phoneRule, verificationCodeRule } from "../rules";
import { contract } from "./contract";
import { authResponse, userView } from "./user";

const messagingApp = z.union([z.literal(MessagingApp.Whatsapp), z.literal(MessagingApp.Telegram)], {
  error: "bad-request",
});

/** POST /confirmation-code/email/confirm */
export const confirmEmailBody = z.object({ code: verificationCodeRule });

/** POST /confirmation-code/password/send — always 200, so it tells nobody which emails exist. */
export const sendPasswordCodeBody = z.object({ email: emailRule });

/** POST /confirmation-code/password/confirm — the forgot-password flow's last step. */
export const confirmPasswordBody = z.object({
  email: emailRule,
  code: verificationCodeRule,
  password: passwordRule,
});

/** POST /confirmation-code/phone/send */
export const sendPhoneCodeBody = z.object({ phone: phoneRule, method: messagingApp });

/** POST /confirmation-code/phone/verify — `phone`, when given, must be the number the code was sent to. */
export const verifyPhoneBody = z.object({
  code: verificationCodeRule,
  method: messagingApp,
  phone: phoneRule.optional(),
});

/** GET /dev/outbox?to= (local only): each stored message with its code. */
export const outboxMessage = z.object({
  id: z.number(),
  channel: z.enum(["email", "whatsapp", "telegram", "push"]),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  code: z.string().nullable(),
  status: z.enum(["pending", "sent", "failed"]),
  createdAt: z.string(),
  /** An email's List-Unsubscribe link (worker/notifications/unsubscribe.ts), for the local mailbox; null without one. */
  unsubscribe: z.string().nullable().optional(),
});
export type OutboxMessage = z.output<typeof outboxMessage>;

/** The confirmation code endpoints (worker/routes/confirmation-code.ts). */
export const confirmationCodeContracts = {
  sendEmailCode: contract({ method: "post", path: "/confirmation-code/email/send", response: "empty" }),
  confirmEmail: contract({
    method: "post",
    path: "/confirmation-code/email/confirm",
    body: confirmEmailBody,
    response: userView,
  }),
  sendPasswordCode: contract({
    method: "post",
    path: "/confirmation-code/password/send",
    body: sendPasswordCodeBody,
    response: "empty",
  }),
  confirmPassword: contract({
    method: "post",
    path: "/confirmation-code/password/confirm",
    body: confirmPasswordBody,
    response: authResponse,
  }),
  sendPhoneCode: contract({
    method: "post",
    path: "/confirmation-code/phone/send",
    body: sendPhoneCodeBody,
    response: "empty",
  }),
  verifyPhone: contract({
    method: "post",
    path: "/confirmation-code/phone/verify",
    body: verifyPhoneBody,
    response: userView,
  }),
};
