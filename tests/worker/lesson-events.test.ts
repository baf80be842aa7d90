import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { PlanPeriod, Role } from "../../schema/enums";
import { createDb } from "../../worker/core/db";
import { createLogger } from "../../worker/core/logger";
import { publishLessonCanceled } from "../../worker/realtime/lesson-events";
import {
  addMinutes,
  book,
  createPlan,
  createStudent,
  createUser,
  gridTime,
  subscribe,
  tutorFreeAt,
  type Session,
} from "./factories-lessons";
import { SANDBOX, transactionRow } from "./factories-payments";
import { TestSocket, closeAll } from "./factories-chat";
import { call, callContract } from "./helpers";
import { lessonContracts } from "../../schema/api/lesson";
import { availabilitySlotContracts } from "../../schema/api/availability-slot";
import { subscriptionContracts } from "../../schema/api/subscription";
import { paymentContracts } from "../../schema/api/payment";

const open: TestSocket[] = [];
const channelOf = async (who: Session) => {
  const socket = await TestSocket.open(`/parties/user-channel/${who.id}?token=${who.token}`);
  open.push(socket);
  return socket;
};
afterEach(async () => {
  await closeAll(...open.splice(0));
});

/** A subscribed student, a tutor free around `hours` ahead, and both members' sockets. */
async function pair(hours = 24) {
  const start = gridTime(hours);
  const tutor = await tutorFreeAt(addMinutes(start, -60), 4);
  const student = await createStudent();
  await subscribe(student.id, { weeklyMinutes: 120 });
  return {
    start,
    tutor,
    student,
    tutorSocket: await channelOf(tutor),
    studentSocket: await channelOf(student),
  };
}

async function booked(hours = 24) {
  const setup = await pair(hours);
  const response = await book(setup.student, setup.tutor.id, setup.start, 30);
  expect(response.status).toBe(201);
  return { ...setup, lessonId: response.body.id as number };
}

const isLesson = (id: number) => (payload: { lessonId: number }) => payload.lessonId === id;

