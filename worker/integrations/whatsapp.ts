/** WhatsApp Cloud API (integrations.md §4): business-initiated messages go as approved templates. */
export interface WhatsApp {
  sendText(phone: string, text: string): Promise<void>;
}

/** Egypt's 01XXXXXXXXX becomes 201XXXXXXXXX (international form without "+"). */
export function toWhatsAppNumber(phone: string): string {
  return phone.startsWith("2") ? phone : `2${phone}`;
}

export function cloudWhatsApp(options: { phoneNumberId: string; token: string }): WhatsApp {
  return {
    async sendText(phone, text) {
      const code = /\b\d{5}\b/.exec(text)?.[0];
      const body = code
        ? {
            messaging_product: "whatsapp",
            recipient_type: "individual",
            to: toWhatsAppNumber(phone),
            type: "template",
            template: {
              name: "verify_phone_number",
              language: { code: "ar_EG" },
              components: [
                { type: "body", parameters: [{ type: "text", text: code }] },
                { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
              ],
            },
          }
        : { messaging_product: "whatsapp", to: toWhatsAppNumber(phone), type: "text", text: { body: text } };
      const response = await fetch(`https://graph.facebook.com/v23.0/${options.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`whatsapp answered ${response.status}`);
    },
  };
}
