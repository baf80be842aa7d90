import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SUMMARY_INTERVAL_MS, type ChatRoom } from "../../durable-objects/chat-room";
import type { BenchChatRoom } from "../../emulators/bench-chat-room";
import type { ChatMessage } from "../../schema/events";
import { callContract } from "./helpers";
import {
  TestSocket,
  closeAll,
  connect,
  eventually,
  startRoom,
  tutor,
  verifiedStudent,
} from "./factories-chat";
import { chatContracts } from "../../schema/api/chat";

const roomStub = (roomId: number) =>
  (env.CHAT_ROOM as DurableObjectNamespace<ChatRoom>).getByName(String(roomId));

async function pair() {
  const student = await verifiedStudent();
  const teacher = await tutor();
  const roomId = await startRoom(student, teacher, "البداية");
  return { student, teacher, roomId };
}

const unread = async (userId: number, token: string, roomId: number) =>
  (await callContract(chatContracts.rooms, { params: { id: userId }, token })).body.list.find(
    (room: { id: number }) => room.id === roomId,
  )!.unreadCount;

describe("chat-room socket", () => {
  it("acks a sent message and delivers it to the other member's room socket and user channel", async () => {
    const { student, teacher, roomId } = await pair();
    const studentRoom = await TestSocket.chatRoom(student, roomId);
    const teacherRoom = await TestSocket.chatRoom(teacher, roomId);
    const teacherChannel = await TestSocket.userChannel(teacher);
    const ack = await studentRoom.request({
      type: "SendMessage",
      payload: { text: "<p>سؤال عن الدرس</p><script>x</script>" },
    });
    expect(ack.result).toBe("unallowed");
    const ok = await studentRoom.request({ type: "SendMessage", payload: { text: "<p>سؤال عن الدرس</p>" } });
    expect(ok).toMatchObject({
      result: "ok",
      message: { senderId: student.user.id, text: "<p>سؤال عن الدرس</p>", sequence: 2 },
    });
    expect((await teacherRoom.next("RoomMessage")).message.sequence).toBe(2);
    expect((await teacherChannel.next("RoomMessage")).message).toEqual(ok.message);
    // The D1 summary follows the ack (a few seconds after the room's first message, by the room's alarm).
    const summary = () =>
      env.DB.prepare("SELECT last_message_id, last_message_text FROM chat_rooms WHERE id = ?")
        .bind(roomId)
        .first();
    await eventually(async () => (await summary())?.last_message_id === "2");
    expect(await summary()).toEqual({ last_message_id: "2", last_message_text: "سؤال عن الدرس" });
    await closeAll(studentRoom, teacherRoom, teacherChannel);
  });

  it("tells an away member's user channel at once, and a member with the room open in one ordered batch; the sender gets its message in the ack only", async () => {
    const { student, teacher, roomId } = await pair();
    const studentRoom = await TestSocket.chatRoom(student, roomId);
    const teacherChannel = await TestSocket.userChannel(teacher);
    // The teacher is away from the room: their channel is all they have.
    const away = await studentRoom.request({ type: "SendMessage", payload: { text: "هل أنت هنا؟" } });
    expect(
      (await teacherChannel.next("RoomMessage", (event) => event.message.sequence === away.message!.sequence))
        .message,
    ).toEqual(away.message);

    // With the room open, the room socket has each message now; the channel's copies (for the
    // teacher's other tabs and devices) come together, in order, within about a second.
    const teacherRoom = await TestSocket.chatRoom(teacher, roomId);
    const sequences: number[] = [];
    for (const text of ["الأولى", "الثانية", "الثالثة"]) {
      const ack = await studentRoom.request({ type: "SendMessage", payload: { text } });
      sequences.push(ack.message!.sequence);
      expect(
        (await teacherRoom.next("RoomMessage", (event) => event.message.sequence === ack.message!.sequence))
          .message.text,
      ).toBe(text);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    for (const sequence of sequences)
      await teacherChannel.next("RoomMessage", (event) => event.message.sequence === sequence, 5000);
    expect(teacherChannel.all("RoomMessage").map((event) => event.message.sequence)).toEqual([
      away.message!.sequence,
      ...sequences,
    ]);
    const batch = teacherChannel.arrivals("RoomMessage").slice(1);
    const roomArrivals = teacherRoom.arrivals("RoomMessage");
    expect(roomArrivals[2]! - roomArrivals[0]!).toBeGreaterThanOrEqual(300); // sent apart…
    expect(batch[2]! - batch[0]!).toBeLessThan(100); // …told together
    // The sending socket saw its messages only in the acks.
    expect(studentRoom.all("RoomMessage")).toEqual([]);
    await closeAll(studentRoom, teacherRoom, teacherChannel);
  });

  it("writes the room summary to D1 at most about every interval, never backwards, and the last message always lands (even after an eviction)", async () => {
    // Every summary write, as D1 sees it.
    await env.DB.batch([
      env.DB.prepare("CREATE TABLE IF NOT EXISTS test_summary_writes (room_id INTEGER, sequence INTEGER)"),
      env.DB
        .prepare(`CREATE TRIGGER IF NOT EXISTS test_summary_write AFTER UPDATE OF last_message_id ON chat_rooms
        BEGIN INSERT INTO test_summary_writes VALUES (NEW.id, CAST(NEW.last_message_id AS INTEGER)); END`),
    ]);
    const began = Date.now();
    const { student, roomId } = await pair();
    const studentRoom = await TestSocket.chatRoom(student, roomId);
    for (let i = 1; i <= 8; i++)
      expect(
        (await studentRoom.request({ type: "SendMessage", payload: { text: `رسالة ${i}` } })).result,
      ).toBe("ok");
    await evictDurableObject(roomStub(roomId));
    const summary = async () =>
      (await env.DB.prepare(
        "SELECT CAST(last_message_id AS INTEGER) AS sequence, last_message_text AS text FROM chat_rooms WHERE id = ?",
      )
        .bind(roomId)
        .first<{ sequence: number; text: string }>())!;
    await eventually(async () => (await summary()).sequence === 9);
    const elapsed = Date.now() - began;
    expect(await summary()).toEqual({ sequence: 9, text: "رسالة 8" });
    const writes = (
      await env.DB.prepare("SELECT sequence FROM test_summary_writes WHERE room_id = ? ORDER BY rowid")
        .bind(roomId)
        .all<{ sequence: number }>()
    ).results.map((row) => row.sequence);
    // The route's write of the first message, then at most one per (jittered) interval (9 changes in all).
    expect(writes.length).toBeLessThanOrEqual(2 + Math.ceil(elapsed / (0.75 * SUMMARY_INTERVAL_MS)));
    expect(writes.length).toBeLessThan(9);
    expect(writes).toEqual([...writes].sort((a, b) => a - b));
    studentRoom.close();
  });

  it("acks empty-text, message-not-found and not-owner, and lets only the author edit and delete", async () => {
    const { student, teacher, roomId } = await pair();
    const studentRoom = await TestSocket.chatRoom(student, roomId);
    const teacherRoom = await TestSocket.chatRoom(teacher, roomId);
    expect((await studentRoom.request({ type: "SendMessage", payload: { text: "  " } })).result).toBe(
      "empty-text",
    );
    expect(
      (await studentRoom.request({ type: "SendMessage", payload: { text: "ب".repeat(1001) } })).result,
    ).toBe("unallowed");
    expect(
      (await studentRoom.request({ type: "UpdateMessage", payload: { sequence: 99, text: "تعديل" } })).result,
    ).toBe("message-not-found");
    expect(
      (await teacherRoom.request({ type: "UpdateMessage", payload: { sequence: 1, text: "ليس لي" } })).result,
    ).toBe("not-owner");
    expect((await teacherRoom.request({ type: "DeleteMessage", payload: { sequence: 1 } })).result).toBe(
      "not-owner",
    );

    const edited = await studentRoom.request({
      type: "UpdateMessage",
      payload: { sequence: 1, text: "البداية المعدلة" },
    });
    expect(edited).toMatchObject({
      result: "ok",
      message: { sequence: 1, revision: 2, text: "البداية المعدلة" },
    });
    expect((await teacherRoom.next("RoomMessageUpdated")).message.text).toBe("البداية المعدلة");
    const deleted = await studentRoom.request({ type: "DeleteMessage", payload: { sequence: 1 } });
    expect(deleted).toMatchObject({ result: "ok", message: { sequence: 1, revision: 3, text: "" } });
    expect((await teacherRoom.next("RoomMessageDeleted")).message.deletedAt).not.toBeNull();
    expect((await studentRoom.request({ type: "DeleteMessage", payload: { sequence: 1 } })).result).toBe(
      "message-not-found",
    );
    const page = await callContract(chatContracts.messages, { params: { id: roomId }, token: teacher.token });
    expect(page.body.list).toMatchObject([{ sequence: 1, text: "", deletedAt: expect.any(String) }]);
    studentRoom.close();
    teacherRoom.close();
  });

  it("acks unallowed for a frame that is not a chat frame, and forwards typing to the other member only", async () => {
    const { student, teacher, roomId } = await pair();
    const studentRoom = await TestSocket.chatRoom(student, roomId);
    const teacherChannel = await TestSocket.userChannel(teacher);
    const studentChannel = await TestSocket.userChannel(student);
    expect((await studentRoom.request({ type: "Nonsense", payload: {} } as never)).result).toBe("unallowed");
    expect((await studentRoom.request({ type: "UserTyping", payload: { typing: true } })).result).toBe("ok");
    expect(await teacherChannel.next("UserTyping")).toEqual({
      roomId,
      userId: student.user.id,
      typing: true,
    });
    expect(studentChannel.all("UserTyping")).toEqual([]);
    await closeAll(studentRoom, teacherChannel, studentChannel);
  });
});

describe("a non-member can neither read nor write a room", () => {
  it("refuses a stranger's socket at the gate and a missing room", async () => {
    const { roomId } = await pair();
    const stranger = await verifiedStudent();
    expect((await connect(`/parties/chat-room/${roomId}?token=${stranger.token}`)).status).toBe(403);
    expect((await connect(`/parties/chat-room/987654?token=${stranger.token}`)).status).toBe(404);
    expect((await connect(`/parties/chat-room/${roomId}`)).status).toBe(401);
  });

  it("answers not-member and room-not-found from the room itself, and stores nothing", async () => {
    const { roomId } = await pair();
    const stranger = await verifiedStudent();
    const stub = roomStub(roomId);
    expect((await stub.send(stranger.user.id, "تطفل")).result).toBe("not-member");
    expect((await stub.edit(stranger.user.id, 1, "تطفل")).result).toBe("not-member");
    expect((await stub.remove(stranger.user.id, 1)).result).toBe("not-member");
    expect((await stub.markRead(stranger.user.id, 1)).result).toBe("not-member");
    expect((await stub.sync(stranger.user.id, 0)).result).toBe("not-member");
    expect(await stub.listMessages(stranger.user.id, 1, 10)).toEqual({
      result: "not-member",
      list: [],
      total: 0,
    });
    expect((await roomStub(987655).send(stranger.user.id, "لا أحد")).result).toBe("room-not-found");
    const count = await runInDurableObject(
      stub,
      (_room, state) => state.storage.sql.exec("SELECT count(*) AS n FROM messages").one().n,
    );
    expect(count).toBe(1);
  });
});

describe("the room's revisions", () => {
  it("number each change after every earlier one: edits, a resend, an eviction, an erasure and the bench seed", async () => {
    const { student, teacher, roomId } = await pair();
    const stub = roomStub(roomId);
    const sent = async (userId: number, text: string, clientId?: string) => {
      const outcome = await stub.send(userId, text, clientId);
      expect(outcome.result).toBe("ok");
      return outcome.message!;
    };
    // The room began with message 1 (POST /chat/new).
    expect(await sent(student.user.id, "أ", "r-1")).toMatchObject({ sequence: 2, revision: 2 });
    expect((await stub.edit(student.user.id, 2, "أ معدلة")).message).toMatchObject({
      sequence: 2,
      revision: 3,
    });
    // A resend of r-1 takes no revision and answers the message as it is now.
    expect(await sent(student.user.id, "أ", "r-1")).toMatchObject({
      sequence: 2,
      revision: 3,
      text: "أ معدلة",
    });
    expect(await sent(teacher.user.id, "ب")).toMatchObject({ sequence: 4, revision: 4 });
    // A new instance reads the newest revision again.
    await evictDurableObject(stub);
    expect(await sent(student.user.id, "ج")).toMatchObject({ sequence: 5, revision: 5 });
    // The erasure gives the erased messages (1, 2 and 5) revisions 6, 7 and 8; the next message follows.
    expect(await stub.eraseSender(student.user.id)).toBe(3);
    expect(await sent(teacher.user.id, "د")).toMatchObject({ sequence: 9, revision: 9 });
    // The local entry's bench seed writes around the kept revision (emulators/bench-chat-room.ts).
    const bench = (env.CHAT_ROOM as DurableObjectNamespace<BenchChatRoom>).getByName(String(roomId));
    expect(
      await bench.seedBenchMessages([student.user.id, teacher.user.id], 3, new Date().toISOString()),
    ).toBe(3);
    expect(await sent(teacher.user.id, "هـ")).toMatchObject({ sequence: 13, revision: 13 });
    const rows = await runInDurableObject(stub, (_room, state) =>
      state.storage.sql.exec("SELECT sequence, revision FROM messages ORDER BY sequence").toArray(),
    );
    expect(rows.map((row) => row.sequence)).toEqual([1, 2, 4, 5, 9, 10, 11, 12, 13]);
    expect(new Set(rows.map((row) => row.revision)).size).toBe(rows.length);
    // Catch-up after revision 8 sees exactly the changes after it.
    expect((await stub.sync(teacher.user.id, 8)).sync?.messages.map((message) => message.revision)).toEqual([
      9, 10, 11, 12, 13,
    ]);
  });
});

describe("no message lost or duplicated across an eviction and a reconnect", () => {
  it("catches a reconnecting member up by revision, exactly once", async () => {
    const { student, teacher, roomId } = await pair();
    const studentRoom = await TestSocket.chatRoom(student, roomId);
    let teacherRoom = await TestSocket.chatRoom(teacher, roomId);
    for (const text of ["أ", "ب", "ج"]) await studentRoom.request({ type: "SendMessage", payload: { text } });
    const seen: ChatMessage[] = [];
    for (let i = 0; i < 3; i++) seen.push((await teacherRoom.next("RoomMessage")).message);
    teacherRoom.close();

    await evictDurableObject(roomStub(roomId));
    for (const text of ["د", "هـ"])
      expect((await studentRoom.request({ type: "SendMessage", payload: { text } })).result).toBe("ok");
    await studentRoom.request({
      type: "UpdateMessage",
      payload: { sequence: seen[0]!.sequence, text: "أ معدلة" },
    });
    // A resend after a lost ack (same clientId) stores nothing new.
    const once = await studentRoom.request({ type: "SendMessage", payload: { text: "و", clientId: "c-1" } });
    const twice = await studentRoom.request({ type: "SendMessage", payload: { text: "و", clientId: "c-1" } });
    expect(twice.message).toEqual(once.message);
    await evictDurableObject(roomStub(roomId));

    teacherRoom = await TestSocket.chatRoom(teacher, roomId);
    const after = Math.max(...seen.map((message) => message.revision));
    const caughtUp = await teacherRoom.request({ type: "SyncMessages", payload: { after } });
    expect(caughtUp.result).toBe("ok");
    const sync = caughtUp.sync!;
    expect(sync.messages.map((message) => message.text)).toEqual(["د", "هـ", "أ معدلة", "و"]);
    expect(sync.hasMore).toBe(false);

    const all = (
      await callContract(chatContracts.messages, {
        params: { id: roomId },
        query: { size: "100" },
        token: teacher.token,
      })
    ).body.list as ChatMessage[];
    const sequences = all.map((message) => message.sequence);
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(sequences).toEqual([...sequences].sort((a, b) => b - a));
    expect(all.map((message) => message.text).reverse()).toEqual([
      "البداية",
      "أ معدلة",
      "ب",
      "ج",
      "د",
      "هـ",
      "و",
    ]);
    studentRoom.close();
    teacherRoom.close();
  });
});

describe("unread counts", () => {
  it("stay exact after reads from another device", async () => {
    const { student, teacher, roomId } = await pair();
    const teacherRoom = await TestSocket.chatRoom(teacher, roomId);
    const sent: ChatMessage[] = [];
    for (const text of ["١", "٢", "٣"])
      sent.push((await teacherRoom.request({ type: "SendMessage", payload: { text } })).message!);
    expect(await unread(student.user.id, student.token, roomId)).toBe(3);
    expect(await unread(teacher.user.id, teacher.token, roomId)).toBe(1);

    const phone = await TestSocket.userChannel(student);
    const laptop = await TestSocket.chatRoom(student, roomId);
    expect(
      (await laptop.request({ type: "MarkMessageAsRead", payload: { sequence: sent[1]!.sequence } })).result,
    ).toBe("ok");
    expect(await phone.next("RoomMessageRead")).toEqual({
      roomId,
      userId: student.user.id,
      sequence: sent[1]!.sequence,
      unreadCount: 1,
    });
    expect(await unread(student.user.id, student.token, roomId)).toBe(1);
    // Reading an older message never moves the receipt back.
    await laptop.request({ type: "MarkMessageAsRead", payload: { sequence: 1 } });
    expect(await unread(student.user.id, student.token, roomId)).toBe(1);
    expect((await laptop.request({ type: "MarkMessageAsRead", payload: { sequence: 999 } })).result).toBe(
      "message-not-found",
    );

    await teacherRoom.request({ type: "DeleteMessage", payload: { sequence: sent[2]!.sequence } });
    expect(await unread(student.user.id, student.token, roomId)).toBe(0);
    await eventually(async () => {
      const row = await env.DB.prepare(
        "SELECT last_read_at FROM chat_room_members WHERE room_id = ? AND user_id = ?",
      )
        .bind(roomId, student.user.id)
        .first("last_read_at");
      return row === sent[1]!.createdAt;
    });
    await closeAll(teacherRoom, phone, laptop);
  });
});
