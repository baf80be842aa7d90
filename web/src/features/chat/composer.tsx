import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { htmlToText, sanitizeHtml } from "@schema/html";
import { arLive } from "../../i18n/ar-EG-live";
import { Button } from "../../ui/button";
import { toasts } from "../../ui/toast-store";

/** docs/rules.md: a chat message is 1..1000 characters of text. */
export const maxMessageLength = 1000;

/** What the composer refuses before anything is sent: empty text, or text over the limit. */
export function composerRefusal(text: string): "empty" | "long" | null {
  const length = htmlToText(sanitizeHtml(text)).trim().length;
  if (length === 0) return "empty";
  return length > maxMessageLength ? "long" : null;
}

/** How often "typing" is repeated while the user keeps typing, and when it stops by itself. */
const typingRepeatMs = 3000;
const typingIdleMs = 4000;

type ComposerProps = {
  /** Resolves true when the message was accepted (the text is then cleared). */
  onSend: (text: string) => Promise<boolean>;
  onTyping?: (typing: boolean) => void;
  label?: string;
  submitLabel?: string;
  initialText?: string;
  onCancel?: () => void;
  autoFocus?: boolean;
};

/** Enter sends, Shift+Enter starts a new line; empty text is never sent. */
export function Composer({
  onSend,
  onTyping,
  label = arLive.chat.composerLabel,
  submitLabel = arLive.chat.send,
  initialText = "",
  onCancel,
  autoFocus,
}: ComposerProps) {
  const [text, setText] = useState(initialText);
  const [sending, setSending] = useState(false);
  const id = useId();
  const typingSince = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  function stopTyping() {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
    if (typingSince.current !== 0) onTyping?.(false);
    typingSince.current = 0;
  }

  function noteTyping() {
    if (!onTyping) return;
    const now = Date.now();
    if (now - typingSince.current > typingRepeatMs) {
      typingSince.current = now;
      onTyping(true);
    }
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, typingIdleMs);
  }

  async function submit() {
    if (sending) return;
    const refusal = composerRefusal(text);
    if (refusal === "empty") return;
    if (refusal === "long") {
      toasts.show({ id: "chat-composer", type: "error", title: arLive.chat.longMessage });
      return;
    }
    const sent = text;
    stopTyping();
    setSending(true);
    try {
      const accepted = await onSend(sent.trim());
      // Cleared only when accepted, and only if the user has not started a new text meanwhile.
      if (accepted) setText((current) => (current === sent ? "" : current));
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      onCancel();
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submit();
  }

  return (
    <form onSubmit={onSubmit} className="flex items-end gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        // An empty dir="auto" field is left-to-right in browsers: start right-to-left (the placeholder is Arabic).
        dir={text.trim() === "" ? "rtl" : "auto"}
        rows={2}
        value={text}
        autoFocus={autoFocus}
        placeholder={arLive.chat.composerPlaceholder}
        onChange={(event) => {
          setText(event.target.value);
          noteTyping();
        }}
        onKeyDown={onKeyDown}
        onBlur={stopTyping}
        className="min-h-11 min-w-0 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
      />
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          {arLive.chat.cancelEdit}
        </Button>
      )}
      <Button type="submit" loading={sending} disabled={composerRefusal(text) === "empty"}>
        {submitLabel}
      </Button>
    </form>
  );
}
