import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tutorContracts } from "../../schema/api/tutor";
import { Role } from "../../schema/enums";
import { DAY_MS, MINUTE_MS } from "../../schema/time";
import { chatRoom } from "../../durable-objects/clients";
import { openRoom, recordLastMessage } from "../../worker/domain/chat/chat";
import { MIN_RESPONSE_CONVERSATIONS, refreshResponseTimes } from "../../worker/domain/learning/response-time";
import type { ChatMessage } from "../../schema/events";
import { callContract } from "./helpers";
import { eventually, startRoom, verifiedStudent } from "./factories-chat";
import { onboardedTutor } from "./factories-tutors";
import { createStudent, createTutor, db } from "./factories-lessons";

type Row = {
  tutor_id: number;
  student_id: number;
  first_message_at: string;
  first_reply_at: string | null;
  reply_seconds: number | null;
};

const rowOf = (roomId: number) =>
  env.DB.prepare("SELECT * FROM chat_first_replies WHERE room_id = ?").bind(roomId).first<Row>();

const responseSecondsOf = async (tutorId: number) =>
  (
    await env.DB.prepare("SELECT response_seconds AS s FROM tutors WHERE id = ?")
      .bind(tutorId)
      .first<{ s: number | null }>()
  )?.s ?? null;

const message = (roomId: number, senderId: number, sequence: number, createdAt: string): ChatMessage => ({
  roomId,
  sequence,
  revision: sequence,
  senderId,
  text: "<p>أهلًا</p>",
  createdAt,
  editedAt: null,
  deletedAt: null,
});

/**
 * A chat as the room writes it to D1: the student's first message at `start`, then (when given)
 * the tutor's reply `replyMinutes` later, each through the room summary's write.
 */
async function chat(
  tutorId: number,
  start: Date,
  replyMinutes: number | null,
  firstSender: "student" | "tutor" = "student",
): Promise<number> {
  const student = await createStudent();
  const { roomId } = await openRoom(db(), student.id, tutorId);
  const [opener, other] = firstSender === "student" ? [student.id, tutorId] : [tutorId, student.id];
  const firstAt = start.toISOString();
  await recordLastMessage(db(), message(roomId, opener, 1, firstAt), {
    firstSenderId: opener,
    firstAt,
    reply: null,
  });
  if (replyMinutes !== null) {
    const at = new Date(start.getTime() + replyMinutes * MINUTE_MS).toISOString();
    await recordLastMessage(db(), message(roomId, other, 2, at), {
      firstSenderId: opener,
      firstAt,
      reply: { senderId: other, at },
    });
  }
  return roomId;
}

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

describe("a tutor's first-reply rows (the chat summary's write)", () => {
  it("starts a row with the student's first message and completes it with the tutor's first reply", async () => {
    const student = await verifiedStudent();
    const teacher = await onboardedTutor();
    const roomId = await startRoom(student, teacher, "عايز أبدأ حصص محادثة");
    const opened = await rowOf(roomId);
    expect(opened).toMatchObject({
      tutor_id: teacher.user.id,
      student_id: student.user.id,
      first_reply_at: null,
      reply_seconds: null,
    });

    const reply = await chatRoom(env, roomId).send(teacher.user.id, "أهلًا بيك");
    expect(reply.result).toBe("ok");
    // The room writes its summary (and the reply with it) after the ack.
    await eventually(async () => (await rowOf(roomId))?.first_reply_at != null);
    const answered = await rowOf(roomId);
    expect(answered!.first_reply_at).toBe(reply.message!.createdAt);
    expect(answered!.reply_seconds).toBe(
      Math.round((Date.parse(reply.message!.createdAt) - Date.parse(opened!.first_message_at)) / 1000),
    );

    // A later message of either member changes nothing.
    await chatRoom(env, roomId).send(student.user.id, "تمام، شكرًا");
    await chatRoom(env, roomId).send(teacher.user.id, "العفو");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rowOf(roomId)).toEqual(answered);
  });

  it("writes nothing for a room the tutor started, or one between two tutors", async () => {
    const tutor = await createTutor();
    const tutorStarted = await chat(tutor.id, new Date(), 5, "tutor");
    expect(await rowOf(tutorStarted)).toBeNull();

    const manager = await createTutor({ role: Role.TutorManager });
    const { roomId } = await openRoom(db(), tutor.id, manager.id);
    const at = new Date().toISOString();
    await recordLastMessage(db(), message(roomId, tutor.id, 1, at), {
      firstSenderId: tutor.id,
      firstAt: at,
      reply: { senderId: manager.id, at },
    });
    expect(await rowOf(roomId)).toBeNull();
  });

  it("keeps the first reply: a later summary with another reply time does not move it", async () => {
    const tutor = await createTutor();
    const start = new Date(Date.now() - 3 * 60 * MINUTE_MS);
    const roomId = await chat(tutor.id, start, 30);
    const student = (await rowOf(roomId))!.student_id;
    const later = new Date().toISOString();
    await recordLastMessage(db(), message(roomId, tutor.id, 5, later), {
      firstSenderId: student,
      firstAt: start.toISOString(),
      reply: { senderId: tutor.id, at: later },
    });
    expect((await rowOf(roomId))!.reply_seconds).toBe(30 * 60);
  });
});

