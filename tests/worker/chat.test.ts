import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { call, callContract, createUserWithRole, register } from "./helpers";
import { TestSocket, eventually, startRoom, tutor, verifiedStudent } from "./factories-chat";
import { chatContracts } from "../../schema/api/chat";

const rooms = (userId: number, token: string, query = "") =>
  call("GET", `/api/v1/chat/list/rooms/${userId}/${query}`, { token });

describe("POST /chat/new", () => {
  it("starts a room between a verified student and a tutor with the first message", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const response = await callContract(chatContracts.create, {
      token: student.token,
      body: { userId: teacher.user.id, message: "<b>مرحبًا</b>" },
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toMatchObject({
      senderId: student.user.id,
      text: "<b>مرحبًا</b>",
      sequence: 1,
    });
    expect(response.body.room.members.map((m: { id: number }) => m.id).sort()).toEqual(
      [student.user.id, teacher.user.id].sort(),
    );
    const stored = await env.DB.prepare(
      "SELECT last_message_text, last_message_sender_id FROM chat_rooms WHERE id = ?",
    )
      .bind(response.body.room.id)
      .first();
    expect(stored).toEqual({ last_message_text: "مرحبًا", last_message_sender_id: student.user.id });
  });

  it("answers room-exists when the pair already has a room, from either side", async () => {
    const student = await verifiedStudent();
    const manager = await createUserWithRole(Role.TutorManager);
    await startRoom(student, manager);
    const again = await callContract(chatContracts.create, {
      token: student.token,
      body: { userId: manager.user.id, message: "ثانيًا" },
    });
    expect([again.status, again.body.code]).toEqual([409, "room-exists"]);
    const reverse = await callContract(chatContracts.create, {
      token: manager.token,
      body: { userId: student.user.id, message: "ثالثًا" },
    });
    expect(reverse.status).not.toBe(201);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM chat_rooms WHERE pair_key = ?")
      .bind(`${Math.min(student.user.id, manager.user.id)}:${Math.max(student.user.id, manager.user.id)}`)
      .first("n");
    expect(count).toBe(1);
  });

  it("refuses a student whose email is not verified and stores no room", async () => {
    const student = await register(Role.Student);
    const teacher = await tutor();
    const response = await callContract(chatContracts.create, {
      token: student.token,
      body: { userId: teacher.user.id, message: "أهلًا" },
    });
    expect([response.status, response.body.code]).toEqual([422, "email-not-verified"]);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM chat_room_members WHERE user_id = ?")
      .bind(student.user.id)
      .first("n");
    expect(rows).toBe(0);
  });

  it("lets a tutor start a room with a tutor manager but not with a student or another tutor", async () => {
    const teacher = await tutor();
    const manager = await createUserWithRole(Role.TutorManager);
    const student = await verifiedStudent();
    const other = await tutor();
    expect(
      (
        await callContract(chatContracts.create, {
          token: teacher.token,
          body: { userId: manager.user.id, message: "سؤال" },
        })
      ).status,
    ).toBe(201);
    const toStudent = await callContract(chatContracts.create, {
      token: teacher.token,
      body: { userId: student.user.id, message: "سؤال" },
    });
    expect([toStudent.status, toStudent.body.code]).toEqual([403, "forbidden"]);
    const toTutor = await callContract(chatContracts.create, {
      token: teacher.token,
      body: { userId: other.user.id, message: "سؤال" },
    });
    expect([toTutor.status, toTutor.body.code]).toEqual([403, "forbidden"]);
  });

  it("refuses an empty message, an unknown user and a room with oneself", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const empty = await callContract(chatContracts.create, {
      token: student.token,
      body: { userId: teacher.user.id, message: "   " },
    });
    expect([empty.status, empty.body.code]).toEqual([400, "short-message-text"]);
    const unknown = await callContract(chatContracts.create, {
      token: student.token,
      body: { userId: 999999, message: "أهلًا" },
    });
    expect([unknown.status, unknown.body.code]).toEqual([404, "user-not-found"]);
    const self = await callContract(chatContracts.create, {
      token: teacher.token,
      body: { userId: teacher.user.id, message: "أهلًا" },
    });
    expect([self.status, self.body.code]).toEqual([400, "illegal"]);
  });
});

describe("GET /chat/list/rooms/{userId}/", () => {
  it("lists the user's rooms pinned first, then by latest message, with unread counts", async () => {
    const student = await verifiedStudent();
    const [first, second, third] = [await tutor(), await tutor(), await tutor()];
    const roomA = await startRoom(student, first, "الأولى");
    const roomB = await startRoom(student, second, "الثانية");
    const roomC = await startRoom(student, third, "الثالثة");
    const socket = await TestSocket.chatRoom(first, roomA);
    expect((await socket.request({ type: "SendMessage", payload: { text: "رد المدرس" } })).result).toBe("ok");
    socket.close();
    // The room's D1 summary follows the ack (by its alarm, within a few seconds).
    await eventually(
      async () =>
        (
          await env.DB.prepare("SELECT last_message_id AS id FROM chat_rooms WHERE id = ?")
            .bind(roomA)
            .first<{ id: string }>()
        )?.id === "2",
    );
    await callContract(chatContracts.preferences, {
      params: { id: roomC },
      token: student.token,
      body: { pinned: true },
    });

    const response = await rooms(student.user.id, student.token);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(3);
    expect(response.body.list.map((room: { id: number }) => room.id)).toEqual([roomC, roomA, roomB]);
    const [pinned, latest] = response.body.list;
    expect([pinned.pinned, pinned.unreadCount]).toEqual([true, 0]);
    expect(latest.lastMessage).toMatchObject({ text: "رد المدرس", senderId: first.user.id, sequence: 2 });
    expect(latest.unreadCount).toBe(1);
    const tutorView = await rooms(first.user.id, first.token);
    expect(tutorView.body.list[0]).toMatchObject({ id: roomA, unreadCount: 1, pinned: false });
  });

  it("pages the list", async () => {
    const student = await verifiedStudent();
    for (let i = 0; i < 3; i++) await startRoom(student, await tutor());
    const page = await rooms(student.user.id, student.token, "?page=2&size=2");
    expect([page.body.total, page.body.list.length]).toEqual([3, 1]);
  });

  it("refuses another user's room list", async () => {
    const student = await verifiedStudent();
    const other = await verifiedStudent();
    const response = await rooms(other.user.id, student.token);
    expect([response.status, response.body.code]).toEqual([403, "forbidden"]);
  });
});

