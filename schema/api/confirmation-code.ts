import { z } from "zod";
import { MessagingApp } from "../enums";
import { emailRule, passwordRule, phoneRule, verificationCodeRule } from "../rules";

const messagingApp = z.union([z.literal(MessagingApp.Whatsapp), z.literal(MessagingApp.Telegram)], { error: "bad-request" });

/** POST /confirmation-code/email/confirm */
export const confirmEmailBody = z.object({ code: verificationCodeRule });

/** POST /confirmation-code/password/send — always 200, so it tells nobody which emails exist. */
export const sendPasswordCodeBody = z.object({ email: emailRule });

/** POST /confirmation-code/password/confirm — the forgot-password flow's last step. */
export const confirmPasswordBody = z.object({ email: emailRule, code: verificationCodeRule, password: passwordRule });

/** POST /confirmation-code/phone/send */
export const sendPhoneCodeBody = z.object({ phone: phoneRule, method: messagingApp });

/** POST /confirmation-code/phone/verify — `phone`, when given, must be the number the code was sent to. */
export const verifyPhoneBody = z.object({ code: verificationCodeRule, method: messagingApp, phone: phoneRule.optional() });

/** GET /dev/outbox?to= (local only): each stored message with its code. */
export const outboxMessage = z.object({
  id: z.number(),
  channel: z.enum(["email", "whatsapp", "telegram"]),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  code: z.string().nullable(),
  status: z.enum(["pending", "sent", "failed"]),
  createdAt: z.string(),
});
export type OutboxMessage = z.output<typeof outboxMessage>;
