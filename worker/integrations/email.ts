// Email delivery. The HTTP implementation speaks Resend's API (docs/services.md §6):
// POST {url} with a Bearer key, JSON { from, to: [..], subject, text, headers }, and the outbox row id as
// the Idempotency-Key so a retried delivery is not sent twice. Locally there is no provider: the
// outbox row is the message, shown at /dev/mailbox.
export type Email = {
  to: string;
  subject: string;
  text: string;
  idempotencyKey?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post, worker/notifications/unsubscribe.ts). */
  headers?: Record<string, string>;
};

export interface Mailer {
  send(email: Email): Promise<void>;
}

/** Resend's error answer `{ statusCode, name, message }`: 422 validation, 429 rate limit, 5xx. */
export class EmailError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly name_: string,
    detail: string,
  ) {
    super(`email provider answered ${httpStatus}${name_ ? ` ${name_}` : ""}${detail ? `: ${detail}` : ""}`);
  }
  get retryable(): boolean {
    return this.httpStatus === 429 || this.httpStatus >= 500;
  }
}

export function httpMailer(options: {
  url: string;
  apiKey: string;
  from: string;
  fetch?: (request: Request) => Promise<Response>;
}): Mailer {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  return {
    async send(email) {
      const response = await send(
        new Request(options.url, {
          method: "POST",
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            "content-type": "application/json",
            ...(email.idempotencyKey ? { "idempotency-key": email.idempotencyKey } : {}),
          },
          body: JSON.stringify({
            from: options.from,
            to: [email.to],
            subject: email.subject,
            text: email.text,
            ...(email.headers && Object.keys(email.headers).length ? { headers: email.headers } : {}),
          }),
        }),
      );
      if (response.ok) return;
      const answer = (await response.json().catch(() => null)) as {
        statusCode?: number;
        name?: string;
        message?: string;
      } | null;
      throw new EmailError(response.status, answer?.name ?? "", answer?.message ?? "");
    },
  };
}
