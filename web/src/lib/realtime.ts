import PartySocket, { type PartySocketOptions } from "partysocket";
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { AckResult, ErrorCode } from "@schema/errors";
import type { ChatClientFrame, ServerEvent, ServerEventMap, SessionClientFrame } from "@schema/events";
import type { SocketTicketResponse } from "@schema/api/auth";
import { errorCodeOf } from "./api-error";
import { debugLog } from "./debug-log";
import { apiFetch } from "./http";
import { session } from "./session";
import type { SessionStore } from "./session-store";

/**
 * docs/product.md §9 "Socket reconnection": delay from 1000 ms growing ×1.5 up to 5000 ms, randomisation
 * factor 0.5, connection timeout 20000 ms, unlimited attempts. partysocket computes the base delay
 * from these options; `JitteredPartySocket` below spreads each one over [0.5×, 1.5×] of it.
 */
export const reconnectionOptions = {
  minReconnectionDelay: 1000,
  maxReconnectionDelay: 5000,
  reconnectionDelayGrowFactor: 1.5,
  connectionTimeout: 20_000,
  maxRetries: Number.POSITIVE_INFINITY,
} as const;

/** §9's randomisation factor: each wait is its base delay times a random number in [1 − 0.5, 1 + 0.5]. */
export const reconnectionRandomisation = 0.5;

/**
 * The wait before connect attempt `retry` (0 is the first connect, which does not wait):
 * base = min(5000, 1000 × 1.5^(retry − 1)), then × a random number in [0.5, 1.5], so that clients
 * that lost the server together do not all come back in the same instant.
 */
export function reconnectionDelay(retry: number, random: () => number = Math.random): number {
  if (!(retry > 0)) return 0;
  const { minReconnectionDelay, maxReconnectionDelay, reconnectionDelayGrowFactor } = reconnectionOptions;
  const base = Math.min(
    maxReconnectionDelay,
    minReconnectionDelay * reconnectionDelayGrowFactor ** (retry - 1),
  );
  return Math.round(base * (1 - reconnectionRandomisation + 2 * reconnectionRandomisation * random()));
}

/** partysocket's class seen through its public members only (its delay step is private in its types). */
const PublicPartySocket = PartySocket as unknown as new (
  options: PartySocketOptions,
) => Pick<PartySocket, keyof PartySocket>;

/**
 * partysocket with jitter. Its ReconnectingWebSocket waits `_getNextDelay()` before each connect
 * attempt (node_modules/partysocket/dist/ws.js: min × grow^(retry − 1), capped at max, no jitter);
 * this one step is replaced by `reconnectionDelay`. tests/web/realtime-reconnection.test.ts runs the
 * real class, so a partysocket that stopped calling it would fail there.
 */
export class JitteredPartySocket extends PublicPartySocket {
  _getNextDelay(): number {
    return reconnectionDelay(this.retryCount);
  }
}

/** How long a frame waits for its Ack before it fails with "operation has timed out". */
export const ackTimeoutMs = 10_000;

export type AckPayload = ServerEventMap["Ack"];
export type ChannelStatus = "connecting" | "open" | "closed";
type EventListener = (event: ServerEvent) => void;
/** `reopened` is false for the first open of a socket and true after every reconnect. */
type OpenListener = (reopened: boolean) => void;

/** An Ack that never came (docs/product.md §7: "operation has timed out"). */
export class AckTimeoutError extends Error {
  readonly result = "timeout" as const;
  constructor() {
    super("operation has timed out");
  }
}

/**
 * Numbered frames and their Acks, shared by every party socket of the SPA (chat room, user
 * channel, session room): send with a fresh ackId, settle on its Ack.
 */