describe("lesson events reach both members", () => {
  it("sends LessonBooked to the tutor and the student when a lesson is booked", async () => {
    const { tutorSocket, studentSocket, lessonId } = await booked();
    expect(await tutorSocket.next("LessonBooked", isLesson(lessonId))).toEqual({ lessonId });
    expect(await studentSocket.next("LessonBooked", isLesson(lessonId))).toEqual({ lessonId });
  });

  it("sends nothing to a user who is not a member", async () => {
    const stranger = await createStudent();
    const watcher = await channelOf(stranger);
    const { tutorSocket, lessonId } = await booked();
    await tutorSocket.next("LessonBooked", isLesson(lessonId));
    expect(watcher.all("LessonBooked")).toEqual([]);
  });

  it("sends LessonRebooked to both when the student reschedules", async () => {
    const { start, student, tutorSocket, studentSocket, lessonId } = await booked();
    const moved = await callContract(lessonContracts.reschedule, {
      token: student.token,
      body: { id: lessonId, start: addMinutes(start, 30).toISOString() },
    });
    expect(moved.status).toBe(200);
    expect(await tutorSocket.next("LessonRebooked", isLesson(lessonId))).toEqual({ lessonId });
    expect(await studentSocket.next("LessonRebooked", isLesson(lessonId))).toEqual({ lessonId });
  });

  it("sends LessonCanceled to both when a member cancels, and nothing on a refused cancel", async () => {
    const { tutor, tutorSocket, studentSocket, lessonId } = await booked();
    expect(
      (await callContract(lessonContracts.cancel, { params: { id: lessonId }, token: tutor.token })).status,
    ).toBe(200);
    expect(await tutorSocket.next("LessonCanceled", isLesson(lessonId))).toEqual({ lessonId });
    expect(await studentSocket.next("LessonCanceled", isLesson(lessonId))).toEqual({ lessonId });
    expect(
      (await callContract(lessonContracts.cancel, { params: { id: lessonId }, token: tutor.token })).status,
    ).toBe(400);
    expect(studentSocket.all("LessonCanceled")).toHaveLength(1);
  });

  it("sends LessonCanceled to both when the tutor deletes the slot holding the lesson", async () => {
    const { tutor, tutorSocket, studentSocket, lessonId } = await booked();
    const slot = await env.DB.prepare("SELECT slot_id AS id FROM lessons WHERE id = ?")
      .bind(lessonId)
      .first<{ id: number }>();
    const response = await callContract(availabilitySlotContracts.apply, {
      token: tutor.token,
      body: { actions: [{ type: "delete", id: slot!.id }] },
    });
    expect(response.status).toBe(200);
    expect(response.body.canceled.lessons).toEqual([lessonId]);
    expect(await studentSocket.next("LessonCanceled", isLesson(lessonId))).toEqual({ lessonId });
    expect(await tutorSocket.next("LessonCanceled", isLesson(lessonId))).toEqual({ lessonId });
  });

  it("sends LessonCanceled to both for each future lesson when the student cancels the subscription", async () => {
    const { tutorSocket, studentSocket, lessonId, student } = await booked();
    const response = await callContract(subscriptionContracts.cancel, { token: student.token });
    expect(response.status).toBe(200);
    expect(response.body.canceledLessons).toBe(1);
    expect(await studentSocket.next("LessonCanceled", isLesson(lessonId))).toEqual({ lessonId });
    expect(await tutorSocket.next("LessonCanceled", isLesson(lessonId))).toEqual({ lessonId });
  });

  it("sends LessonCanceled to both when the subscription's payment is refunded", async () => {
    const start = gridTime(24);
    const tutor = await tutorFreeAt(addMinutes(start, -60), 4);
    const student = await createStudent();
    const planId = await createPlan({ weeklyMinutes: 60 });
    const order = await callContract(paymentContracts.payReference, {
      token: student.token,
      body: { planId, period: PlanPeriod.Month },
    });
    expect(order.status).toBe(201);
    await call("POST", `${SANDBOX}/__emu/pay/${order.body.referenceNumber}`);
    const lesson = await book(student, tutor.id, start, 30);
    expect(lesson.status).toBe(201);
    const lessonId = lesson.body.id as number;
    const [tutorSocket, studentSocket] = [await channelOf(tutor), await channelOf(student)];
    const admin = await createUser(Role.SuperAdmin);
    const tx = (await transactionRow(order.body.transaction.id))!;
    expect(
      (
        await callContract(paymentContracts.refund, {
          token: admin.token,
          body: { transactionId: tx.id, idempotencyKey: crypto.randomUUID() },
        })
      ).status,
    ).toBe(200);
    expect(
      await env.DB.prepare("SELECT canceled_at IS NOT NULL AS canceled FROM lessons WHERE id = ?")
        .bind(lessonId)
        .first(),
    ).toEqual({ canceled: 1 });
    expect(await studentSocket.next("LessonCanceled", isLesson(lessonId))).toEqual({ lessonId });
    expect(await tutorSocket.next("LessonCanceled", isLesson(lessonId))).toEqual({ lessonId });
  });
});

describe("publishLessonCanceled (for cancellations outside the lesson routes)", () => {
  it("reads both members of each lesson and tells them, answering how many it reached", async () => {
    const { tutorSocket, studentSocket, lessonId } = await booked();
    const reached = await publishLessonCanceled(env, createDb(env), [lessonId], createLogger("test"));
    expect(reached).toBe(2);
    expect(await tutorSocket.next("LessonCanceled", isLesson(lessonId))).toEqual({ lessonId });
    expect(await studentSocket.next("LessonCanceled", isLesson(lessonId))).toEqual({ lessonId });
  });

  it("reaches nobody for no lessons or an unknown lesson, and never throws", async () => {
    const db = createDb(env);
    expect(await publishLessonCanceled(env, db, [], createLogger("test"))).toBe(0);
    expect(await publishLessonCanceled(env, db, [987654], createLogger("test"))).toBe(0);
  });
});