describe("GET /chat/list/{roomId}/messages", () => {
  it("pages a room's messages newest first for its members", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const roomId = await startRoom(student, teacher, "واحد");
    const socket = await TestSocket.chatRoom(teacher, roomId);
    for (const text of ["اثنان", "ثلاثة"]) await socket.request({ type: "SendMessage", payload: { text } });
    socket.close();
    const first = await callContract(chatContracts.messages, {
      params: { id: roomId },
      query: { size: "2" },
      token: student.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.list.map((m: { text: string }) => m.text)).toEqual(["ثلاثة", "اثنان"]);
    const second = await callContract(chatContracts.messages, {
      params: { id: roomId },
      query: { size: "2", page: "2" },
      token: teacher.token,
    });
    expect(second.body.list.map((m: { text: string }) => m.text)).toEqual(["واحد"]);
  });

  it("refuses a non-member (not-room-member) and a missing room (room-not-found)", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const stranger = await verifiedStudent();
    const roomId = await startRoom(student, teacher, "سر");
    const refused = await callContract(chatContracts.messages, {
      params: { id: roomId },
      token: stranger.token,
    });
    expect([refused.status, refused.body.code]).toEqual([403, "not-room-member"]);
    expect(JSON.stringify(refused.body)).not.toContain("سر");
    const missing = await callContract(chatContracts.messages, {
      params: { id: "987654" },
      token: student.token,
    });
    expect([missing.status, missing.body.code]).toEqual([404, "room-not-found"]);
  });
});

describe("rooms by members, members and preferences", () => {
  it("finds the room of two users and lists its members, for members only", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const stranger = await verifiedStudent();
    const roomId = await startRoom(student, teacher);
    const found = await call(
      "GET",
      `/api/v1/chat/room/by/members?members=${teacher.user.id},${student.user.id}`,
      { token: student.token },
    );
    expect([found.status, found.body.room.id]).toEqual([200, roomId]);
    const notMine = await call(
      "GET",
      `/api/v1/chat/room/by/members?members=${teacher.user.id},${student.user.id}`,
      { token: stranger.token },
    );
    expect([notMine.status, notMine.body.code]).toEqual([403, "not-room-member"]);
    const none = await call(
      "GET",
      `/api/v1/chat/room/by/members?members=${stranger.user.id},${teacher.user.id}`,
      { token: stranger.token },
    );
    // No room yet is an answer, not a 404 (the browser logs every 404 in its console).
    expect([none.status, none.body]).toEqual([200, { room: null }]);
    const members = await callContract(chatContracts.members, {
      params: { id: roomId },
      token: teacher.token,
    });
    expect(members.body.list.map((m: { id: number; role: number }) => [m.id, m.role]).sort()).toEqual(
      [
        [student.user.id, Role.Student],
        [teacher.user.id, Role.Tutor],
      ].sort(),
    );
    const refused = await callContract(chatContracts.members, {
      params: { id: roomId },
      token: stranger.token,
    });
    expect([refused.status, refused.body.code]).toEqual([403, "not-room-member"]);
  });

  it("pins and mutes a room for the caller only", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const roomId = await startRoom(student, teacher);
    const response = await callContract(chatContracts.preferences, {
      params: { id: roomId },
      token: student.token,
      body: { pinned: true, muted: true },
    });
    expect(response.body).toEqual({ roomId, pinned: true, muted: true });
    const stored = await env.DB.prepare(
      "SELECT user_id, pinned, muted FROM chat_room_members WHERE room_id = ? ORDER BY user_id",
    )
      .bind(roomId)
      .all();
    expect(stored.results).toEqual(
      [
        { user_id: student.user.id, pinned: 1, muted: 1 },
        { user_id: teacher.user.id, pinned: 0, muted: 0 },
      ].sort((a, b) => a.user_id - b.user_id),
    );
  });

  it("refuses preferences for a room the caller is not in, or that does not exist", async () => {
    const student = await verifiedStudent();
    const teacher = await tutor();
    const stranger = await verifiedStudent();
    const roomId = await startRoom(student, teacher);
    const refused = await callContract(chatContracts.preferences, {
      params: { id: roomId },
      token: stranger.token,
      body: { muted: true },
    });
    expect([refused.status, refused.body.code]).toEqual([403, "not-room-member"]);
    const missing = await callContract(chatContracts.preferences, {
      params: { id: "987654" },
      token: stranger.token,
      body: { muted: true },
    });
    expect([missing.status, missing.body.code]).toEqual([404, "room-not-found"]);
  });
});