export function createAckBook(prefix: string) {
  const pending = new Map<
    string,
    {
      resolve: (ack: AckPayload) => void;
      reject: (error: Error) => void;
      timer: ReturnType<typeof setTimeout>;
    }
  >();
  let nextAck = 1;
  return {
    /** Sends `frame` with its ackId through `send`; rejects with AckTimeoutError when no Ack comes. */
    request(
      send: (data: string) => void,
      frame: object,
      timeoutMs: number,
      closed: boolean,
    ): Promise<AckPayload> {
      const ackId = `${prefix}${nextAck++}`;
      return new Promise<AckPayload>((resolve, reject) => {
        if (closed) {
          reject(new AckTimeoutError());
          return;
        }
        const timer = setTimeout(() => {
          pending.delete(ackId);
          reject(new AckTimeoutError());
        }, timeoutMs);
        pending.set(ackId, { resolve, reject, timer });
        send(JSON.stringify({ ...frame, ackId }));
      });
    },
    /** An incoming frame: an Ack settles its request (null); anything else is an event for listeners. */
    receive(data: unknown): ServerEvent | null {
      let event: ServerEvent;
      try {
        event = JSON.parse(String(data)) as ServerEvent;
      } catch {
        return null;
      }
      if (event.type !== "Ack") return event;
      const waiting = pending.get(event.payload.ackId);
      if (waiting) {
        pending.delete(event.payload.ackId);
        clearTimeout(waiting.timer);
        waiting.resolve(event.payload);
      }
      return null;
    },
    /** The socket is gone for good: every waiting request fails. */
    rejectAll() {
      for (const [, waiting] of pending) {
        clearTimeout(waiting.timer);
        waiting.reject(new AckTimeoutError());
      }
      pending.clear();
    },
  };
}

/** Connects, disconnects and connect errors are only logged, never the token, also to the debug log (docs/product.md §4, §8). */
const log = {
  info: (message: string, where: string) => {
    debugLog.add("info", `[realtime] ${message} ${where}`);
    console.info(`[realtime] ${message}`, where);
  },
  warn: (message: string, where: string, detail?: unknown) => {
    debugLog.add("warn", `[realtime] ${message} ${where}`);
    console.warn(`[realtime] ${message}`, where, detail ?? "");
  },
};

/** Frames without their ackId: the channel numbers them. */
type WithoutAck<Frame> = Frame extends infer F
  ? F extends { ackId?: string }
    ? Omit<F, "ackId">
    : never
  : never;
/** A chat-room or user-channel frame. */
export type OutgoingFrame = WithoutAck<ChatClientFrame>;
/** A session-room frame (durable-objects/session-room.ts). */
export type SessionFrame = WithoutAck<SessionClientFrame>;

/** One reconnecting socket to a party object, with acks and event listeners. */
export type RealtimeChannel<Frame = OutgoingFrame, Final extends string = never> = {
  readonly party: string;
  readonly name: string;
  /** Sends a frame and resolves with its Ack (rejects with AckTimeoutError when none comes). */
  request(frame: Frame, timeoutMs?: number): Promise<AckPayload>;
  /** Fire and forget (signalling, toggles): the Ack is not awaited. */
  send(frame: Frame): void;
  onEvent(listener: EventListener): () => void;
  onOpen(listener: OpenListener): () => void;
  status(): ChannelStatus;
  onStatus(listener: () => void): () => void;
  /** The party closed the socket with one of the channel's final codes: it stops for good. */
  onFinal(listener: (reason: Final) => void): () => void;
  close(): void;
};

export type ChannelOptions<Final extends string> = {
  /** Close codes after which reconnecting is pointless (name → code): the channel closes and says why. */
  finalCloseCodes?: Readonly<Record<Final, number>>;
  /** The ackIds' prefix (only to tell sockets apart in logs). */
  ackPrefix?: string;
};

/**
 * A single-use ticket (60 s) for one socket of this party and room (POST /auth/socket-ticket), asked
 * for on every (re)connect: the socket URL never carries the bearer token. A refused request gives
 * an empty ticket, which the gate refuses, and the socket retries on its usual backoff.
 */
export async function socketTicket(party: string, name: string, token: string): Promise<string> {
  try {
    const answer = await apiFetch<SocketTicketResponse>("/auth/socket-ticket", {
      method: "POST",
      token,
      body: { party, name },
    });
    return answer.ticket;
  } catch (error) {
    const code = errorCodeOf(error);
    log.warn("no socket ticket", `${party}/${name} ${code}`);
    // As the API client does: a suspended account or an ended session signs this browser out.
    if (code === "account-suspended") session.logout("suspended");
    else if (code === "unauthenticated" && session.getState().token === token) session.logout();
    return "";
  }
}

/**
 * The close code of a socket whose sign-in session ended (sign-out, the device ended from another
 * one, a password change or reset, a role change): durable-objects/socket-owner.ts's SESSION_ENDED_CLOSE.
 */
