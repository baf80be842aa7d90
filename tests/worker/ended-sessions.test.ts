// Ending a signed-in session closes the sockets it opened (docs/rules.md, Limits on abuse: ended
// sessions): sign-out, ending one device, ending all (or all the others), a password change or
// reset. The socket tickets carry the session, each object keeps it with the socket, and the
// Worker tells the objects which sessions ended; the sockets of the user's other sessions stay.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { UserChannel } from "../../durable-objects/user-channel";
import { Role } from "../../schema/enums";
import { authContracts } from "../../schema/api/auth";
import { userContracts } from "../../schema/api/user";
import { confirmationCodeContracts } from "../../schema/api/confirmation-code";
import type { AuthResponse } from "../../schema/api/user";
import {
  TestSocket,
  closeAll,
  connect,
  eventually,
  startRoom,
  tutor as newTutor,
  verifiedStudent,
} from "./factories-chat";
import { storedSessionToken } from "./factories-lessons";
import { createLesson, openRoom } from "./factories-sessions";
import { callContract, createUserWithRole, latestMessage, PASSWORD } from "./helpers";

/** The close code that tells the SPA its sign-in session ended (durable-objects/socket-owner.ts). */
const SESSION_ENDED = 4004;

const sidOf = (token: string) =>
  JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sid as string;

/** The socket's close code once the server closed it (null while it is open). */
function closeCode(socket: TestSocket): () => number | null {
  let code: number | null = null;
  socket.socket.addEventListener("close", (event) => {
    code = event.code;
  });
  return () => code;
}

/** Waits (at most a second) until every socket was closed with SESSION_ENDED. */
async function closedWithinASecond(codes: (() => number | null)[]) {
  await eventually(() => codes.every((code) => code() !== null), 1000);
  expect(codes.map((code) => code())).toEqual(codes.map(() => SESSION_ENDED));
}

/** Still open: not closed, and the room still answers it. */
async function stillOpen(chat: TestSocket, codes: (() => number | null)[]) {
  const ack = await chat.request({ type: "SendMessage", payload: { text: "ما زلت هنا" } });
  expect(ack.result).toBe("ok");
  expect(codes.map((code) => code())).toEqual(codes.map(() => null));
}

/**
 * A student signed in twice (the registration's session and a second one), each session with its
 * user-channel socket and a socket in the same chat room.
 */
async function twoDevices() {
  const student = await verifiedStudent();
  const roomId = await startRoom(student, await newTutor());
  const other: AuthResponse = { ...student, token: await storedSessionToken(student.user.id) };
  const first = [await TestSocket.userChannel(student), await TestSocket.chatRoom(student, roomId)];
  const second = [await TestSocket.userChannel(other), await TestSocket.chatRoom(other, roomId)];
  return {
    student,
    other,
    first,
    second,
    firstCodes: first.map(closeCode),
    secondCodes: second.map(closeCode),
    done: () => closeAll(...first, ...second),
  };
}

describe("ending a session closes the sockets it opened", () => {
  it("at sign-out: the session's user channel and chat room sockets close; the other session's stay open", async () => {
    const { student, second, firstCodes, secondCodes, done } = await twoDevices();
    expect((await callContract(authContracts.signOut, { token: student.token })).status).toBe(204);
    await closedWithinASecond(firstCodes);
    await stillOpen(second[1]!, secondCodes);
    await done();
  });

  it("when the device is ended from another one", async () => {
    const { student, other, first, firstCodes, secondCodes, done } = await twoDevices();
    const ended = await callContract(authContracts.endSession, {
      params: { id: sidOf(other.token) },
      token: student.token,
    });
    expect(ended.status).toBe(204);
    await closedWithinASecond(secondCodes);
    await stillOpen(first[1]!, firstCodes);
    await done();
  });

  it("when all the other devices are signed out, and then all of them", async () => {
    const { student, first, firstCodes, secondCodes, done } = await twoDevices();
    const others = await callContract(authContracts.endAllSessions, {
      token: student.token,
      body: { keepCurrent: true },
    });
    expect(others.status).toBe(204);
    await closedWithinASecond(secondCodes);
    await stillOpen(first[1]!, firstCodes);
    const all = await callContract(authContracts.endAllSessions, {
      token: student.token,
      body: { keepCurrent: false },
    });
    expect(all.status).toBe(204);
    await closedWithinASecond(firstCodes);
    await done();
  });

  it("when the password changes (the other devices), and at a password reset (all of them)", async () => {
    const { student, first, firstCodes, secondCodes, done } = await twoDevices();
    const changed = await callContract(userContracts.update, {
      params: { id: student.user.id },
      token: student.token,
      body: { password: "Newer#Pass2", currentPassword: PASSWORD },
    });
    expect(changed.status).toBe(200);
    await closedWithinASecond(secondCodes);
    await stillOpen(first[1]!, firstCodes);
    await callContract(confirmationCodeContracts.sendPasswordCode, { body: { email: student.user.email } });
    const { code } = await latestMessage(student.user.email);
    const reset = await callContract(confirmationCodeContracts.confirmPassword, {
      body: { email: student.user.email, code: code!, password: "Reset#Pass3" },
    });
    expect(reset.status).toBe(200);
    await closedWithinASecond(firstCodes);
    await done();
  });

  it("in a live lesson's room and on the staff channel too", async () => {
    const { sessionId, student } = await createLesson({ minutesFromNow: -5 });
    const laptop = { ...student, token: await storedSessionToken(student.id) };
    const [room, kept] = [await openRoom(sessionId, student), await openRoom(sessionId, laptop)];
    const [roomCode, keptCode] = [closeCode(room), closeCode(kept)];
    expect((await callContract(authContracts.signOut, { token: student.token })).status).toBe(204);
    await closedWithinASecond([roomCode]);
    expect(keptCode()).toBeNull();
    kept.close();

    const admin = await createUserWithRole(Role.SuperAdmin);
    const desk = { ...admin, token: await storedSessionToken(admin.user.id) };
    const path = (who: AuthResponse) => `/parties/admin-channel/main?token=${who.token}`;
    const [staff, staffKept] = [await TestSocket.open(path(admin)), await TestSocket.open(path(desk))];
    const [staffCode, staffKeptCode] = [closeCode(staff), closeCode(staffKept)];
    expect((await callContract(authContracts.signOut, { token: admin.token })).status).toBe(204);
    await closedWithinASecond([staffCode]);
    expect(staffKeptCode()).toBeNull();
    staffKept.close();
  });

  it("refuses a socket whose ticket was redeemed just before its session ended but that arrived after the close", async () => {
    const student = await verifiedStudent();
    const channels = env.USER_CHANNEL as DurableObjectNamespace<UserChannel>;
    // The close reaches the object first (the session is still open in D1, so the ticket admits).
    await channels.getByName(String(student.user.id)).closeSessions([sidOf(student.token)]);
    const response = await connect(`/parties/user-channel/${student.user.id}?token=${student.token}`);
    expect(response.status).toBe(101);
    const socket = response.webSocket!;
    const closed = new Promise<number | null>((resolve) => {
      socket.addEventListener("close", (event) => resolve(event.code));
      setTimeout(() => resolve(null), 1000);
    });
    socket.accept();
    expect(await closed).toBe(SESSION_ENDED);
  });

  it("admits no socket of an ended session: its ticket is refused", async () => {
    const student = await verifiedStudent();
    await callContract(authContracts.signOut, { token: student.token });
    await expect(TestSocket.userChannel(student)).rejects.toThrow(/socket refused: 401/);
  });
});
