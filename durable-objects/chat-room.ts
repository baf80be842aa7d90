import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import type { AckResult, ErrorCode } from "../schema/errors";
import {
  chatClientFrame,
  type ChatClientFrame,
  type ChatMessage,
  type ReadMark,
  type RoomSync,
  type ServerEvent,
} from "../schema/events";
import { messageTextRule } from "../schema/rules";
import { createDb } from "../worker/core/db";
import type { Env } from "../worker/core/env";
import { createLogger, describeError, type Logger } from "../worker/core/logger";
import { publishFramesToUser, userChannel } from "./clients";
import { roomData } from "./room-data";
import { EndedSessions, SESSION_ENDED_CLOSE, ownedBy, ownerOf, type SocketOwner } from "./socket-owner";

/** What a room operation answers: an ack result, the catalogue code behind a refusal, the message. */
export type RoomOutcome = { result: AckResult; code?: ErrorCode; message?: ChatMessage };

type SocketState = SocketOwner;

type MessageRow = {
  sequence: number;
  revision: number;
  sender_id: number;
  text: string;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
};

/** A reconnecting client gets at most this many changes per SyncMessages answer. */
const SYNC_LIMIT = 200;

/** The room list's summary in D1 is written at most about this often; an alarm writes the last change. */
export const SUMMARY_INTERVAL_MS = 3000;

/** A member with the room open gets their user channel's copies batched at most this often. */
export const PRESENT_FANOUT_MS = 1000;

/**
 * A new message, stored with the revision the room holds in memory (see ChatRoom.#revision). A
 * repeated clientId (a resend after a lost ack) conflicts on the sender's unique index and inserts
 * nothing; any other conflict (a revision already taken) fails loudly instead of being dropped.
 * One constant text, so workerd reuses its prepared statement.
 */
const INSERT_MESSAGE = `INSERT INTO messages (sequence, revision, sender_id, text, client_id, created_at)
  VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sender_id, client_id) WHERE client_id IS NOT NULL DO NOTHING`;

/**
 * One per chat room (named by the D1 room id). Message bodies live in this object's SQLite; every
 * change takes the next room revision, so clients catch up by revision after a reconnect.
 * Membership is read from D1 once and kept in SQLite (rooms are one-to-one and never change
 * members). Each event goes to the room's own sockets and to every member's user channel.
 *
 * A change is acknowledged once it is in SQLite and broadcast to the room's sockets; the user
 * channels (in the order of the changes; batched for members who have the room open) and the D1
 * room summary follow. The summary is written at most about every SUMMARY_INTERVAL_MS: a change
 * sooner after the last write sets an alarm that writes the newest message then (D1's write only
 * ever moves the summary forwards). Both intervals are jittered so busy rooms spread their work.
 */
export class ChatRoom extends Server<Env> {
  static options = { hibernate: true };

