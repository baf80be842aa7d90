// WhatsApp Cloud API (docs/services.md §4). Everything we send is business-initiated, so it goes
// as a pre-approved template (§4.2): verification codes as the AUTHENTICATION template
// `verify_phone_number` (the code in the body and in the copy-code button), every other
// notification as the UTILITY template `dars_notification` (subject and text as its two body
// parameters). Both templates must exist, approved, in WhatsApp Manager in the `ar_EG` language.
// `fetch` is injected: the real one outside local; locally the Graph emulator (emulators/whatsapp).
import type { Config } from "../core/env";
import { localWebhookSecrets } from "./local-accounts";
import { safeEqual } from "./fawry";

/** Egypt's 01XXXXXXXXX becomes 201XXXXXXXXX (international form without "+", §4.1). */
export function toWhatsAppNumber(phone: string): string {
  return phone.startsWith("2") ? phone : `2${phone}`;
}

export const TEMPLATE_LANGUAGE = "ar_EG";
export const templates = {
  /** AUTHENTICATION: body {{1}} = code, URL (copy-code) button 0 = code. */
  verification: "verify_phone_number",
  /** UTILITY: body {{1}} = subject, {{2}} = text. */
  notification: "dars_notification",
} as const;

export type TemplateComponent =
  | { type: "body"; parameters: { type: "text"; text: string }[] }
  | { type: "button"; sub_type: "url"; index: string; parameters: { type: "text"; text: string }[] };

export type TemplateMessage = {
  messaging_product: "whatsapp";
  recipient_type: "individual";
  to: string;
  type: "template";
  template: { name: string; language: { code: string }; components: TemplateComponent[] };
};

/** Template parameters may not hold new lines, tabs or more than 4 consecutive spaces. */
export const templateText = (text: string) =>
  text
    .replace(/[\n\t]+/g, " ")
    .replace(/ {4,}/g, "   ")
    .trim();

/** The template for one outbox message: the verification template when it carries a code. */
export function templateFor(
  phone: string,
  message: { subject: string; text: string; code?: string | null },
): TemplateMessage {
  const envelope = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: toWhatsAppNumber(phone),
    type: "template",
  } as const;
  if (message.code)
    return {
      ...envelope,
      template: {
        name: templates.verification,
        language: { code: TEMPLATE_LANGUAGE },
        components: [
          { type: "body", parameters: [{ type: "text", text: message.code }] },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: message.code }] },
        ],
      },
    };
  return {
    ...envelope,
    template: {
      name: templates.notification,
      language: { code: TEMPLATE_LANGUAGE },
      components: [
        {
          type: "body",
          parameters: [
            { type: "text", text: templateText(message.subject) },
            { type: "text", text: templateText(message.text) },
          ],
        },
      ],
    },
  };
}

/** The Graph error envelope. */
export type GraphError = {
  error: {
    message: string;
    type?: string;
    code: number;
    error_subcode?: number;
    error_data?: { details?: string };
    fbtrace_id?: string;
  };
};
export type SendAnswer = {
  messaging_product: "whatsapp";
  contacts: { input: string; wa_id: string }[];
  messages: { id: string }[];
};

/** Codes worth retrying later (§4.4): throughput, pair rate limit, temporary errors. */
const RETRYABLE = new Set([130429, 131056, 131000, 131016, 2, 4, 80007]);

export class WhatsAppError extends Error {
  constructor(
    readonly code: number,
    readonly httpStatus: number,
    detail: string,
  ) {
    super(`whatsapp ${code} (HTTP ${httpStatus}): ${detail}`);
  }
  get retryable(): boolean {
    return RETRYABLE.has(this.code) || this.httpStatus >= 500;
  }
}

export type WhatsAppClient = ReturnType<typeof whatsAppClient>;

export function whatsAppClient(options: {
  phoneNumberId: string;
  token: string;
  baseUrl: string;
  fetch: (request: Request) => Promise<Response>;
}) {
  const base = options.baseUrl.replace(/\/$/, "");
  return {
    /** Accepted is not delivered: delivery and failures arrive later as webhook statuses (§4.1). */
    async send(body: TemplateMessage): Promise<SendAnswer> {
      const response = await options.fetch(
        new Request(`${base}/${options.phoneNumberId}/messages`, {
          method: "POST",
          headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
      const answer = (await response.json().catch(() => null)) as SendAnswer | GraphError | null;
      if (!response.ok || !answer || "error" in answer) {
        const error = answer && "error" in answer ? answer.error : null;
        throw new WhatsAppError(
          error?.code ?? 0,
          response.status,
          error?.error_data?.details ?? error?.message ?? "unreadable answer",
        );
      }
      return answer;
    },
  };
}

/** The outbox's view. */
export interface WhatsApp {
  sendMessage(phone: string, message: { subject: string; text: string; code?: string | null }): Promise<void>;
}

export function cloudWhatsApp(client: WhatsAppClient): WhatsApp {
  return {
    async sendMessage(phone, message) {
      await client.send(templateFor(phone, message));
    },
  };
}

// ---- webhooks (§4.3) ----------------------------------------------------------------------------

/** The subscription check: the challenge when mode and token match, else null (answer 403). */
export function subscriptionChallenge(
  query: { "hub.mode"?: string; "hub.verify_token"?: string; "hub.challenge"?: string },
  verifyToken: string,
): string | null {
  if (
    query["hub.mode"] !== "subscribe" ||
    typeof query["hub.verify_token"] !== "string" ||
    typeof query["hub.challenge"] !== "string"
  )
    return null;
  return safeEqual(query["hub.verify_token"], verifyToken) ? query["hub.challenge"] : null;
}

export async function hmacSha256Hex(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
  return [...mac].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256(app secret, raw body), compared in constant time. */
export async function verifySignature(
  appSecret: string,
  header: string | undefined,
  rawBody: string,
): Promise<boolean> {
  if (!header?.startsWith("sha256=")) return false;
  return safeEqual(await hmacSha256Hex(appSecret, rawBody), header.slice(7).toLowerCase());
}

export type StatusUpdate = {
  id: string;
  status: "sent" | "delivered" | "read" | "failed";
  timestamp: string;
  recipient_id: string;
  errors?: { code: number; title?: string; message?: string }[];
};
export type WebhookBody = {
  object: string;
  entry?: {
    id: string;
    changes?: {
      field: string;
      value: {
        messaging_product?: string;
        metadata?: unknown;
        statuses?: StatusUpdate[];
        messages?: { from: string; id: string; timestamp: string; type: string; text?: { body: string } }[];
      };
    }[];
  }[];
};

/** Every delivery status in a webhook body. */
export const statusesOf = (body: WebhookBody): StatusUpdate[] =>
  (body.entry ?? []).flatMap((entry) =>
    (entry.changes ?? []).flatMap((change) =>
      change.field === "messages" ? (change.value.statuses ?? []) : [],
    ),
  );

/** The webhook's verify token and app secret: configured, or the local emulator's. */
export const whatsAppWebhookKeys = (config: Config) => ({
  verifyToken:
    config.WHATSAPP_VERIFY_TOKEN ?? (config.isLocal ? localWebhookSecrets.whatsAppVerifyToken : null),
  appSecret: config.WHATSAPP_APP_SECRET ?? (config.isLocal ? localWebhookSecrets.whatsAppAppSecret : null),
});