describe("refreshResponseTimes (the hourly job)", () => {
  it("sets the median over the last 30 days, null under five answered chats, and shows it on the card", async () => {
    const now = new Date();
    const odd = await onboardedTutor();
    const even = await createTutor();
    const few = await createTutor();
    const stale = await createTutor();

    // Five answered chats (minutes): the median is the third, 45; an unanswered one and chats
    // older than the window are left out.
    for (const minutes of [240, 5, 45, 20, 600]) await chat(odd.user.id, ago(now, 2), minutes);
    await chat(odd.user.id, ago(now, 1), null);
    for (const minutes of [1, 1, 1]) await chat(odd.user.id, ago(now, 31), minutes);

    // Six: the mean of the two middle ones (60 and 120 minutes).
    for (const minutes of [10, 60, 120, 30, 300, 900]) await chat(even.id, ago(now, 3), minutes);

    // Four answered in the window (and three more outside it): too few.
    for (const minutes of [10, 20, 30, 40]) await chat(few.id, ago(now, 10), minutes);
    for (const minutes of [10, 20, 30]) await chat(few.id, ago(now, 40), minutes);

    // Shown before, no chats in the window now: cleared.
    await env.DB.prepare("UPDATE tutors SET response_seconds = 3600 WHERE id = ?").bind(stale.id).run();
    await chat(stale.id, ago(now, 45), 5);

    const changed = await refreshResponseTimes(db(), now);
    expect(changed).toBeGreaterThanOrEqual(3);
    expect(await responseSecondsOf(odd.user.id)).toBe(45 * 60);
    expect(await responseSecondsOf(even.id)).toBe(90 * 60);
    expect(await responseSecondsOf(few.id)).toBeNull();
    expect(await responseSecondsOf(stale.id)).toBeNull();
    expect(MIN_RESPONSE_CONVERSATIONS).toBe(5);

    // The card and the profile carry it (the list's cache was flushed).
    const info = await callContract(tutorContracts.info, { params: { id: odd.user.id } });
    expect(info.body.responseSeconds).toBe(45 * 60);
    const list = await callContract(tutorContracts.list, { query: { page: 1, size: 100 } });
    expect(list.body.list.find((card) => card.id === odd.user.id)?.responseSeconds).toBe(45 * 60);

    // Run again: nothing changes.
    expect(await refreshResponseTimes(db(), now)).toBe(0);
    // A month later, every chat is out of the window.
    await refreshResponseTimes(db(), new Date(now.getTime() + 30 * DAY_MS));
    expect(await responseSecondsOf(odd.user.id)).toBeNull();
  });

  it("ignores tutor-started rooms in the median", async () => {
    const now = new Date();
    const tutor = await createTutor();
    for (const minutes of [10, 10, 10, 10]) await chat(tutor.id, ago(now, 1), minutes);
    for (const minutes of [1, 1, 1]) await chat(tutor.id, ago(now, 1), minutes, "tutor");
    await refreshResponseTimes(db(), now);
    expect(await responseSecondsOf(tutor.id)).toBeNull();
    await chat(tutor.id, ago(now, 1), 10);
    await refreshResponseTimes(db(), now);
    expect(await responseSecondsOf(tutor.id)).toBe(10 * 60);
  });
});