  #members: number[] | null = null;
  #ended = new EndedSessions();
  /** The user-channel publishes, chained so members receive the changes in order. */
  #fanout: Promise<void> = Promise.resolve();
  /** Events waiting for each member's user channel (see #deliver), as the frames the room sockets got. */
  #pending = new Map<number, string[]>();
  #flushTimer: ReturnType<typeof setTimeout> | null = null;
  #summaryWrittenAt = 0;
  #summaryWrite: Promise<void> | null = null;
  /** The room's first message and its first reply went to D1 with a summary: later summaries skip them. */
  #openingRecorded = false;
  /** This instance has set the summary alarm and it has not run yet. */
  #alarmPending = false;
  /**
   * The room's newest revision, read from SQLite once per instance and then kept here: every
   * change in this room goes through this instance (one at a time, with no await between taking
   * a revision and writing it), so a message is stored by one plain INSERT with no read of max().
   */
  #lastRevision: number | null = null;
  /** Each member's user-channel stub, made once per instance (getByName hashes the name every time). */
  #channels = new Map<number, ReturnType<typeof userChannel>>();
  #loggerInstance: Logger | null = null;
  /**
   * The sockets whose frames this instance has already handled. partyserver's webSocketMessage
   * deserializes the socket's attachment on every frame only to check that it is one of its
   * sockets; for these that is already known, so their next frames go to onMessage directly.
   */
  #known = new WeakSet<WebSocket>();
  /**
   * The room's sockets and their users, read through partyserver when first needed and kept until
   * a socket connects, closes or fails (a woken instance starts without it). Reading them on every
   * message made partyserver deserialize each socket's attachment per message.
   */
  #sockets: { connection: Connection<SocketState>; userId: number | undefined }[] | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Synchronous and idempotent, so RPC calls (which skip onStart) find the tables too.
    ctx.storage.sql.exec(`
      CREATE TABLE IF NOT EXISTS messages (
        sequence INTEGER PRIMARY KEY,
        revision INTEGER NOT NULL UNIQUE,
        sender_id INTEGER NOT NULL,
        text TEXT NOT NULL,
        client_id TEXT,
        created_at TEXT NOT NULL,
        edited_at TEXT,
        deleted_at TEXT
      );
      CREATE UNIQUE INDEX IF NOT EXISTS messages_sender_client_uq ON messages (sender_id, client_id) WHERE client_id IS NOT NULL;
      CREATE TABLE IF NOT EXISTS members (
        user_id INTEGER PRIMARY KEY,
        last_read_sequence INTEGER NOT NULL DEFAULT 0
      );
    `);
  }

  get roomId(): number {
    return Number(this.name);
  }

  #logger = (): Logger => (this.#loggerInstance ??= createLogger(`chat-room:${this.name}`));

  onStart(): void {
    this.#members = this.#storedMembers();
  }

  // ------------------------------------------------------------------------------------------
  // Sockets

  async onConnect(connection: Connection<SocketState>, ctx: ConnectionContext): Promise<void> {
    const owner = ownerOf(ctx.request);
    const userId = owner.userId;
    this.#sockets = null; // the new socket is one of the room's from now (its user once set below)
    const refusal = await this.#refusal(userId);
    if (refusal) {
      connection.close(4003, refusal);
      return;
    }
    if (this.#ended.has(owner.sessionId)) {
      connection.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      return;
    }
    connection.setState(owner);
    this.#sockets = null; // read again with this socket's user
    this.#send(connection, { type: "Connected", payload: { userId, roomId: this.roomId } });
  }

  onClose(): void {
    this.#sockets = null;
  }

  /** Called by the Worker (RPC) when an account is suspended: that user's sockets in this room close. */
  async closeUser(userId: number, reason: string): Promise<number> {
    let closed = 0;
    for (const connection of this.getConnections<SocketState>()) {
      if (connection.state?.userId !== userId) continue;
      connection.close(4001, reason);
      closed++;
    }
    this.#sockets = null;
    return closed;
  }

  /** Called by the Worker (RPC) when sign-in sessions of the user ended (null: all): their sockets here close. */
  async closeSessions(userId: number, sessionIds: readonly string[] | null): Promise<number> {
    if (sessionIds) this.#ended.add(sessionIds);
    let closed = 0;
    for (const connection of this.getConnections<SocketState>()) {
      if (!ownedBy(connection.state, userId, sessionIds)) continue;
      connection.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      closed++;
    }
    this.#sockets = null;
    return closed;
  }

  /**
   * Called by the Worker (RPC) when an account is erased (worker/domain/privacy/erasure.ts): every
   * message the user wrote loses its text and is marked deleted, each with a new revision so the
   * other member's clients catch up; the room and its sequence stay. Running it again changes nothing.
   */
  async eraseSender(userId: number): Promise<number> {
    const at = new Date().toISOString();
    const rows = this.sql<{ sequence: number }>`SELECT sequence FROM messages
      WHERE sender_id = ${userId} AND (deleted_at IS NULL OR text != '' OR client_id IS NOT NULL) ORDER BY sequence`;
    for (const row of rows)
      this.ctx.storage.sql.exec(
        "UPDATE messages SET text = '', client_id = NULL, deleted_at = COALESCE(deleted_at, ?), revision = ? WHERE sequence = ?",
        at,
        this.#nextRevision(),
        row.sequence,
      );
    return rows.length;
  }

  onError(connection: Connection, error: unknown): void {
    this.#sockets = null;
    this.#logger().warn("room socket failed", {
      roomId: this.roomId,
      connectionId: connection.id,
      ...describeError(error),
    });
  }

  #openSockets(): { connection: Connection<SocketState>; userId: number | undefined }[] {
    this.#sockets ??= [...this.getConnections<SocketState>()].map((connection) => ({
      connection,
      userId: connection.state?.userId,
    }));
    return this.#sockets;
  }

  override webSocketMessage(ws: WebSocket, message: WSMessage): Promise<void> {
    // partyserver wrapped this socket into its connection (the same object) on its first frame.
    if (this.#known.has(ws)) return this.onMessage(ws as Connection<SocketState>, message);
    return super.webSocketMessage(ws, message);
  }

  async onMessage(connection: Connection<SocketState>, raw: WSMessage): Promise<void> {
    this.#known.add(connection);
    const userId = connection.state?.userId;
    let json: unknown = null;
    try {
      json = JSON.parse(String(raw));
    } catch {
      json = null;
    }
    const parsed = chatClientFrame.safeParse(json);
    if (!parsed.success || userId === undefined) {
      // Still answer the client's ackId when it sent one, so its pending request settles.
      const given = (json as { ackId?: unknown } | null)?.ackId;
      this.#send(connection, {
        type: "Ack",
        payload: { ackId: typeof given === "string" ? given : "", result: "unallowed" },
      });
      return;
    }
    const frame = parsed.data;
    const ackId = frame.ackId ?? "";
    if (frame.type === "SyncMessages") {
      const sync = await this.sync(userId, frame.payload.after);
      this.#send(connection, { type: "Ack", payload: { ackId, ...sync } });
      return;
    }
    const outcome = await this.#dispatch(userId, frame, connection.id);
    this.#send(connection, { type: "Ack", payload: { ackId, ...outcome } });
  }

  #dispatch(
    userId: number,
    frame: Exclude<ChatClientFrame, { type: "SyncMessages" }>,
    connectionId: string,
  ): Promise<RoomOutcome> {
    switch (frame.type) {
      case "SendMessage":
        // The sending socket gets the new message in its Ack, so the broadcast skips it.
        return this.send(userId, frame.payload.text, frame.payload.clientId, connectionId);
      case "UpdateMessage":
        return this.edit(userId, frame.payload.sequence, frame.payload.text);
      case "DeleteMessage":
        return this.remove(userId, frame.payload.sequence);
      case "MarkMessageAsRead":
        return this.markRead(userId, frame.payload.sequence);
      case "UserTyping":
        return this.typing(userId, frame.payload.typing);
    }
  }

  #send(connection: Connection, event: ServerEvent): void {
    connection.send(JSON.stringify(event));
  }

  // ------------------------------------------------------------------------------------------
  // Operations (sockets and the Worker's RPC calls share them)

  async send(
    userId: number,
    text: string,
    clientId?: string,
    senderConnection?: string,
  ): Promise<RoomOutcome> {
    const refusal = await this.#refusal(userId);
    if (refusal) return { result: refusal };
    const checked = checkText(text);
    if ("result" in checked) return checked;
    // One statement: the next revision is also the new sequence (sequences never pass revisions).
    const revision = this.#revision() + 1;
    const now = new Date().toISOString();
    const { rowsWritten } = this.ctx.storage.sql.exec(
      INSERT_MESSAGE,
      revision,
      revision,
      userId,
      checked.html,
      clientId ?? null,
      now,
    );
    if (rowsWritten === 0) {
      // The message this clientId already made: answered as it is, and not told again.
      const [earlier] = this
        .sql<MessageRow>`SELECT * FROM messages WHERE sender_id = ${userId} AND client_id = ${clientId ?? null}`;
      return earlier ? { result: "ok", message: this.#toMessage(earlier) } : { result: "unallowed" };
    }
    this.#lastRevision = revision;
    const message: ChatMessage = {
      roomId: this.roomId,
      sequence: revision,
      revision,
      senderId: userId,
      text: checked.html,
      createdAt: now,
      editedAt: null,
      deletedAt: null,
    };
    // A new message is the newest one: no need to look.
    this.#changed({ type: "RoomMessage", payload: { message } }, message, senderConnection, true);
    return { result: "ok", message };
  }

  async edit(userId: number, sequence: number, text: string): Promise<RoomOutcome> {
    const found = await this.#ownMessage(userId, sequence);
    if ("result" in found) return found;
    const checked = checkText(text);
    if ("result" in checked) return checked;
    const [row] = this
      .sql<MessageRow>`UPDATE messages SET text = ${checked.html}, edited_at = ${new Date().toISOString()},
      revision = ${this.#nextRevision()} WHERE sequence = ${sequence} RETURNING *`;
    const message = this.#toMessage(row!);
    this.#changed({ type: "RoomMessageUpdated", payload: { message } }, message);
    return { result: "ok", message };
  }

  /** Soft delete: the row stays (so sequences and catch-up hold) with its text removed. */
  async remove(userId: number, sequence: number): Promise<RoomOutcome> {
    const found = await this.#ownMessage(userId, sequence);
    if ("result" in found) return found;
    const [row] = this
      .sql<MessageRow>`UPDATE messages SET text = '', deleted_at = ${new Date().toISOString()},
      revision = ${this.#nextRevision()} WHERE sequence = ${sequence} RETURNING *`;
    const message = this.#toMessage(row!);
    this.#changed({ type: "RoomMessageDeleted", payload: { message } }, message);
    return { result: "ok", message };
  }

  /** Read receipt: everything up to `sequence` is read by this member (never moves backwards). */
  async markRead(userId: number, sequence: number): Promise<RoomOutcome> {
    const refusal = await this.#refusal(userId);
    if (refusal) return { result: refusal };
    const [target] = this.sql<MessageRow>`SELECT * FROM messages WHERE sequence = ${sequence}`;
    if (!target) return { result: "message-not-found" };
    this.ctx.storage.sql.exec(
      "UPDATE members SET last_read_sequence = max(last_read_sequence, ?) WHERE user_id = ?",
      sequence,
      userId,
    );
    const mark = this.#readMarks().find((read) => read.userId === userId)!.sequence;
    const unreadCount = this.#unread(userId);
    await Promise.all([
      this.#deliver({
        type: "RoomMessageRead",
        payload: { roomId: this.roomId, userId, sequence: mark, unreadCount },
      }),
      roomData()
        .chat.recordRead(createDb(this.env), this.roomId, userId, target.created_at)
        .catch((error) =>
          this.#logger().warn("read receipt not stored in D1", {
            roomId: this.roomId,
            ...describeError(error),
          }),
        ),
    ]);
    return { result: "ok" };
  }

  async typing(userId: number, typing: boolean): Promise<RoomOutcome> {
    const refusal = await this.#refusal(userId);
    if (refusal) return { result: refusal };
    const others = (this.#members ?? []).filter((member) => member !== userId);
    await this.#deliver({ type: "UserTyping", payload: { roomId: this.roomId, userId, typing } }, others);
    return { result: "ok" };
  }

  /** Every message changed after revision `after`, oldest change first, in its current state. */
  async sync(userId: number, after: number): Promise<{ result: AckResult; sync?: RoomSync }> {
    const refusal = await this.#refusal(userId);
    if (refusal) return { result: refusal };
    const rows = this
      .sql<MessageRow>`SELECT * FROM messages WHERE revision > ${after} ORDER BY revision LIMIT ${SYNC_LIMIT + 1}`;
    const hasMore = rows.length > SYNC_LIMIT;
    const messages = rows.slice(0, SYNC_LIMIT).map((row) => this.#toMessage(row));
    return {
      result: "ok",
      sync: { roomId: this.roomId, messages, reads: this.#readMarks(), revision: this.#revision(), hasMore },
    };
  }

  /** A page of messages, newest first (GET /chat/list/{roomId}/messages). */
  async listMessages(
    userId: number,
    page: number,
    size: number,
  ): Promise<{ result: AckResult; list: ChatMessage[]; total: number }> {
    const refusal = await this.#refusal(userId);
    if (refusal) return { result: refusal, list: [], total: 0 };
    const rows = this
      .sql<MessageRow>`SELECT * FROM messages ORDER BY sequence DESC LIMIT ${size} OFFSET ${(page - 1) * size}`;
    const [{ total }] = this.sql<{ total: number }>`SELECT count(*) AS total FROM messages` as [
      { total: number },
    ];
    return { result: "ok", list: rows.map((row) => this.#toMessage(row)), total };
  }

  /** Messages from the other member, not deleted, after the user's read receipt. */
  async unreadCount(userId: number): Promise<number> {
    if (await this.#refusal(userId)) return 0;
    return this.#unread(userId);
  }

  // ------------------------------------------------------------------------------------------
  // Internals

  /** Why the user may not act in this room, or null. Loads members from D1 on first need. */
  async #refusal(userId: number): Promise<"room-not-found" | "not-member" | null> {
    const members = await this.#loadMembers();
    if (members.length === 0) return "room-not-found";
    return members.includes(userId) ? null : "not-member";
  }

  #storedMembers(): number[] {
    return this.sql<{ user_id: number }>`SELECT user_id FROM members ORDER BY user_id`.map(
      (row) => row.user_id,
    );
  }

  async #loadMembers(): Promise<number[]> {
    if (this.#members?.length) return this.#members;
    const stored = this.#storedMembers();
    if (stored.length > 0) return (this.#members = stored);
    const fromD1 = await roomData().chat.roomMemberIds(createDb(this.env), this.roomId);
    for (const userId of fromD1)
      this.ctx.storage.sql.exec("INSERT OR IGNORE INTO members (user_id) VALUES (?)", userId);
    this.#members = this.#storedMembers();
    return this.#members;
  }

  async #ownMessage(userId: number, sequence: number): Promise<{ row: MessageRow } | RoomOutcome> {
    const refusal = await this.#refusal(userId);
    if (refusal) return { result: refusal };
    const [row] = this.sql<MessageRow>`SELECT * FROM messages WHERE sequence = ${sequence}`;
    if (!row || row.deleted_at) return { result: "message-not-found" };
    if (row.sender_id !== userId) return { result: "not-owner" };
    return { row };
  }

  /** The newest revision (0 in an empty room): read from SQLite once, then kept by each change. */
  #revision(): number {
    if (this.#lastRevision === null) {
      const [row] = this.sql<{ revision: number | null }>`SELECT max(revision) AS revision FROM messages`;
      this.#lastRevision = row?.revision ?? 0;
    }
    return this.#lastRevision;
  }

  /**
   * The revision for a change about to be written: taken with no await before the write, so two
   * changes never share one (a write that then fails leaves a gap, which catch-up does not mind).
   */
  #nextRevision(): number {
    this.#lastRevision = this.#revision() + 1;
    return this.#lastRevision;
  }

  /** Messages were written around the kept revision (the local bench seed, emulators/bench-chat-room.ts): read it again. */
  protected forgetRevision(): void {
    this.#lastRevision = null;
  }

  #readMarks(): ReadMark[] {
    return this.sql<{
      user_id: number;
      last_read_sequence: number;
    }>`SELECT user_id, last_read_sequence FROM members ORDER BY user_id`.map((row) => ({
      userId: row.user_id,
      sequence: row.last_read_sequence,
    }));
  }

  #unread(userId: number): number {
    const [row] = this.sql<{ unread: number }>`SELECT count(*) AS unread FROM messages
      WHERE sender_id != ${userId} AND deleted_at IS NULL
        AND sequence > (SELECT coalesce(max(last_read_sequence), 0) FROM members WHERE user_id = ${userId})`;
    return row?.unread ?? 0;
  }

  #toMessage(row: MessageRow): ChatMessage {
    return {
      roomId: this.roomId,
      sequence: row.sequence,
      revision: row.revision,
      senderId: row.sender_id,
      text: row.text,
      createdAt: row.created_at,
      editedAt: row.edited_at,
      deletedAt: row.deleted_at,
    };
  }

  /**
   * To the room's sockets now; to the members' user channels through one queue per member, in
   * order. A member with no socket open in this room relies on their user channel (the room list,
   * badges, notifications), so the queue is sent at once. A member with the room open already has
   * the event; their channel's copies (for their other tabs and devices) go in one batch at most
   * every PRESENT_FANOUT_MS, which keeps a busy room from making a user-channel call per message.
   * Resolves once the event is in its queue, or sent when it went at once; a failure is only logged.
   */
  #deliver(
    event: ServerEvent,
    recipients: readonly number[] = this.#members ?? [],
    exceptConnection?: string,
  ): Promise<void> {
    // One pass over the sockets: each gets the frame (but the sender's) and says whose it is.
    const frame = JSON.stringify(event);
    const present = new Set<number>();
    for (const { connection, userId } of this.#openSockets()) {
      if (connection.readyState !== WebSocket.OPEN) continue;
      if (userId !== undefined) present.add(userId);
      if (connection.id === exceptConnection) continue;
      try {
        connection.send(frame);
      } catch {
        connection.close(1011, "Unexpected error");
      }
    }
    let now = false;
    for (const userId of recipients) {
      const queue = this.#pending.get(userId);
      if (queue) queue.push(frame);
      else this.#pending.set(userId, [frame]);
      if (!present.has(userId)) now = true;
    }
    if (now) return this.#flush();
    // Jittered, so busy rooms that started together do not all send in the same instant.
    this.#flushTimer ??= setTimeout(() => void this.#flush(), PRESENT_FANOUT_MS * (0.75 + Math.random() / 2));
    return Promise.resolve();
  }

  /** Sends every member's queued events (one call per member), after the previous send. */
  #flush(): Promise<void> {
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    const batches = [...this.#pending];
    this.#pending.clear();
    const published = this.#fanout
      .then(() => Promise.all(batches.map(([userId, frames]) => this.#publishFrames(userId, frames))))
      .then(
        () => undefined,
        (error: unknown) =>
          this.#logger().warn("user channels not told", { roomId: this.roomId, ...describeError(error) }),
      );
    this.#fanout = published;
    this.ctx.waitUntil(published);
    return published;
  }

  /** One member's batch through their kept stub; a failed stub is dropped, so the next batch makes a new one. */
  async #publishFrames(userId: number, frames: readonly string[]): Promise<void> {
    let channel = this.#channels.get(userId);
    if (!channel) this.#channels.set(userId, (channel = userChannel(this.env, userId)));
    if (!(await publishFramesToUser(channel, userId, frames, this.#logger()))) this.#channels.delete(userId);
  }

  /** A message changed: its room sockets now; its user channels and the room summary after the ack. */
  #changed(event: ServerEvent, message: ChatMessage, exceptConnection?: string, newest = false): void {
    void this.#deliver(event, this.#members ?? [], exceptConnection);
    if (!newest) {
      const [latest] = this.sql<{ sequence: number }>`SELECT max(sequence) AS sequence FROM messages`;
      if (latest?.sequence !== message.sequence) return; // an older message: the summary shows the newest
    }
    if (this.#summaryWrite || Date.now() - this.#summaryWrittenAt < SUMMARY_INTERVAL_MS) {
      // Known set by this instance: nothing to do (no promise nor waitUntil per message).
      if (!this.#alarmPending) this.ctx.waitUntil(this.#summaryLater());
    } else this.ctx.waitUntil(this.#writeSummary());
  }

  /** The alarm that writes the newest summary an interval after the last write (kept if sooner). */
  async #summaryLater(): Promise<void> {
    // Known set by this instance: nothing to read (an evicted instance reads the alarm once).
    if (this.#alarmPending) return;
    this.#alarmPending = true;
    // Jittered like the fan-out, so the busy rooms' writes spread over the interval.
    const at = Math.max(
      this.#summaryWrittenAt + SUMMARY_INTERVAL_MS * (0.75 + Math.random() / 2),
      Date.now() + 50,
    );
    try {
      const set = await this.ctx.storage.getAlarm();
      if (set === null || set > at) await this.ctx.storage.setAlarm(at);
    } catch (error) {
      this.#alarmPending = false;
      this.#logger().warn("room summary alarm not set", { roomId: this.roomId, ...describeError(error) });
    }
  }

  /** How the room began: its first message and the first message from anyone else (SQLite, primary key order). */
  #opening() {
    const [first] = this.sql<MessageRow>`SELECT * FROM messages ORDER BY sequence LIMIT 1`;
    if (!first) return undefined;
    const [reply] = this
      .sql<MessageRow>`SELECT * FROM messages WHERE sender_id != ${first.sender_id} ORDER BY sequence LIMIT 1`;
    return {
      firstSenderId: first.sender_id,
      firstAt: first.created_at,
      reply: reply ? { senderId: reply.sender_id, at: reply.created_at } : null,
    };
  }

  async onAlarm(): Promise<void> {
    this.#alarmPending = false;
    await this.#writeSummary();
  }

  /**
   * The room list's summary follows the newest message (including its edit or deletion): read
   * from SQLite when the write goes out, after any write still in flight, so writes land in order.
   */
  #writeSummary(): Promise<void> {
    const previous = this.#summaryWrite;
    const write = (async () => {
      await previous;
      this.#summaryWrittenAt = Date.now();
      const [row] = this.sql<MessageRow>`SELECT * FROM messages ORDER BY sequence DESC LIMIT 1`;
      if (!row) return;
      try {
        const opening = this.#openingRecorded ? undefined : this.#opening();
        await roomData().chat.recordLastMessage(createDb(this.env), this.#toMessage(row), opening);
        if (opening?.reply) this.#openingRecorded = true;
      } catch (error) {
        this.#logger().warn("room summary not stored in D1", {
          roomId: this.roomId,
          ...describeError(error),
        });
      }
    })();
    this.#summaryWrite = write;
    return write.finally(() => {
      if (this.#summaryWrite === write) this.#summaryWrite = null;
    });
  }
}

/** messageTextRule's verdict as an ack: too short is empty-text; too long or unsafe is unallowed. */
function checkText(text: string): { html: string } | RoomOutcome {
  const parsed = messageTextRule.safeParse(text);
  if (parsed.success) return { html: parsed.data };
  const code = parsed.error.issues[0]?.message as ErrorCode;
  return { result: code === "short-message-text" ? "empty-text" : "unallowed", code };
}
