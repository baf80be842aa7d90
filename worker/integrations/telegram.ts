/** Telegram Bot API (integrations.md §3). A bot can only write to a chat that pressed Start. */
export interface Telegram {
  sendText(chatId: string, text: string): Promise<void>;
}

export function botTelegram(options: { token: string }): Telegram {
  return {
    async sendText(chatId, text) {
      const response = await fetch(`https://api.telegram.org/bot${options.token}/sendMessage`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ chat_id: chatId, text }),
      });
      const answer = (await response.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
      if (!answer?.ok) throw new Error(`telegram refused: ${answer?.description ?? response.status}`);
    },
  };
}
