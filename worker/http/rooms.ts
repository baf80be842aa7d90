import { TwirpError } from "../integrations/livekit";
import type { AppContext } from "./context";

/**
 * Closes a session's LiveKit room after the response (everyone in it is disconnected), when
 * LiveKit is configured; a room that does not exist is already closed. Peer-to-peer sessions
 * have nothing to close.
 */
export function closeLiveKitRoom(c: AppContext, room: string): void {
  const ctx = c.executionCtx as unknown as ExecutionContext;
  const service = c.get("services").liveKitRooms();
  if (!service) return;
  ctx.waitUntil(
    service.deleteRoom(room).then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof TwirpError && error.code === "not_found") return;
        c.get("logger").warn("livekit room not closed", { room, error: String(error) });
      },
    ),
  );
}
