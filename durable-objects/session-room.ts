import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { RoomMembershipEvent } from "../schema/enums";
import type { AckResult } from "../schema/errors";
import {
  sessionClientFrame,
  type ServerEvent,
  type SessionClientFrame,
  type SessionPresence,
  type SessionSnapshot,
} from "../schema/events";
import { createDb } from "../worker/core/db";
import type { SessionInfo } from "../schema/sessions";
import { readConfig, type Env } from "../worker/core/env";
import { createLogger, describeError } from "../worker/core/logger";
import { roomData } from "./room-data";
import { EndedSessions, SESSION_ENDED_CLOSE, ownedBy, ownerOf, type SocketOwner } from "./socket-owner";

type SocketState = SocketOwner & { inCall: boolean; camera: boolean; mic: boolean; sharing: boolean };

/** Frames relayed as they are (with the sender) to the other member's in-call sockets only. */
const SIGNALLING = new Set([
  "SessionOffer",
  "SessionAnswer",
  "AnnounceIncomingOffer",
  "ReadyToReceiveOffer",
  "IceCandidate",
]);

/**
 * One per lesson, interview or demo session, named by the session id ("lesson:12"). The Worker's
 * gate (worker/parties.ts) admits only the session's members inside the room's window and sets
 * x-dars-user-id. Presence and call state live in each socket's attachment (so they survive
 * hibernation); every join and leave of the call is written to D1 session_attendance at once, so
 * the log survives eviction (with LiveKit configured, its webhooks write the log instead). WebRTC signalling is relayed only between the two members. A member
 * who joins again while an older socket of theirs is still in the call (a reload) replaces it:
 * the other member is told they left and joined again, and renegotiates.
 */
export class SessionRoom extends Server<Env> {
  static options = { hibernate: true };

  #session: SessionInfo | null = null;
  #ended = new EndedSessions();

  #logger = () => createLogger(`session-room:${this.name}`);

  // ------------------------------------------------------------------------------------------
  // Sockets

