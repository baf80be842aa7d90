import { useState } from "react";
import type { ChatMessage } from "@schema/events";
import { sanitizeHtml } from "@schema/html";
import { ar } from "../../i18n/ar-EG";
import { arLive } from "../../i18n/ar-EG-live";
import { formatTime } from "../../lib/format";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Dialog } from "../../ui/dialog";
import { Menu } from "../../ui/menu";
import { Composer } from "./composer";
import { formatFullDateTime } from "./format";

type MessageItemProps = {
  message: ChatMessage;
  own: boolean;
  /** Own messages: whether the other member has read it. */
  read: boolean;
  onEdit: (sequence: number, text: string) => Promise<boolean>;
  onDelete: (sequence: number) => Promise<boolean>;
};

/** The text of a stored message for editing: its HTML as the user would type it. */
function editableText(html: string): string {
  return html.replace(/<br\s*\/?>/gi, "\n");
}

/** One message: own on the start side in brand colours, the other member's on the end side. */
export function MessageItem({ message, own, read, onEdit, onDelete }: MessageItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const deleted = message.deletedAt !== null;

  return (
    <li className={cx("flex flex-col gap-1", own ? "items-start" : "items-end")}>
      <div
        className={cx(
          "max-w-[85%] rounded-2xl px-4 py-2 shadow-sm sm:max-w-[70%]",
          own ? "rounded-ss-sm" : "rounded-se-sm",
          // One set of colours at a time (Tailwind does not let the later class win).
          deleted
            ? "bg-slate-100 text-slate-600 italic"
            : own
              ? "bg-brand-700 text-white"
              : "border border-slate-200 bg-white text-slate-900",
          editing && "w-full max-w-full sm:max-w-full",
        )}
      >
        {deleted ? (
          <p>{arLive.chat.deletedMessage}</p>
        ) : editing ? (
          <div className="text-slate-900">
            <Composer
              label={arLive.chat.editMessage}
              submitLabel={arLive.chat.saveEdit}
              initialText={editableText(message.text)}
              autoFocus
              onCancel={() => setEditing(false)}
              onSend={async (text) => {
                const saved = await onEdit(message.sequence, text);
                if (saved) setEditing(false);
                return saved;
              }}
            />
          </div>
        ) : (
          // Sanitised by the room when stored, and again here before it becomes HTML.
          <div
            dir="auto"
            className="message-text break-words whitespace-pre-wrap"
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(message.text) }}
          />
        )}
      </div>
      <div className="flex items-center gap-2 px-1 text-xs text-slate-500">
        <time dateTime={message.createdAt} title={formatFullDateTime(message.createdAt)}>
          {formatTime(message.createdAt)}
        </time>
        {message.editedAt && !deleted && <span>{arLive.chat.edited}</span>}
        {own && !deleted && (
          <span
            role="img"
            aria-label={read ? arLive.chat.read : arLive.chat.sent}
            title={read ? arLive.chat.read : arLive.chat.sent}
            className={read ? "text-brand-700" : undefined}
          >
            {read ? "✓✓" : "✓"}
          </span>
        )}
        {own && !deleted && !editing && (
          <Menu
            label={arLive.chat.messageActions}
            trigger={<span aria-hidden="true">⋯</span>}
            items={[
              { id: "edit", label: arLive.chat.edit, onSelect: () => setEditing(true) },
              {
                id: "delete",
                label: arLive.chat.delete,
                tone: "danger",
                onSelect: () => setConfirming(true),
              },
            ]}
          />
        )}
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={arLive.chat.deleteMessage}
        description={arLive.chat.confirmDelete}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {ar.ui.cancel}
          </Button>
          <Button
            variant="danger"
            loading={deleting}
            onClick={async () => {
              setDeleting(true);
              try {
                if (await onDelete(message.sequence)) setConfirming(false);
              } finally {
                setDeleting(false);
              }
            }}
          >
            {arLive.chat.delete}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
