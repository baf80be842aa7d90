import { useEffect, useLayoutEffect, useRef } from "react";
import type { RoomView } from "@schema/api/chat";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arLive } from "../../i18n/ar-EG-live";
import { byGender } from "../../lib/plural";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { LoadingScreen, Spinner } from "../../ui/spinner";
import { Composer } from "./composer";
import { MessageItem } from "./message-item";
import { latestFromOthers } from "./thread";
import { partnerOf, useChatPresence, useLoadOlder, useRoomChannel, useThreadQuery } from "./use-chat";

type ConversationProps = { room: RoomView; userId: number; onBack: () => void };

/** One room: its messages (newest at the bottom), typing, receipts and the composer. */
export function Conversation({ room, userId, onBack }: ConversationProps) {
  const thread = useThreadQuery(room.id);
  const { actions, status } = useRoomChannel(room.id, thread.isSuccess);
  const loadOlder = useLoadOlder(room.id);
  const presence = useChatPresence();
  const partner = partnerOf(room, userId);
  const partnerName = partner?.erased
    ? arLive.chat.erasedMember
    : (partner?.name ?? arLive.chat.unknownMember);
  const listRef = useRef<HTMLOListElement>(null);
  const messages = thread.data?.messages ?? [];
  const newest = messages.at(-1);
  const partnerRead = partner ? (thread.data?.reads[partner.id] ?? 0) : 0;
  const myRead = thread.data?.reads[userId] ?? 0;
  const typing = partner ? presence.isTyping(room.id, partner.id) : false;
  const online = partner ? presence.isOnline(partner.id) : undefined;

  // Newest at the bottom: follow new messages.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newest?.sequence, typing]);

  // Read receipt for the newest message from the other member, while the page is visible.
  const latestOther = thread.data ? latestFromOthers(thread.data, userId) : undefined;
  const unreadSequence = latestOther && latestOther.sequence > myRead ? latestOther.sequence : null;
  useEffect(() => {
    if (unreadSequence === null || status !== "open") return;
    const mark = () => document.visibilityState === "visible" && actions.markRead(unreadSequence);
    mark();
    document.addEventListener("visibilitychange", mark);
    return () => document.removeEventListener("visibilitychange", mark);
    // actions change identity each render; the sequence and the socket decide.
  }, [unreadSequence, status]);

  return (
    <section aria-labelledby={`chat-title-${room.id}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
        <Button
          variant="ghost"
          size="sm"
          className="md:hidden"
          onClick={onBack}
          aria-label={arLive.chat.backToRooms}
        >
          <span aria-hidden="true">→</span>
          {ar.ui.back}
        </Button>
        <div className="flex min-w-0 flex-col">
          <h2 id={`chat-title-${room.id}`} className="truncate text-lg font-bold text-slate-900">
            <bdi>{partnerName}</bdi>
          </h2>
          <p className="text-xs text-slate-500" aria-live="polite">
            {status !== "open"
              ? arLive.chat.reconnecting
              : typing
                ? byGender(arLive.chat.typing, partner?.gender)
                : online === true
                  ? byGender(arLive.chat.online, partner?.gender)
                  : online === false
                    ? byGender(arLive.chat.offline, partner?.gender)
                    : ""}
          </p>
        </div>
      </header>

      {thread.isPending ? (
        <LoadingScreen />
      ) : thread.isError ? (
        <div className="p-4">
          <Notice tone="error">
            <p>{arLive.chat.loadMessagesFailed}</p>
            <p>{errorMessage((thread.error as { code?: string }).code)}</p>
          </Notice>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void thread.refetch()}>
            {ar.ui.retry}
          </Button>
        </div>
      ) : (
        <ol
          ref={listRef}
          aria-label={arLive.chat.messagesLabel}
          tabIndex={0}
          className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto bg-slate-50 p-3 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-brand-600"
        >
          {thread.data.hasOlder && (
            <li className="flex justify-center">
              <Button
                variant="ghost"
                size="sm"
                loading={loadOlder.isPending}
                onClick={() => loadOlder.mutate()}
              >
                {arLive.chat.loadOlder}
              </Button>
            </li>
          )}
          {messages.length === 0 && (
            <li className="py-8 text-center text-sm text-slate-500">{arLive.chat.noMessagesYet}</li>
          )}
          {messages.map((message) => (
            <MessageItem
              key={message.sequence}
              message={message}
              own={message.senderId === userId}
              read={partnerRead >= message.sequence}
              onEdit={actions.edit}
              onDelete={actions.remove}
            />
          ))}
          {typing && (
            <li className="flex items-center gap-2 text-sm text-slate-500">
              <Spinner size="sm" label={byGender(arLive.chat.typing, partner?.gender)} />
              <span aria-hidden="true">{byGender(arLive.chat.typing, partner?.gender)}</span>
            </li>
          )}
        </ol>
      )}

      <div className="border-t border-slate-200 bg-white p-3">
        <Composer key={room.id} onSend={actions.send} onTyping={actions.typing} />
      </div>
    </section>
  );
}
