import { useId, useState } from "react";
import { ar, errorMessage } from "../../i18n/ar-EG";
import { arLive } from "../../i18n/ar-EG-live";
import { errorCodeOf } from "../../lib/api-error";
import { Button } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { Spinner } from "../../ui/spinner";
import { Conversation } from "../chat/conversation";
import { useRoomWith } from "../chat/use-start-chat";

/** Open by default where there is room beside the video (a laptop), closed on a phone. */
const wideScreen = () =>
  typeof window !== "undefined" &&
  typeof window.matchMedia === "function" &&
  window.matchMedia("(min-width: 1024px)").matches;

type ChatPanelProps = { selfId: number; otherId: number; otherName: string };

/**
 * The pair's chat beside the call (the room a lesson's booking opened), collapsible: the toggle
 * says whether it is shown (aria-expanded) and the conversation is the /chat screen's own.
 */
export function ChatPanel({ selfId, otherId, otherName }: ChatPanelProps) {
  const [open, setOpen] = useState(wideScreen);
  const panelId = useId();
  const room = useRoomWith(selfId, otherId, open);
  return (
    <aside aria-label={arLive.liveSession.chatPanel} className="flex min-w-0 flex-col gap-2">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="self-start"
      >
        {open ? arLive.liveSession.hideChat : arLive.liveSession.showChat}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        className="h-[26rem] min-h-0 overflow-hidden rounded-xl border border-slate-200 bg-white lg:h-[min(36rem,calc(100dvh-14rem))]"
      >
        {open &&
          (room.isPending ? (
            <div className="flex h-full items-center justify-center">
              <Spinner label={ar.ui.loading} />
            </div>
          ) : room.isError ? (
            <div className="p-3">
              <Notice tone="error">
                {arLive.liveSession.chatUnavailable} {errorMessage(errorCodeOf(room.error))}
              </Notice>
            </div>
          ) : room.data ? (
            <div className="flex h-full min-h-0 flex-col">
              <Conversation room={room.data} userId={selfId} onBack={() => setOpen(false)} />
            </div>
          ) : (
            <p className="p-4 text-sm text-slate-700">
              <bdi>{arLive.liveSession.noChatYet(otherName)}</bdi>
            </p>
          ))}
      </div>
    </aside>
  );
}
