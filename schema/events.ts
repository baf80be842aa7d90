// Realtime events (docs/product.md §7, sockets): every frame on a socket is JSON `{ type, payload }`,
// typed here once for the Worker, the Durable Objects and the SPA. Frames a client sends may carry
// an `ackId`; the object answers each with one `Ack` frame carrying the same id and a result.
import { z } from "zod";
import type { AckResult, ErrorCode } from "./errors";

/**
 * A chat message as both sides see it. `sequence` is the room's change counter when the message
 * was sent (increasing per room, never reused); `revision` is the counter at its last change (send,
 * edit or delete). A client remembers the highest revision it saw and, after a reconnect, asks
 * for everything after it (SyncMessages): nothing is lost and nothing comes twice.
 */
export const chatMessage = z.object({
  roomId: z.number(),
  sequence: z.number(),
  revision: z.number(),
  senderId: z.number(),
  /** Sanitised HTML (schema/rules.ts messageTextRule); empty once deleted. */
  text: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type ChatMessage = z.output<typeof chatMessage>;

/** Where a member has read up to (read receipts). */
export type ReadMark = { userId: number; sequence: number };

export type ServerStats = {
  usersOnline: number;
  lessonsHappeningNow: number;
  /** API requests served in the last minute, summed from every Worker isolate's reports. */
  requestsPerMinute: number;
  pendingWithdrawals: number;
  /** Piasters paid today (Africa/Cairo day) and how many payments. */
  paymentsTodayAmount: number;
  paymentsTodayCount: number;
  at: string;
};

/** Every frame a server sends, by name. */
export type ServerEventMap = {
  Connected: { userId?: number; roomId?: number };
  Ack: {
    ackId: string;
    result: AckResult;
    code?: ErrorCode;
    message?: ChatMessage;
    sync?: RoomSync;
    session?: SessionSnapshot;
  };
  RoomMessage: { message: ChatMessage };
  RoomMessageUpdated: { message: ChatMessage };
  RoomMessageDeleted: { message: ChatMessage };
  /** `unreadCount` is the reader's count after the read, so their other devices update exactly. */
  RoomMessageRead: { roomId: number; userId: number; sequence: number; unreadCount: number };
  UserTyping: { roomId: number; userId: number; typing: boolean };
  UserStatusChanged: { userId: number; online: boolean };
  LessonBooked: { lessonId: number };
  LessonRebooked: { lessonId: number };
  LessonCanceled: { lessonId: number };
  /**
   * A lesson's note changed for the other member (worker/routes/lesson-note.ts): the tutor wrote or
   * rewrote it ("note"), a reply came ("reply"), the homework was marked done or not ("homework").
   */
  LessonNoteChanged: { lessonId: number; what: "note" | "reply" | "homework" };
  /** To the tutor: a withdrawal request was created or changed (worker/routes/invoice.ts). */
  InvoiceUpdated: { invoiceId: number; status: number };
  /** To the tutor: a request was cancelled, so it no longer holds back any balance. */
  InvoiceDeleted: { invoiceId: number };
  TransactionStatusUpdate: { transactionId: number; status: number };
  TutorUpdated: { tutorId: number };
  TutorsCacheUpdated: Record<string, never>;
  /** To staff: a withdrawal request was created or changed. */
  AdminInvoices: { invoiceId: number };
  ServerStats: ServerStats;
  // Live sessions (durable-objects/session-room.ts): presence, call state and relayed signalling.
  /** A member's first socket opened (ready screen) / last socket closed. */
  SessionMemberJoined: { sessionId: string; userId: number };
  SessionMemberLeft: { sessionId: string; userId: number };
  /** A member entered / left the call (JoinSession, LeaveSession, or their socket dropped). */
  UserJoinedSession: { sessionId: string; userId: number; camera: boolean; mic: boolean; at: string };
  UserLeftSession: { sessionId: string; userId: number; at: string };
  CameraToggled: { sessionId: string; userId: number; enabled: boolean };
  MicToggled: { sessionId: string; userId: number; enabled: boolean };
  UserSharedScreen: { sessionId: string; userId: number; sharing: boolean };
  PingSessionMember: { from: number };
  PongSessionMember: { from: number };
  SessionOffer: { from: number; sdp: string };
  SessionAnswer: { from: number; sdp: string };
  AnnounceIncomingOffer: { from: number };
  ReadyToReceiveOffer: { from: number };
  IceCandidate: { from: number; candidate: IceCandidateInit };
};
export type ServerEventType = keyof ServerEventMap;
export type ServerEvent = {
  [K in ServerEventType]: { type: K; payload: ServerEventMap[K] };
}[ServerEventType];
export type ServerEventOf<K extends ServerEventType> = Extract<ServerEvent, { type: K }>;

/** The answer to SyncMessages: every message changed after `after`, oldest change first. */
export type RoomSync = {
  roomId: number;
  messages: ChatMessage[];
  reads: ReadMark[];
  /** The room's newest revision; ask again from the last message's revision while `hasMore`. */
  revision: number;
  hasMore: boolean;
};

const ackId = z.string().min(1).max(64).optional();
const sequence = z.number().int().positive();

/** Frames a client sends to a chat room (`/parties/chat-room/{roomId}`). */
export const chatClientFrame = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("SendMessage"),
    ackId,
    // The text is checked by messageTextRule in the room, so its failures become ack results.
    // clientId makes a resend after a lost ack harmless: one message per (sender, clientId).
    payload: z.object({ text: z.string(), clientId: z.string().min(1).max(64).optional() }),
  }),
  z.object({ type: z.literal("UpdateMessage"), ackId, payload: z.object({ sequence, text: z.string() }) }),
  z.object({ type: z.literal("DeleteMessage"), ackId, payload: z.object({ sequence }) }),
  z.object({ type: z.literal("MarkMessageAsRead"), ackId, payload: z.object({ sequence }) }),
  z.object({ type: z.literal("UserTyping"), ackId, payload: z.object({ typing: z.boolean() }) }),
  z.object({ type: z.literal("SyncMessages"), ackId, payload: z.object({ after: z.number().int().min(0) }) }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrame>;

/** A member of a live session as the room sees them now. */
export type SessionPresence = {
  userId: number;
  online: boolean;
  inCall: boolean;
  camera: boolean;
  mic: boolean;
  sharing: boolean;
};

/** The answer to PreJoinSession and JoinSession: the session's members and who is here. */
export type SessionSnapshot = { sessionId: string; start: string; end: string; members: SessionPresence[] };

const iceCandidate = z.object({
  candidate: z.string().max(4096),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export type IceCandidateInit = z.infer<typeof iceCandidate>;
const sdp = z.string().min(1).max(100_000);

/**
 * Frames a client sends to a session room (`/parties/session-room/{sessionId}`). The signalling
 * frames (offer, answer, announce, ready, ICE, ping, pong) are relayed to the other member's
 * in-call sockets only; the ack is `unreachable` when the other member is not in the call.
 */
export const sessionClientFrame = z.discriminatedUnion("type", [
  z.object({ type: z.literal("PreJoinSession"), ackId, payload: z.object({}).optional() }),
  z.object({
    type: z.literal("JoinSession"),
    ackId,
    payload: z.object({ camera: z.boolean(), mic: z.boolean() }),
  }),
  z.object({ type: z.literal("LeaveSession"), ackId, payload: z.object({}).optional() }),
  z.object({ type: z.literal("ToggleCamera"), ackId, payload: z.object({ enabled: z.boolean() }) }),
  z.object({ type: z.literal("ToggleMic"), ackId, payload: z.object({ enabled: z.boolean() }) }),
  z.object({ type: z.literal("UserSharingScreen"), ackId, payload: z.object({ sharing: z.boolean() }) }),
  z.object({ type: z.literal("PingSessionMember"), ackId, payload: z.object({}).optional() }),
  z.object({ type: z.literal("PongSessionMember"), ackId, payload: z.object({}).optional() }),
  z.object({ type: z.literal("SessionOffer"), ackId, payload: z.object({ sdp }) }),
  z.object({ type: z.literal("SessionAnswer"), ackId, payload: z.object({ sdp }) }),
  z.object({ type: z.literal("AnnounceIncomingOffer"), ackId, payload: z.object({}).optional() }),
  z.object({ type: z.literal("ReadyToReceiveOffer"), ackId, payload: z.object({}).optional() }),
  z.object({ type: z.literal("IceCandidate"), ackId, payload: z.object({ candidate: iceCandidate }) }),
]);
export type SessionClientFrame = z.infer<typeof sessionClientFrame>;
