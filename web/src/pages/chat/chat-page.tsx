import { useSearchParams } from "react-router-dom";
import { Conversation } from "../../features/chat/conversation";
import { RoomsPanel } from "../../features/chat/rooms-panel";
import { useRoomsQuery } from "../../features/chat/use-chat";
import { arLive } from "../../i18n/ar-EG-live";
import { useSession } from "../../lib/session";
import { cx } from "../../ui/class-names";

/**
 * /chat (?room={id}): the rooms panel and the open conversation side by side from 768 px; below
 * that, one view at a time with a back button.
 */
export function ChatPage() {
  const { user } = useSession();
  const rooms = useRoomsQuery();
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get("room"));
  const selectedId = Number.isSafeInteger(requested) && requested > 0 ? requested : null;
  const selected = rooms.data?.find((room) => room.id === selectedId) ?? null;
  const userId = user?.id ?? 0;

  const select = (roomId: number | null) => setParams(roomId === null ? {} : { room: String(roomId) });

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <h1
        className={cx("text-2xl font-bold text-slate-900 sm:text-3xl", selected && "sr-only md:not-sr-only")}
      >
        {arLive.chat.title}
      </h1>
      <div className="grid h-[calc(100dvh-14rem)] min-h-[28rem] grid-cols-1 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-[20rem_minmax(0,1fr)]">
        <nav
          aria-label={arLive.chat.roomsLabel}
          className={cx(
            "min-h-0 overflow-y-auto border-slate-200 md:border-e",
            selected ? "hidden md:block" : "block",
          )}
        >
          <RoomsPanel
            rooms={rooms.data}
            isPending={rooms.isPending}
            error={rooms.error}
            onRetry={() => void rooms.refetch()}
            userId={userId}
            selectedId={selected?.id ?? null}
            onSelect={select}
          />
        </nav>
        <div className={cx("min-h-0 flex-col", selected ? "flex" : "hidden md:flex")}>
          {selected ? (
            <Conversation key={selected.id} room={selected} userId={userId} onBack={() => select(null)} />
          ) : (
            <p className="m-auto p-6 text-center text-slate-600">{arLive.chat.noRoomSelected}</p>
          )}
        </div>
      </div>
    </div>
  );
}
