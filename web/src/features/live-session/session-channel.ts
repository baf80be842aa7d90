import PartySocket from "partysocket";
import type { ServerEvent, SessionClientFrame } from "@schema/events";
import { ackTimeoutMs, createAckBook, reconnectionOptions, type AckPayload, type ChannelStatus } from "../../lib/realtime";

/** A session-room frame without its ackId: the channel numbers them. */
export type SessionFrame = SessionClientFrame extends infer F ? (F extends { ackId?: string } ? Omit<F, "ackId"> : never) : never;

/** Close codes of durable-objects/session-room.ts after which reconnecting is pointless. */
export const finalCloseCodes = { replaced: 4000, ended: 4001, refused: 4003 } as const;
export type FinalClose = keyof typeof finalCloseCodes;

export type SessionChannel = {
  request(frame: SessionFrame, timeoutMs?: number): Promise<AckPayload>;
  /** Fire and forget (signalling): the ack is not awaited. */
  send(frame: SessionFrame): void;
  onEvent(listener: (event: ServerEvent) => void): () => void;
  /** `reopened` is false for the first open and true after every reconnect. */
  onOpen(listener: (reopened: boolean) => void): () => void;
  onStatus(listener: (status: ChannelStatus) => void): () => void;
  /** The room closed the socket for good (replaced by another tab, the session ended, refused). */
  onFinal(listener: (reason: FinalClose) => void): () => void;
  close(): void;
};

const log = {
  info: (message: string, where: string) => console.info(`[session-room] ${message}`, where),
  warn: (message: string, where: string) => console.warn(`[session-room] ${message}`, where),
};

/**
 * The socket at /parties/session-room/<sessionId>?token=… ("lesson:12", the colon as it is), with
 * the same reconnection settings and acks as lib/realtime.ts's chat channel.
 */
export function openSessionChannel(sessionId: string, token: string, Socket: typeof PartySocket = PartySocket): SessionChannel {
  const where = `session-room/${sessionId}`;
  const socket = new Socket({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    party: "session-room",
    room: sessionId,
    query: { token },
    ...reconnectionOptions,
  });
  const events = new Set<(event: ServerEvent) => void>();
  const opens = new Set<(reopened: boolean) => void>();
  const statuses = new Set<(status: ChannelStatus) => void>();
  const finals = new Set<(reason: FinalClose) => void>();
  const acks = createAckBook("s");
  let openedBefore = false;
  let closed = false;

  const setStatus = (status: ChannelStatus) => {
    for (const listener of statuses) listener(status);
  };

  function close() {
    if (closed) return;
    closed = true;
    socket.close();
    setStatus("closed");
    acks.rejectAll();
  }

  socket.addEventListener("open", () => {
    log.info("connected", where);
    setStatus("open");
    const reopened = openedBefore;
    openedBefore = true;
    for (const listener of opens) listener(reopened);
  });
  socket.addEventListener("close", (event: { code?: number }) => {
    const final = (Object.keys(finalCloseCodes) as FinalClose[]).find((key) => finalCloseCodes[key] === event.code);
    if (final && !closed) {
      log.info(`closed for good (${final})`, where);
      close();
      for (const listener of finals) listener(final);
      return;
    }
    if (!closed) setStatus("connecting");
  });
  socket.addEventListener("error", () => log.warn("connect error", where));
  socket.addEventListener("message", (message: { data?: unknown }) => {
    const event = acks.receive(message.data);
    if (event) for (const listener of events) listener(event);
  });

  function request(frame: SessionFrame, timeoutMs = ackTimeoutMs) {
    return acks.request((data) => socket.send(data), frame, timeoutMs, closed);
  }


  return {
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
