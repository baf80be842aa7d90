/** Email delivery. The HTTP implementation speaks Resend's API shape (integrations.md §6). */
export type Email = { to: string; subject: string; text: string };

export interface Mailer {
  send(email: Email): Promise<void>;
}

export function httpMailer(options: { url: string; apiKey: string; from: string }): Mailer {
  return {
    async send(email) {
      const response = await fetch(options.url, {
        method: "POST",
        headers: { authorization: `Bearer ${options.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ from: options.from, to: [email.to], subject: email.subject, text: email.text }),
      });
      if (!response.ok) throw new Error(`email provider answered ${response.status}`);
    },
  };
}
