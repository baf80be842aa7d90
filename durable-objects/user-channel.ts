import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { ServerEvent } from "../schema/events";
import { createDb } from "../worker/core/db";
import type { Env } from "../worker/core/env";
import { createLogger, describeError, type Logger } from "../worker/core/logger";
import { onlineAmong, publishToUsers, reportPresence } from "./clients";
import { roomData } from "./room-data";
import { EndedSessions, SESSION_ENDED_CLOSE, ownedBy, ownerOf, type SocketOwner } from "./socket-owner";

type SocketState = SocketOwner;

/**
 * One per user (named by the user id): the browser keeps one socket here and receives every
 * event meant for that user. The Worker has checked the token and that the channel is the
 * caller's own before the socket arrives. Online status is a stored flag that flips when the
 * first socket opens and when the last one closes; each flip is told to the user's room
 * partners (UserStatusChanged) and to the staff channel (users-online count). Each new socket
 * first gets a snapshot: one UserStatusChanged per room partner, online or not.
 */
export class UserChannel extends Server<Env> {
  static options = { hibernate: true };

  #presenceReady = false;
  #ended = new EndedSessions();

  /**
   * The presence table, made on first need: most events go to users with no socket open, and a
   * publish to them then touches no storage at all (a booking publishes to both members).
   */
  #presence(): SqlStorage {
    const sql = this.ctx.storage.sql;
    if (!this.#presenceReady) {
      sql.exec(
        "CREATE TABLE IF NOT EXISTS presence (id INTEGER PRIMARY KEY CHECK (id = 1), online INTEGER NOT NULL)",
      );
      this.#presenceReady = true;
    }
    return sql;
  }

  get userId(): number {
    return Number(this.name);
  }

  /** Called by the Worker and the chat rooms (RPC) to push one event to every open socket. */
  async publish(event: ServerEvent): Promise<number> {
    const frame = JSON.stringify(event);
    let delivered = 0;
    for (const connection of this.getConnections()) {
      connection.send(frame);
      delivered++;
    }
    return delivered;
  }

  /** Several events in one call (a chat room's batch), each already a frame (a serialized ServerEvent), in order. */
  async publishFrames(frames: readonly string[]): Promise<number> {
    let delivered = 0;
    for (const connection of this.getConnections()) {
      for (const frame of frames) connection.send(frame);
      delivered++;
    }
    return delivered;
  }

  /** Called by the Worker (RPC) when the account is suspended: every socket of the user closes. */
  async closeAll(reason: string): Promise<number> {
    let closed = 0;
    for (const connection of this.getConnections()) {
      connection.close(4001, reason);
      closed++;
    }
    return closed;
  }

  /**
   * Called by the Worker (RPC) when sign-in sessions of the user ended (null: all of them): the
   * sockets those sessions opened close with SESSION_ENDED_CLOSE; the other sessions' stay open.
   */
  async closeSessions(sessionIds: readonly string[] | null): Promise<number> {
    if (sessionIds) this.#ended.add(sessionIds);
    let closed = 0;
    for (const connection of this.getConnections<SocketState>()) {
      if (!ownedBy(connection.state, this.userId, sessionIds)) continue;
      connection.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      closed++;
    }
    return closed;
  }

  async isOnline(): Promise<boolean> {
    return this.#storedOnline();
  }

  async onConnect(connection: Connection<SocketState>, ctx: ConnectionContext): Promise<void> {
    // The gate (worker/parties.ts) sets this header; a socket without it never passed the gate.
    const owner = ownerOf(ctx.request);
    if (owner.userId !== this.userId) {
      connection.close(4003, "forbidden");
      return;
    }
    if (this.#ended.has(owner.sessionId)) {
      connection.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      return;
    }
    connection.setState(owner);
    connection.send(
      JSON.stringify({ type: "Connected", payload: { userId: this.userId } } satisfies ServerEvent),
    );
    const logger = createLogger(`user-channel:${this.name}`);
    let partners: number[] | null = null;
    try {
      partners = await roomData().chat.roomPartnerIds(createDb(this.env), this.userId);
    } catch (error) {
      logger.warn("room partners not read", { userId: this.userId, ...describeError(error) });
    }
    // Only a user with a socket still open goes online (this one may have closed while the partners were read).
    const anyOpen = [...this.getConnections()].some((open) => open.readyState === WebSocket.OPEN);
    if (anyOpen && !this.#storedOnline()) await this.#setOnline(true, partners);
    if (partners) await this.#sendPresenceSnapshot(connection, partners, logger);
  }

  /** The partners' online status as the staff channel knows it, to this socket only. */
  async #sendPresenceSnapshot(connection: Connection, partners: number[], logger: Logger): Promise<void> {
    const online = await onlineAmong(this.env, partners, logger);
    if (!online || connection.readyState !== WebSocket.OPEN) return;
    for (const userId of partners)
      connection.send(
        JSON.stringify({
          type: "UserStatusChanged",
          payload: { userId, online: online.has(userId) },
        } satisfies ServerEvent),
      );
  }

  async onClose(connection: Connection): Promise<void> {
    const stillOpen = [...this.getConnections()].some(
      (other) => other.id !== connection.id && other.readyState === WebSocket.OPEN,
    );
    if (!stillOpen && this.#storedOnline()) await this.#setOnline(false);
  }

  #storedOnline(): boolean {
    const [row] = this.#presence()
      .exec<{ online: number }>("SELECT online FROM presence WHERE id = 1")
      .toArray();
    return row?.online === 1;
  }

  async #setOnline(online: boolean, knownPartners: number[] | null = null): Promise<void> {
    this.#presence().exec(
      "INSERT INTO presence (id, online) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET online = excluded.online",
      online ? 1 : 0,
    );
    const logger = createLogger(`user-channel:${this.name}`);
    try {
      const partners =
        knownPartners ?? (await roomData().chat.roomPartnerIds(createDb(this.env), this.userId));
      await publishToUsers(
        this.env,
        partners,
        { type: "UserStatusChanged", payload: { userId: this.userId, online } },
        logger,
      );
    } catch (error) {
      logger.warn("status change not announced", { userId: this.userId, online, ...describeError(error) });
    }
    await reportPresence(this.env, this.userId, online, logger);
  }
}
