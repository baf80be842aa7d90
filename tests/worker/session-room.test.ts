import { evictDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Role } from "../../schema/enums";
import { eventually } from "./factories-chat";
import {
  attendance,
  createInterview,
  createLesson,
  createStudent,
  createUser,
  gateStatus,
  openRoom,
  send,
} from "./factories-sessions";

const offer = { type: "SessionOffer", payload: { sdp: "v=0 offer" } } as const;

describe("session-room gate", () => {
  it("admits both members from 10 minutes before the start", async () => {
    const { sessionId, tutor, student } = await createLesson({ minutesFromNow: 9 });
    const studentRoom = await openRoom(sessionId, student);
    const tutorRoom = await openRoom(sessionId, tutor);
    expect(await studentRoom.next("SessionMemberJoined")).toEqual({ sessionId, userId: tutor.id });
    studentRoom.close();
    tutorRoom.close();
  });

  it("refuses a member more than 10 minutes before the start and after the scheduled end", async () => {
    const early = await createLesson({ minutesFromNow: 11 });
    expect(await gateStatus(early.sessionId, early.student)).toBe(403);
    const over = await createLesson({ minutesFromNow: -31, duration: 30 });
    expect(await gateStatus(over.sessionId, over.tutor)).toBe(403);
  });

  it("refuses a stranger, a cancelled lesson, an unknown session and a missing token", async () => {
    const { sessionId } = await createLesson({ minutesFromNow: 0 });
    const stranger = await createStudent();
    expect(await gateStatus(sessionId, stranger)).toBe(403);
    const admin = await createUser(Role.SuperAdmin);
    expect(await gateStatus(sessionId, admin)).toBe(403);
    const canceled = await createLesson({ minutesFromNow: 0, canceled: true });
    expect(await gateStatus(canceled.sessionId, canceled.student)).toBe(403);
    expect(await gateStatus("lesson:987654", stranger)).toBe(404);
    expect(await gateStatus("chat:1", stranger)).toBe(404);
    expect(await gateStatus(sessionId, { id: 0, token: "nope", email: "" })).toBe(401);
  });

  it("opens interview rooms to the interviewer and the interviewee", async () => {
    const { sessionId, interviewer, interviewee } = await createInterview(2);
    const a = await openRoom(sessionId, interviewer);
    const b = await openRoom(sessionId, interviewee);
    expect((await send(a, { type: "PreJoinSession" })).session?.members.map((m) => m.online)).toEqual([
      true,
      true,
    ]);
    a.close();
    b.close();
  });
});

