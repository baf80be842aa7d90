import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@schema/events";
import { emptyThread, threadActionOf, threadReducer, type Thread } from "../../web/src/features/chat/thread";

const message = (sequence: number, revision = sequence, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  roomId: 1,
  sequence,
  revision,
  senderId: sequence % 2 === 0 ? 10 : 20,
  text: `m${sequence}`,
  createdAt: new Date(Date.UTC(2025, 0, 1, 10, sequence)).toISOString(),
  editedAt: null,
  deletedAt: null,
  ...extra,
});

function loaded(list: ChatMessage[], hasOlder = false): Thread {
  return threadReducer(emptyThread(1), { type: "page", list: [...list].reverse(), hasOlder });
}

describe("chat thread reducer", () => {
  it("orders a REST page (newest first) oldest first and takes its newest revision", () => {
    const thread = loaded([message(1), message(2), message(3)]);
    expect(thread.messages.map((m) => m.sequence)).toEqual([1, 2, 3]);
    expect(thread.syncedRevision).toBe(3);
  });

  it("applies RoomMessage, Updated, Deleted and Read events, each once", () => {
    let thread = loaded([message(1), message(2)]);
    const sent = { type: "RoomMessage", payload: { message: message(3) } } as const;
    thread = threadReducer(thread, threadActionOf(sent));
    thread = threadReducer(thread, threadActionOf(sent));
    expect(thread.messages.map((m) => m.sequence)).toEqual([1, 2, 3]);
    expect(thread.syncedRevision).toBe(3);

    const edited = message(2, 4, { text: "edited", editedAt: "2025-01-01T11:00:00.000Z" });
    thread = threadReducer(
      thread,
      threadActionOf({ type: "RoomMessageUpdated", payload: { message: edited } }),
    );
    expect(thread.messages[1]?.text).toBe("edited");

    const deleted = message(2, 5, { text: "", deletedAt: "2025-01-01T11:01:00.000Z" });
    thread = threadReducer(
      thread,
      threadActionOf({ type: "RoomMessageDeleted", payload: { message: deleted } }),
    );
    // A late copy of the edit does not bring the deleted text back.
    thread = threadReducer(
      thread,
      threadActionOf({ type: "RoomMessageUpdated", payload: { message: edited } }),
    );
    expect(thread.messages[1]).toMatchObject({
      text: "",
      deletedAt: "2025-01-01T11:01:00.000Z",
      revision: 5,
    });
    expect(thread.messages).toHaveLength(3);

    thread = threadReducer(
      thread,
      threadActionOf({
        type: "RoomMessageRead",
        payload: { roomId: 1, userId: 10, sequence: 3, unreadCount: 0 },
      }),
    );
    thread = threadReducer(
      thread,
      threadActionOf({
        type: "RoomMessageRead",
        payload: { roomId: 1, userId: 10, sequence: 1, unreadCount: 0 },
      }),
    );
    expect(thread.reads[10]).toBe(3);
  });

  it("catches up after a gap without duplicates and keeps the last revision it has all of", () => {
    let thread = loaded([message(1), message(2)]);
    // Revision 3 was missed while disconnected; 4 arrives live: the sync point stays at 2.
    thread = threadReducer(thread, { type: "message", message: message(4) });
    expect(thread.syncedRevision).toBe(2);

    thread = threadReducer(thread, {
      type: "sync",
      sync: {
        roomId: 1,
        messages: [message(3), message(4)],
        reads: [{ userId: 20, sequence: 4 }],
        revision: 4,
        hasMore: false,
      },
    });
    expect(thread.messages.map((m) => m.sequence)).toEqual([1, 2, 3, 4]);
    expect(thread.syncedRevision).toBe(4);
    expect(thread.reads[20]).toBe(4);

    // The same catch-up again changes nothing.
    const again = threadReducer(thread, {
      type: "sync",
      sync: {
        roomId: 1,
        messages: [message(3), message(4)],
        reads: [{ userId: 20, sequence: 4 }],
        revision: 4,
        hasMore: false,
      },
    });
    expect(again.messages).toBe(thread.messages);
  });

  it("advances only to the last message of a partial catch-up", () => {
    const thread = threadReducer(loaded([message(1)]), {
      type: "sync",
      sync: { roomId: 1, messages: [message(2), message(3)], reads: [], revision: 9, hasMore: true },
    });
    expect(thread.syncedRevision).toBe(3);
  });

  it("leaves out changes to messages older than the loaded page until that page loads", () => {
    let thread = loaded([message(5), message(6)], true);
    thread = threadReducer(thread, { type: "message", message: message(2, 7, { text: "old, edited" }) });
    expect(thread.messages.map((m) => m.sequence)).toEqual([5, 6]);
    thread = threadReducer(thread, {
      type: "page",
      list: [message(2, 7, { text: "old, edited" }), message(1)],
      hasOlder: false,
    });
    expect(thread.messages.map((m) => m.sequence)).toEqual([1, 2, 5, 6]);
    expect(thread.hasOlder).toBe(false);
  });

  it("ignores other rooms' messages", () => {
    const thread = threadReducer(loaded([message(1)]), {
      type: "message",
      message: { ...message(2), roomId: 99 },
    });
    expect(thread.messages).toHaveLength(1);
  });
});
