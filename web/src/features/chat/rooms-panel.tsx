import type { RoomView } from "@schema/api/chat";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arLive } from "../../i18n/ar-EG-live";
import { formatNumber } from "../../lib/format";
import { byGender } from "../../lib/plural";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { Menu } from "../../ui/menu";
import { formatFullDateTime, formatRelativeTime } from "./format";
import { partnerOf, useChatPresence, useRoomPreferences } from "./use-chat";

type RoomsPanelProps = {
  rooms: RoomView[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  userId: number;
  selectedId: number | null;
  onSelect: (roomId: number) => void;
};

/** The user's rooms: pinned first, then the latest message; unread badges, pin and mute. */
export function RoomsPanel({
  rooms,
  isPending,
  error,
  onRetry,
  userId,
  selectedId,
  onSelect,
}: RoomsPanelProps) {
  const preferences = useRoomPreferences();
  const presence = useChatPresence();

  if (isPending)
    return (
      <div className="flex justify-center p-6 text-brand-700">
        <Spinner />
      </div>
    );
  if (error || !rooms)
    return (
      <div className="p-4">
        <Notice tone="error">
          <p>{arLive.chat.loadRoomsFailed}</p>
          <p>{errorMessage((error as { code?: string } | null)?.code)}</p>
        </Notice>
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
          {ar.ui.retry}
        </Button>
      </div>
    );
  if (rooms.length === 0) return <p className="p-4 text-sm text-slate-600">{arLive.chat.noRooms}</p>;

  return (
    <ul aria-label={arLive.chat.roomsLabel} className="flex flex-col divide-y divide-slate-100">
      {rooms.map((room) => {
        const partner = partnerOf(room, userId);
        const name = partner?.erased
          ? arLive.chat.erasedMember
          : (partner?.name ?? arLive.chat.unknownMember);
        const selected = room.id === selectedId;
        const last = room.lastMessage;
        const typing = partner ? presence.isTyping(room.id, partner.id) : false;
        const online = partner ? presence.isOnline(partner.id) === true : false;
        return (
          <li key={room.id} className={cx("flex items-stretch", selected && "bg-brand-50")}>
            <button
              type="button"
              onClick={() => onSelect(room.id)}
              aria-current={selected ? "true" : undefined}
              className="flex min-w-0 flex-1 flex-col gap-1 px-3 py-3 text-start hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-brand-600"
            >
              <span className="flex items-center gap-2">
                {online && (
                  <span
                    className="inline-block size-2.5 shrink-0 rounded-full bg-emerald-600"
                    title={byGender(arLive.chat.online, partner?.gender)}
                  >
                    <span className="sr-only">{byGender(arLive.chat.online, partner?.gender)}</span>
                  </span>
                )}
                <bdi className="truncate font-medium text-slate-900">{name}</bdi>
                {room.pinned && (
                  <span className="text-xs text-slate-500" title={arLive.chat.pinned}>
                    <span aria-hidden="true">📌</span>
                    <span className="sr-only">{arLive.chat.pinned}</span>
                  </span>
                )}
                {room.muted && (
                  <span className="text-xs text-slate-500" title={arLive.chat.muted}>
                    <span aria-hidden="true">🔕</span>
                    <span className="sr-only">{arLive.chat.muted}</span>
                  </span>
                )}
                {last && (
                  <time
                    dateTime={last.at}
                    title={formatFullDateTime(last.at)}
                    className="ms-auto shrink-0 text-xs text-slate-500"
                  >
                    {formatRelativeTime(last.at)}
                  </time>
                )}
              </span>
              <span className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate text-sm text-slate-600">
                  {typing ? (
                    <span className="text-brand-700">{byGender(arLive.chat.typing, partner?.gender)}</span>
                  ) : !last ? (
                    arLive.chat.noMessagesYet
                  ) : last.text === "" ? (
                    <span className="italic">{arLive.chat.deletedMessage}</span>
                  ) : (
                    <>
                      {last.senderId === userId && <span className="text-slate-500">{arLive.chat.you} </span>}
                      <span dir="auto">{last.text}</span>
                    </>
                  )}
                </span>
                {room.unreadCount > 0 && (
                  <span
                    className={cx(
                      "inline-flex min-w-6 shrink-0 items-center justify-center rounded-full px-2 text-xs font-bold",
                      room.muted ? "bg-slate-200 text-slate-700" : "bg-brand-700 text-white",
                    )}
                  >
                    <span aria-hidden="true">{formatNumber(room.unreadCount)}</span>
                    <span className="sr-only">{arLive.chat.unread(room.unreadCount)}</span>
                  </span>
                )}
              </span>
            </button>
            <Menu
              className="flex items-center"
              label={arLive.chat.roomActions(name)}
              trigger={<span aria-hidden="true">⋮</span>}
              items={[
                {
                  id: "pin",
                  label: room.pinned ? arLive.chat.unpin : arLive.chat.pin,
                  onSelect: () => preferences.mutate({ roomId: room.id, body: { pinned: !room.pinned } }),
                },
                {
                  id: "mute",
                  label: room.muted ? arLive.chat.unmute : arLive.chat.mute,
                  onSelect: () => preferences.mutate({ roomId: room.id, body: { muted: !room.muted } }),
                },
              ]}
            />
          </li>
        );
      })}
    </ul>
  );
}
