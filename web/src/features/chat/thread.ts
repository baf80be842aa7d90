import type { ChatMessage, RoomSync, ServerEventOf } from "@schema/events";

/**
 * One room's messages as the screen shows them, oldest first. Every change of a message takes the
 * room's next revision, so a message is replaced only by a copy with a higher revision: the same
 * change arriving twice (room socket and user channel, or an event and a catch-up) is harmless.
 */
export type Thread = {
  roomId: number;
  /** Ascending by sequence, one entry per sequence. */
  messages: ChatMessage[];
  /**
   * The revision up to which this thread has every change: the catch-up (SyncMessages) asks for
   * what came after it. It moves with server answers, and with live events only when they follow
   * it without a gap, so a change missed while disconnected is always fetched again.
   */
  syncedRevision: number;
  /** Each member's read receipt (the sequence read up to). */
  reads: Record<number, number>;
  /** Older messages exist on the server beyond the oldest one loaded. */
  hasOlder: boolean;
};

export type ThreadAction =
  /** A REST page (newest first), the first or an older one. */
  | { type: "page"; list: ChatMessage[]; hasOlder: boolean }
  | { type: "message"; message: ChatMessage }
  | { type: "read"; userId: number; sequence: number }
  | { type: "sync"; sync: RoomSync };

export type ThreadEvent = ServerEventOf<
  "RoomMessage" | "RoomMessageUpdated" | "RoomMessageDeleted" | "RoomMessageRead"
>;

export function emptyThread(roomId: number): Thread {
  return { roomId, messages: [], syncedRevision: 0, reads: {}, hasOlder: false };
}

/** The event's change as a thread action (events of other rooms are left out by the caller). */
export function threadActionOf(event: ThreadEvent): ThreadAction {
  if (event.type === "RoomMessageRead")
    return { type: "read", userId: event.payload.userId, sequence: event.payload.sequence };
  return { type: "message", message: event.payload.message };
}

/**
 * Puts messages in their places. A message older than the oldest loaded one (while older pages
 * remain) is left out: it arrives in its current state with its page.
 */
function upsert(thread: Thread, incoming: readonly ChatMessage[], acceptOlder: boolean): Thread {
  const bySequence = new Map(thread.messages.map((message) => [message.sequence, message]));
  const oldest = thread.messages[0]?.sequence;
  let changed = false;
  for (const message of incoming) {
    if (message.roomId !== thread.roomId) continue;
    const known = bySequence.get(message.sequence);
    if (known) {
      if (known.revision >= message.revision) continue;
    } else if (!acceptOlder && thread.hasOlder && oldest !== undefined && message.sequence < oldest) continue;
    bySequence.set(message.sequence, message);
    changed = true;
  }
  if (!changed) return thread;
  return { ...thread, messages: [...bySequence.values()].sort((a, b) => a.sequence - b.sequence) };
}

function withRead(thread: Thread, userId: number, sequence: number): Thread {
  const current = thread.reads[userId] ?? 0;
  // Read receipts never move backwards.
  return sequence > current ? { ...thread, reads: { ...thread.reads, [userId]: sequence } } : thread;
}

export function threadReducer(thread: Thread, action: ThreadAction): Thread {
  switch (action.type) {
    case "page": {
      const first = thread.messages.length === 0;
      const next = upsert(thread, action.list, true);
      const newest = action.list.reduce((max, message) => Math.max(max, message.revision), 0);
      return {
        ...next,
        // The first page is the room's current state up to its newest revision.
        syncedRevision: first ? Math.max(thread.syncedRevision, newest) : next.syncedRevision,
        hasOlder: action.hasOlder,
      };
    }
    case "message": {
      const next = upsert(thread, [action.message], false);
      const follows = action.message.revision === thread.syncedRevision + 1;
      return follows ? { ...next, syncedRevision: action.message.revision } : next;
    }
    case "read":
      return withRead(thread, action.userId, action.sequence);
    case "sync": {
      const { sync } = action;
      let next = upsert(thread, sync.messages, false);
      for (const read of sync.reads) next = withRead(next, read.userId, read.sequence);
      const reached = sync.hasMore
        ? (sync.messages.at(-1)?.revision ?? thread.syncedRevision)
        : sync.revision;
      return { ...next, syncedRevision: Math.max(thread.syncedRevision, reached) };
    }
  }
}

/** The newest message that is not one's own (what a read receipt acknowledges). */
export function latestFromOthers(thread: Thread, userId: number): ChatMessage | undefined {
  return thread.messages.findLast((message) => message.senderId !== userId);
}