export const sessionEndedCloseCode = 4004;

/** The close reason of every socket of a suspended account (durable-objects/close-user.ts). */
const suspendedCloseReason = "account-suspended";

/** The socket at /parties/<party>/<name>?ticket=… with the reconnection settings of docs/product.md §9. */
export function openChannel<Frame = OutgoingFrame, Final extends string = never>(
  party: string,
  name: string,
  token: string,
  options: ChannelOptions<Final> = {},
): RealtimeChannel<Frame, Final> {
  const where = `${party}/${name}`;
  const socket = new JitteredPartySocket({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    party,
    room: name,
    query: async () => ({ ticket: await socketTicket(party, name, token) }),
    ...reconnectionOptions,
  });
  const events = new Set<EventListener>();
  const opens = new Set<OpenListener>();
  const statuses = new Set<() => void>();
  const finals = new Set<(reason: Final) => void>();
  const finalCodes = Object.entries(options.finalCloseCodes ?? {}) as Array<[Final, number]>;
  const acks = createAckBook(options.ackPrefix ?? "a");
  let state: ChannelStatus = "connecting";
  let openedBefore = false;
  let closed = false;

  function setStatus(next: ChannelStatus) {
    if (state === next) return;
    state = next;
    for (const listener of statuses) listener();
  }

  function close() {
    if (closed) return;
    closed = true;
    socket.close();
    setStatus("closed");
    acks.rejectAll();
  }

  function request(frame: Frame, timeoutMs = ackTimeoutMs) {
    // partysocket queues frames while it reconnects.
    return acks.request((data) => socket.send(data), frame as object, timeoutMs, closed);
  }

  socket.addEventListener("open", () => {
    log.info("connected", where);
    setStatus("open");
    const reopened = openedBefore;
    openedBefore = true;
    for (const listener of opens) listener(reopened);
  });
  socket.addEventListener("close", (event) => {
    // The session this socket was opened with ended, or the account was suspended: as the API's
    // 401 and account-suspended do, this browser signs out instead of reconnecting with a dead token.
    const signedOut = event.code === sessionEndedCloseCode;
    if ((signedOut || event.reason === suspendedCloseReason) && !closed) {
      log.info(`closed for good (${signedOut ? "session ended" : "account suspended"})`, where);
      close();
      // Only this channel's own sign-in: a browser signed in anew since keeps its new session.
      if (session.getState().token === token) session.logout(signedOut ? "session-ended" : "suspended");
      return;
    }
    const final = finalCodes.find(([, code]) => code === event.code)?.[0];
    if (final !== undefined && !closed) {
      log.info(`closed for good (${final})`, where);
      close();
      for (const listener of finals) listener(final);
      return;
    }
    if (state === "open") log.info("disconnected", `${where} (${event.code})`);
    setStatus(closed ? "closed" : "connecting");
  });
  socket.addEventListener("error", () => log.warn("connect error", where));
  socket.addEventListener("message", (message) => {
    const event = acks.receive(message.data);
    if (event) for (const listener of events) listener(event);
  });

  return {
    party,
    name,
    request,
    send(frame) {
      request(frame).catch(() => undefined);
    },
    onEvent(listener) {
      events.add(listener);
      return () => events.delete(listener);
    },
    onOpen(listener) {
      opens.add(listener);
      return () => opens.delete(listener);
    },
    status: () => state,
    onStatus(listener) {
      statuses.add(listener);
      return () => statuses.delete(listener);
    },
    onFinal(listener) {
      finals.add(listener);
      return () => finals.delete(listener);
    },
    close,
  };
}

/** Close codes of durable-objects/session-room.ts after which reconnecting is pointless. */
export const sessionCloseCodes = { replaced: 4000, ended: 4001, refused: 4003 } as const;
export type FinalClose = keyof typeof sessionCloseCodes;
export type SessionChannel = RealtimeChannel<SessionFrame, FinalClose>;

/** A live session's room: /parties/session-room/lesson:12?ticket=… (the colon as it is). */
export function openSessionChannel(sessionId: string, token: string): SessionChannel {
  return openChannel<SessionFrame, FinalClose>("session-room", sessionId, token, {
    finalCloseCodes: sessionCloseCodes,
    ackPrefix: "s",
  });
}