describe("session-room call and signalling", () => {
  it("relays offers, answers and ICE candidates only to the other member in the call", async () => {
    const { sessionId, tutor, student } = await createLesson({ minutesFromNow: 0 });
    const studentRoom = await openRoom(sessionId, student);
    const tutorRoom = await openRoom(sessionId, tutor);
    const tutorSecondTab = await openRoom(sessionId, tutor);

    expect((await send(studentRoom, offer)).result).toBe("unallowed"); // not in the call yet
    expect(
      (await send(studentRoom, { type: "JoinSession", payload: { camera: true, mic: true } })).result,
    ).toBe("ok");
    expect((await send(studentRoom, offer)).result).toBe("unreachable"); // the tutor is not in the call
    const joined = await send(tutorRoom, { type: "JoinSession", payload: { camera: false, mic: true } });
    expect(
      joined.session?.members
        .filter((m) => m.inCall)
        .map((m) => m.userId)
        .sort(),
    ).toEqual([tutor.id, student.id].sort());
    expect(await studentRoom.next("UserJoinedSession")).toMatchObject({
      sessionId,
      userId: tutor.id,
      camera: false,
      mic: true,
    });

    expect((await send(studentRoom, offer)).result).toBe("ok");
    expect(await tutorRoom.next("SessionOffer")).toEqual({ from: student.id, sdp: "v=0 offer" });
    expect((await send(tutorRoom, { type: "SessionAnswer", payload: { sdp: "v=0 answer" } })).result).toBe(
      "ok",
    );
    expect(await studentRoom.next("SessionAnswer")).toEqual({ from: tutor.id, sdp: "v=0 answer" });
    const candidate = {
      candidate: "candidate:1 1 udp 2122260223 127.0.0.1 5000 typ host",
      sdpMid: "0",
      sdpMLineIndex: 0,
    };
    expect((await send(tutorRoom, { type: "IceCandidate", payload: { candidate } })).result).toBe("ok");
    expect(await studentRoom.next("IceCandidate")).toEqual({ from: tutor.id, candidate });
    // Renegotiation for screen share is another announce/ready/offer round.
    expect((await send(studentRoom, { type: "UserSharingScreen", payload: { sharing: true } })).result).toBe(
      "ok",
    );
    expect(await tutorRoom.next("UserSharedScreen")).toEqual({
      sessionId,
      userId: student.id,
      sharing: true,
    });
    expect((await send(studentRoom, { type: "AnnounceIncomingOffer" })).result).toBe("ok");
    expect(await tutorRoom.next("AnnounceIncomingOffer")).toEqual({ from: student.id });
    expect((await send(tutorRoom, { type: "ReadyToReceiveOffer" })).result).toBe("ok");
    expect(await studentRoom.next("ReadyToReceiveOffer")).toEqual({ from: tutor.id });

    // The tutor's second tab never joined the call: it gets no signalling, and the sender none of its own.
    expect(tutorSecondTab.all("SessionOffer")).toEqual([]);
    expect(tutorSecondTab.all("IceCandidate")).toEqual([]);
    expect(studentRoom.all("SessionOffer")).toEqual([]);
    studentRoom.close();
    tutorRoom.close();
    tutorSecondTab.close();
  });

  it("tells the other member about camera, mic and pings", async () => {
    const { sessionId, tutor, student } = await createLesson({ minutesFromNow: -5 });
    const studentRoom = await openRoom(sessionId, student);
    const tutorRoom = await openRoom(sessionId, tutor);
    await send(studentRoom, { type: "ToggleCamera", payload: { enabled: false } });
    expect(await tutorRoom.next("CameraToggled")).toEqual({ sessionId, userId: student.id, enabled: false });
    await send(tutorRoom, { type: "ToggleMic", payload: { enabled: true } });
    expect(await studentRoom.next("MicToggled")).toEqual({ sessionId, userId: tutor.id, enabled: true });
    expect((await send(studentRoom, { type: "PingSessionMember" })).result).toBe("ok");
    expect(await tutorRoom.next("PingSessionMember")).toEqual({ from: student.id });
    expect((await send(tutorRoom, { type: "PongSessionMember" })).result).toBe("ok");
    expect(await studentRoom.next("PongSessionMember")).toEqual({ from: tutor.id });
    expect((await send(studentRoom, { type: "Nonsense" } as never)).result).toBe("unallowed");
    studentRoom.close();
    tutorRoom.close();
  });

  it("recovers when one side reloads: the other side hears the member left and joined again", async () => {
    const { sessionId, tutor, student } = await createLesson({ minutesFromNow: 0 });
    const studentRoom = await openRoom(sessionId, student);
    const tutorRoom = await openRoom(sessionId, tutor);
    await send(studentRoom, { type: "JoinSession", payload: { camera: true, mic: true } });
    await send(tutorRoom, { type: "JoinSession", payload: { camera: true, mic: true } });
    expect(await tutorRoom.next("UserJoinedSession")).toMatchObject({ userId: student.id, mic: true });
    // The reloaded page joins before the old socket is gone.
    const reloaded = await openRoom(sessionId, student);
    await send(reloaded, { type: "JoinSession", payload: { camera: true, mic: false } });
    expect(await tutorRoom.next("UserLeftSession")).toMatchObject({ sessionId, userId: student.id });
    expect(await tutorRoom.next("UserJoinedSession", (p) => p.userId === student.id)).toMatchObject({
      mic: false,
    });
    expect((await send(tutorRoom, offer)).result).toBe("ok");
    expect(await reloaded.next("SessionOffer")).toEqual({ from: tutor.id, sdp: "v=0 offer" });
    await eventually(
      async () => (await attendance(sessionId)).filter((e) => e.userId === student.id).length === 3,
    );
    expect((await attendance(sessionId)).filter((e) => e.userId === student.id).map((e) => e.event)).toEqual([
      1, 2, 1,
    ]);
    reloaded.close();
    tutorRoom.close();
  });
});

describe("session-room attendance log", () => {
  it("writes every join and leave to D1 and keeps it across eviction", async () => {
    const { sessionId, tutor, student } = await createLesson({ minutesFromNow: 0 });
    const studentRoom = await openRoom(sessionId, student);
    const tutorRoom = await openRoom(sessionId, tutor);
    await send(studentRoom, { type: "JoinSession", payload: { camera: true, mic: true } });
    await send(tutorRoom, { type: "JoinSession", payload: { camera: true, mic: true } });
    await send(studentRoom, { type: "LeaveSession" });
    expect(await tutorRoom.next("UserLeftSession")).toMatchObject({ userId: student.id });

    await evictDurableObject(env.SESSION_ROOM.getByName(sessionId));
    tutorRoom.close();
    await eventually(async () => (await attendance(sessionId)).length === 4);
    const log = await attendance(sessionId);
    expect(log.map((e) => [e.userId, e.event])).toEqual([
      [student.id, 1],
      [tutor.id, 1],
      [student.id, 2],
      [tutor.id, 2],
    ]);
    expect(log.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    studentRoom.close();
  });
});
