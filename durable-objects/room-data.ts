// What the rooms read and write in D1 beyond their own storage: chat membership and read marks,
// a session's members and times, its attendance log. The rules behind them live in worker/domain
// (chat.ts, sessions.ts); the Worker's entry (worker/index.ts, the composition root) provides them
// here, so the objects depend only on this contract, worker/core, worker/notifications and schema.
import type { RoomMembershipEvent } from "../schema/enums";
import type { ChatMessage } from "../schema/events";
import type { SessionInfo } from "../schema/sessions";
import type { Db } from "../worker/core/context";
import type { Config } from "../worker/core/env";

export type RoomData = {
  chat: {
    /** `opening`: how the room began, for the tutor's first-reply time (worker/domain/learning/response-time.ts). */
    recordLastMessage(
      db: Db,
      message: ChatMessage,
      opening?: {
        firstSenderId: number;
        firstAt: string;
        reply: { senderId: number; at: string } | null;
      },
    ): Promise<void>;
    recordRead(db: Db, roomId: number, userId: number, readAt: string): Promise<void>;
    roomMemberIds(db: Db, roomId: number): Promise<number[]>;
    roomPartnerIds(db: Db, userId: number): Promise<number[]>;
  };
  sessions: {
    findSession(db: Db, id: string): Promise<SessionInfo | null>;
    isSessionMember(session: SessionInfo, userId: number): boolean;
    roomRefusal(session: SessionInfo, userId: number): "not-member" | "closed" | null;
    recordAttendance(
      db: Db,
      sessionId: string,
      userId: number,
      event: RoomMembershipEvent,
      at: string,
    ): Promise<void>;
    /** True when LiveKit carries the calls (its webhooks then keep the attendance log). */
    usesLiveKit(config: Config): boolean;
  };
};

let provided: RoomData | null = null;

/** Called once by the Worker's entry, before any room runs. */
export function provideRoomData(data: RoomData): void {
  provided = data;
}

export function roomData(): RoomData {
  if (!provided) throw new Error("room data not provided: the Worker's entry (worker/index.ts) provides it");
  return provided;
}