/**
 * docs/product.md §4 "Realtime connection": one user-channel socket per signed-in user. A new socket opens
 * when the user or the token changes, and the previous one is closed first.
 */
export function createUserChannel(open: typeof openChannel = openChannel) {
  let current: { userId: number; token: string; channel: RealtimeChannel; unsubscribe: () => void } | null =
    null;
  const events = new Set<EventListener>();
  const opens = new Set<OpenListener>();
  const changes = new Set<() => void>();

  function notify() {
    for (const listener of changes) listener();
  }

  function disconnect() {
    if (!current) return;
    const { channel, unsubscribe } = current;
    current = null;
    unsubscribe();
    channel.close();
    notify();
  }

  return {
    connect(userId: number, token: string) {
      if (current && current.userId === userId && current.token === token) return;
      disconnect();
      const channel = open("user-channel", String(userId), token);
      const offEvent = channel.onEvent((event) => {
        for (const listener of events) listener(event);
      });
      const offOpen = channel.onOpen((reopened) => {
        for (const listener of opens) listener(reopened);
      });
      const offStatus = channel.onStatus(notify);
      current = { userId, token, channel, unsubscribe: () => (offEvent(), offOpen(), offStatus()) };
      notify();
    },
    disconnect,
    channel: () => current?.channel ?? null,
    subscribe(listener: EventListener) {
      events.add(listener);
      return () => events.delete(listener);
    },
    onOpen(listener: OpenListener) {
      opens.add(listener);
      return () => opens.delete(listener);
    },
    /** Changes of the socket itself or of its status (for useSyncExternalStore). */
    onChange(listener: () => void) {
      changes.add(listener);
      return () => changes.delete(listener);
    },
  };
}

export type UserChannel = ReturnType<typeof createUserChannel>;

/** The app's user channel. */
export const userChannel = createUserChannel();

/** Follows the session: connected while a live token and a user exist, else disconnected. */
export function bindUserChannel(
  store: Pick<SessionStore, "getState" | "subscribe" | "liveToken">,
  channel: UserChannel = userChannel,
): () => void {
  function follow() {
    const token = store.liveToken();
    const userId = store.getState().user?.id;
    if (token !== null && userId !== undefined) channel.connect(userId, token);
    else channel.disconnect();
  }
  follow();
  const unsubscribe = store.subscribe(follow);
  return () => {
    unsubscribe();
    channel.disconnect();
  };
}

/** Keeps the user channel open for the signed-in user while the app shell is mounted. */
export function useUserChannelConnection() {
  useEffect(() => bindUserChannel(session), []);
}

/** Every event of the user channel, for as long as the caller is mounted. */
export function useUserChannelEvents(listener: EventListener) {
  useEffect(() => {
    const unsubscribe = userChannel.subscribe(listener);
    return () => {
      unsubscribe();
    };
  }, [listener]);
}

/**
 * Data on screen that the user channel keeps current: `refresh` runs on each event of `types`, and
 * also when the socket opens, since the channel delivers only what is sent while it is open. With
 * `opens: "every"` (the default) that is the first open too, for data read while the socket was
 * still connecting (a lesson booked in that second would stay unseen until a reload); with
 * "reconnects", only the opens after a dropped connection, for data that rarely changes and is
 * costly to read again on every page load.
 */
export function useUserChannelRefresh(
  types: ReadonlySet<ServerEvent["type"]>,
  refresh: () => void,
  { opens = "every", channel = userChannel }: { opens?: "every" | "reconnects"; channel?: UserChannel } = {},
) {
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const offEvent = channel.subscribe((event) => {
      if (types.has(event.type)) latest.current();
    });
    const offOpen = channel.onOpen((reopened) => {
      if (reopened || opens === "every") latest.current();
    });
    return () => {
      offEvent();
      offOpen();
    };
  }, [types, opens, channel]);
}

/** Whether the user channel is connected ("closed" when there is none). */
export function useUserChannelStatus(): ChannelStatus {
  const read = () => userChannel.channel()?.status() ?? "closed";
  return useSyncExternalStore(userChannel.onChange, read, read);
}

/** A refused ack as a catalogue code or ack result. */
export function ackFailure(ack: AckPayload): AckResult | ErrorCode | null {
  return ack.result === "ok" ? null : (ack.code ?? ack.result);
}