  async onConnect(connection: Connection<SocketState>, ctx: ConnectionContext): Promise<void> {
    const owner = ownerOf(ctx.request);
    const userId = owner.userId;
    const session = await this.#load();
    const refusal = session ? roomData().sessions.roomRefusal(session, userId) : "not-member";
    if (!session || refusal) {
      connection.close(4003, refusal ?? "invalid-session-id");
      return;
    }
    if (this.#ended.has(owner.sessionId)) {
      connection.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      return;
    }
    const alreadyHere = this.#sockets().some(
      (other) => other.id !== connection.id && other.state?.userId === userId,
    );
    connection.setState({ ...owner, inCall: false, camera: false, mic: false, sharing: false });
    this.#send(connection, { type: "Connected", payload: { userId } });
    if (!alreadyHere)
      this.#toOthers(connection, { type: "SessionMemberJoined", payload: { sessionId: this.name, userId } });
    await this.#closeAtEnd(session);
  }

  async onMessage(connection: Connection<SocketState>, raw: WSMessage): Promise<void> {
    let json: unknown = null;
    try {
      json = JSON.parse(String(raw));
    } catch {
      json = null;
    }
    const parsed = sessionClientFrame.safeParse(json);
    const state = connection.state;
    if (!parsed.success || !state) {
      const given = (json as { ackId?: unknown } | null)?.ackId;
      this.#send(connection, {
        type: "Ack",
        payload: { ackId: typeof given === "string" ? given : "", result: "unallowed" },
      });
      return;
    }
    const frame = parsed.data;
    const answer = await this.#dispatch(connection, state, frame);
    this.#send(connection, { type: "Ack", payload: { ackId: frame.ackId ?? "", ...answer } });
  }

  async onClose(connection: Connection<SocketState>): Promise<void> {
    const state = connection.state;
    if (!state) return;
    if (state.inCall) await this.#leave(connection, state);
    const stillHere = this.#sockets().some(
      (other) => other.id !== connection.id && other.state?.userId === state.userId,
    );
    if (!stillHere)
      this.#toOthers(connection, {
        type: "SessionMemberLeft",
        payload: { sessionId: this.name, userId: state.userId },
      });
  }

  /** Called by the Worker (RPC) when an account is suspended: that user leaves the call and their sockets close for good. */
  async closeUser(userId: number, reason: string): Promise<number> {
    let closed = 0;
    for (const connection of this.#sockets()) {
      if (connection.state?.userId !== userId) continue;
      if (connection.state.inCall) await this.#leave(connection, connection.state);
      connection.close(4003, reason);
      closed++;
    }
    return closed;
  }

  /** Called by the Worker (RPC) when sign-in sessions of the user ended (null: all): those sockets leave the call and close. */
  async closeSessions(userId: number, sessionIds: readonly string[] | null): Promise<number> {
    if (sessionIds) this.#ended.add(sessionIds);
    let closed = 0;
    for (const connection of this.#sockets()) {
      if (!ownedBy(connection.state, userId, sessionIds)) continue;
      if (connection.state?.inCall) await this.#leave(connection, connection.state);
      connection.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      closed++;
    }
    return closed;
  }

  /** At the scheduled end: everyone in the call leaves (logged) and every socket closes. */
  async onAlarm(): Promise<void> {
    for (const connection of this.#sockets()) {
      if (connection.state?.inCall) await this.#leave(connection, connection.state);
      connection.close(4001, "session-ended");
    }
  }

  async #dispatch(
    connection: Connection<SocketState>,
    state: SocketState,
    frame: SessionClientFrame,
  ): Promise<{ result: AckResult; session?: SessionSnapshot }> {
    const sessionId = this.name;
    switch (frame.type) {
      case "PreJoinSession":
        return { result: "ok", session: await this.#snapshot() };
      case "JoinSession":
        await this.#join(connection, state, frame.payload);
        return { result: "ok", session: await this.#snapshot() };
      case "LeaveSession":
        if (state.inCall) await this.#leave(connection, state);
        return { result: "ok" };
      case "ToggleCamera":
        connection.setState({ ...state, camera: frame.payload.enabled });
        this.#toOthers(connection, {
          type: "CameraToggled",
          payload: { sessionId, userId: state.userId, enabled: frame.payload.enabled },
        });
        return { result: "ok" };
      case "ToggleMic":
        connection.setState({ ...state, mic: frame.payload.enabled });
        this.#toOthers(connection, {
          type: "MicToggled",
          payload: { sessionId, userId: state.userId, enabled: frame.payload.enabled },
        });
        return { result: "ok" };
      case "UserSharingScreen":
        connection.setState({ ...state, sharing: frame.payload.sharing });
        this.#toOthers(connection, {
          type: "UserSharedScreen",
          payload: { sessionId, userId: state.userId, sharing: frame.payload.sharing },
        });
        return { result: "ok" };
      case "PingSessionMember":
      case "PongSessionMember": {
        const sent = this.#relay(state.userId, { type: frame.type, payload: { from: state.userId } }, false);
        return { result: sent ? "ok" : "unreachable" };
      }
      default: {
        if (!SIGNALLING.has(frame.type)) return { result: "unallowed" };
        if (!state.inCall) return { result: "unallowed" };
        const event = { type: frame.type, payload: { ...frame.payload, from: state.userId } } as ServerEvent;
        return { result: this.#relay(state.userId, event, true) ? "ok" : "unreachable" };
      }
    }
  }

  // ------------------------------------------------------------------------------------------
  // Call membership and the attendance log

  async #join(
    connection: Connection<SocketState>,
    state: SocketState,
    media: { camera: boolean; mic: boolean },
  ): Promise<void> {
    if (state.inCall) {
      connection.setState({ ...state, ...media });
      return;
    }
    // A reload: the older socket still in the call is replaced, and the other side hears it left.
    for (const stale of this.#sockets()) {
      if (stale.id !== connection.id && stale.state?.userId === state.userId && stale.state.inCall) {
        await this.#leave(stale, stale.state);
        stale.close(4000, "replaced");
      }
    }
    const at = new Date().toISOString();
    connection.setState({ ...state, ...media, inCall: true });
    await this.#log(state.userId, RoomMembershipEvent.UserJoined, at);
    this.#toOthers(connection, {
      type: "UserJoinedSession",
      payload: { sessionId: this.name, userId: state.userId, ...media, at },
    });
  }

  async #leave(connection: Connection<SocketState>, state: SocketState): Promise<void> {
    const at = new Date().toISOString();
    connection.setState({ ...state, inCall: false, sharing: false });
    await this.#log(state.userId, RoomMembershipEvent.UserLeft, at);
    this.#toOthers(connection, {
      type: "UserLeftSession",
      payload: { sessionId: this.name, userId: state.userId, at },
    });
  }

  /**
   * Written to D1 before the room answers; a failure is logged and the call goes on. With LiveKit
   * configured the media go through LiveKit and its webhooks write the log (one source, no doubles).
   */
  async #log(userId: number, event: RoomMembershipEvent, at: string): Promise<void> {
    if (roomData().sessions.usesLiveKit(readConfig(this.env))) return;
    try {
      await roomData().sessions.recordAttendance(createDb(this.env), this.name, userId, event, at);
    } catch (error) {
      this.#logger().error("attendance not stored", {
        sessionId: this.name,
        userId,
        event,
        ...describeError(error),
      });
    }
  }

  // ------------------------------------------------------------------------------------------
  // Internals

  async #load(): Promise<SessionInfo | null> {
    if (!this.#session) this.#session = await roomData().sessions.findSession(createDb(this.env), this.name);
    return this.#session;
  }

  async #closeAtEnd(session: SessionInfo): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null)
      await this.ctx.storage.setAlarm(Date.parse(session.end));
  }

  #sockets(): Connection<SocketState>[] {
    return [...this.getConnections<SocketState>()];
  }

  async #snapshot(): Promise<SessionSnapshot> {
    const session = (await this.#load())!;
    const sockets = this.#sockets();
    const members: SessionPresence[] = session.members.map(({ userId }) => {
      const mine = sockets.filter((socket) => socket.state?.userId === userId);
      const inCall = mine.find((socket) => socket.state?.inCall)?.state;
      return {
        userId,
        online: mine.length > 0,
        inCall: Boolean(inCall),
        camera: inCall?.camera ?? false,
        mic: inCall?.mic ?? false,
        sharing: inCall?.sharing ?? false,
      };
    });
    return { sessionId: session.id, start: session.start, end: session.end, members };
  }

  /** To the other member's sockets (only those in the call when `inCallOnly`); answers whether any got it. */
  #relay(from: number, event: ServerEvent, inCallOnly: boolean): boolean {
    const session = this.#session;
    const targets = this.#sockets().filter(
      (socket) =>
        socket.state &&
        socket.state.userId !== from &&
        (!session || roomData().sessions.isSessionMember(session, socket.state.userId)) &&
        (!inCallOnly || socket.state.inCall),
    );
    for (const target of targets) this.#send(target, event);
    return targets.length > 0;
  }

  #toOthers(connection: Connection, event: ServerEvent): void {
    this.broadcast(JSON.stringify(event), [connection.id]);
  }

  #send(connection: Connection, event: ServerEvent): void {
    connection.send(JSON.stringify(event));
  }
}
