import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InterviewStatus, ReviewStatus, Role } from "../../schema/enums";
import { planSlotChanges } from "../../worker/domain/tutors/availability";
import {
  addMinutes,
  at,
  bookDemoInSlot,
  bookInterviewInSlot,
  bookLessonInSlot,
  createSlot,
  slotActions,
} from "./factories-tutors";
import { callContract, createUserWithRole, latestMessage, register } from "./helpers";
import { availabilitySlotContracts } from "../../schema/api/availability-slot";

const slotRow = (id: number) =>
  env.DB.prepare("SELECT start, end, deleted_at FROM availability_slots WHERE id = ?")
    .bind(id)
    .first<{ start: string; end: string; deleted_at: string | null }>();
const liveSlotCount = async (userId: number) =>
  (await env.DB.prepare(
    "SELECT count(*) AS n FROM availability_slots WHERE user_id = ? AND deleted_at IS NULL",
  )
    .bind(userId)
    .first<{ n: number }>())!.n;

afterEach(() => {
  vi.useRealTimers();
});

describe("publishing availability", () => {
  it("creates slots for the caller and lists them by start", async () => {
    const tutor = await register(Role.Tutor);
    const response = await slotActions(tutor.token, [
      { type: "create", start: at(24 * 60 + 120), end: at(24 * 60 + 180), purpose: 2 },
      { type: "create", start: at(24 * 60), end: at(24 * 60 + 60), purpose: 1 },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.created).toHaveLength(2);
    const listed = await callContract(availabilitySlotContracts.list, { query: { userId: tutor.user.id } });
    expect(listed.body.total).toBe(2);
    expect(listed.body.list.map((s: { start: string }) => s.start)).toEqual([at(24 * 60), at(24 * 60 + 120)]);
    expect(listed.body.list[0]).toMatchObject({ userId: tutor.user.id, end: at(24 * 60 + 60), purpose: 1 });
  });

  it("lists only the slots overlapping after..before, paged", async () => {
    const tutor = await register(Role.Tutor);
    for (const day of [1, 2, 3]) await createSlot(tutor.token, at(day * 1440), at(day * 1440 + 60));
    const window = await callContract(availabilitySlotContracts.list, {
      query: { userId: tutor.user.id, after: at(1440 + 30), before: at(3 * 1440), size: "1" },
    });
    expect(window.body.total).toBe(2);
    expect(window.body.list.map((s: { start: string }) => s.start)).toEqual([at(1440)]);
  });

  it("lists the caller's own slots without userId, and needs one for a visitor", async () => {
    const tutor = await register(Role.Tutor);
    await createSlot(tutor.token, at(1440), at(1500));
    const own = await callContract(availabilitySlotContracts.list, { token: tutor.token });
    const visitor = await callContract(availabilitySlotContracts.list);
    expect([own.body.total, visitor.status, visitor.body.code]).toEqual([1, 400, "bad-request"]);
  });

  it.each([
    ["a start off the 15-minute grid", () => ({ start: addMinutes(at(1440), 5), end: at(1500) })],
    ["an end off the 15-minute grid", () => ({ start: at(1440), end: addMinutes(at(1500), 1) })],
    ["an end before the start", () => ({ start: at(1500), end: at(1440) })],
    ["an empty slot", () => ({ start: at(1440), end: at(1440) })],
  ])("refuses %s with bad-request and stores nothing", async (_label, range) => {
    const tutor = await register(Role.Tutor);
    const response = await slotActions(tutor.token, [{ type: "create", ...range(), purpose: 1 }]);
    expect([response.status, response.body.code, response.body.fields]).toEqual([
      400,
      "bad-request",
      { "actions.0": "bad-request" },
    ]);
    expect(await liveSlotCount(tutor.user.id)).toBe(0);
  });

  it("refuses an unknown purpose with bad-request", async () => {
    const tutor = await register(Role.Tutor);
    const response = await slotActions(tutor.token, [
      { type: "create", start: at(1440), end: at(1500), purpose: 9 },
    ]);
    expect([response.status, response.body.code]).toEqual([400, "bad-request"]);
  });

  it("refuses a slot that starts at or before now with slot-time-passed (clock fixed)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-03-01T10:00:00.000Z"));
    const tutor = await register(Role.Tutor);
    const past = await slotActions(tutor.token, [
      { type: "create", start: "2031-03-01T09:45:00Z", end: "2031-03-01T11:00:00Z", purpose: 1 },
    ]);
    const now = await slotActions(tutor.token, [
      { type: "create", start: "2031-03-01T10:00:00Z", end: "2031-03-01T11:00:00Z", purpose: 1 },
    ]);
    const next = await slotActions(tutor.token, [
      { type: "create", start: "2031-03-01T10:15:00Z", end: "2031-03-01T11:00:00Z", purpose: 1 },
    ]);
    expect([past.status, past.body.code, now.body.code, next.status]).toEqual([
      422,
      "slot-time-passed",
      "slot-time-passed",
      200,
    ]);
    expect(await liveSlotCount(tutor.user.id)).toBe(1);
  });

  it("refuses a slot overlapping a stored one with conflicting-schedule", async () => {
    const tutor = await register(Role.Tutor);
    await createSlot(tutor.token, at(1440), at(1440 + 60));
    const response = await slotActions(tutor.token, [
      { type: "create", start: at(1440 + 45), end: at(1440 + 90), purpose: 1 },
    ]);
    expect([response.status, response.body.code]).toEqual([409, "conflicting-schedule"]);
    expect(await liveSlotCount(tutor.user.id)).toBe(1);
  });

  it("accepts slots that only touch", async () => {
    const tutor = await register(Role.Tutor);
    await createSlot(tutor.token, at(1440), at(1440 + 60));
    const response = await slotActions(tutor.token, [
      { type: "create", start: at(1440 + 60), end: at(1440 + 90), purpose: 1 },
      { type: "create", start: at(1440 - 30), end: at(1440), purpose: 2 },
    ]);
    expect(response.status).toBe(200);
    expect(await liveSlotCount(tutor.user.id)).toBe(3);
  });

  it("refuses a batch whose own slots overlap and stores none of it", async () => {
    const tutor = await register(Role.Tutor);
    const response = await slotActions(tutor.token, [
      { type: "create", start: at(1440), end: at(1500), purpose: 1 },
      { type: "create", start: at(1470), end: at(1530), purpose: 1 },
    ]);
    expect([response.status, response.body.code, response.body.fields]).toEqual([
      409,
      "conflicting-schedule",
      { "actions.1": "conflicting-schedule" },
    ]);
    expect(await liveSlotCount(tutor.user.id)).toBe(0);
  });

  it("lets one of two concurrent overlapping requests win, never both", async () => {
    const tutor = await register(Role.Tutor);
    const answers = await Promise.all(
      [0, 15, 30].map((offset) =>
        slotActions(tutor.token, [
          { type: "create", start: at(1440 + offset), end: at(1440 + offset + 60), purpose: 1 },
        ]),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "conflicting-schedule")).toBe(
      true,
    );
    expect(await liveSlotCount(tutor.user.id)).toBe(1);
  });

  it("does not count another user's slots as a conflict", async () => {
    const tutor = await register(Role.Tutor);
    const other = await register(Role.Tutor);
    await createSlot(other.token, at(1440), at(1500));
    const response = await slotActions(tutor.token, [
      { type: "create", start: at(1440), end: at(1500), purpose: 1 },
    ]);
    expect(response.status).toBe(200);
  });

  it("moves a slot into a place freed by the same batch", async () => {
    const tutor = await register(Role.Tutor);
    const first = await createSlot(tutor.token, at(1440), at(1500));
    const second = await createSlot(tutor.token, at(1500), at(1560));
    const response = await slotActions(tutor.token, [
      { type: "delete", id: first },
      { type: "update", id: second, start: at(1440), end: at(1530) },
    ]);
    expect(response.status).toBe(200);
    expect(await slotRow(second)).toEqual({ start: at(1440), end: at(1530), deleted_at: null });
    expect(await slotRow(first)).toBeNull();
  });

  it("answers slot-not-found for another user's slot and changes nothing", async () => {
    const tutor = await register(Role.Tutor);
    const other = await register(Role.Tutor);
    const theirs = await createSlot(other.token, at(1440), at(1500));
    const update = await slotActions(tutor.token, [
      { type: "update", id: theirs, start: at(1440), end: at(1530) },
    ]);
    const remove = await slotActions(tutor.token, [{ type: "delete", id: theirs }]);
    expect([update.status, update.body.code, remove.body.code]).toEqual([
      404,
      "slot-not-found",
      "slot-not-found",
    ]);
    expect(await slotRow(theirs)).toEqual({ start: at(1440), end: at(1500), deleted_at: null });
  });

  it("refuses naming the same slot twice in one batch", async () => {
    const tutor = await register(Role.Tutor);
    const id = await createSlot(tutor.token, at(1440), at(1500));
    const response = await slotActions(tutor.token, [
      { type: "update", id, start: at(1440), end: at(1530) },
      { type: "delete", id },
    ]);
    expect([response.status, response.body.code]).toEqual([400, "bad-request"]);
  });

  it("does not change or delete a slot that has started (clock moved forward)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-04-01T10:00:00.000Z"));
    const tutor = await register(Role.Tutor);
    const id = await createSlot(tutor.token, "2031-04-01T11:00:00.000Z", "2031-04-01T13:00:00.000Z");
    vi.setSystemTime(new Date("2031-04-01T11:30:00.000Z"));
    const update = await slotActions(tutor.token, [
      { type: "update", id, start: "2031-04-01T12:00:00.000Z", end: "2031-04-01T13:00:00.000Z" },
    ]);
    const remove = await slotActions(tutor.token, [{ type: "delete", id }]);
    expect([update.status, update.body.code, remove.body.code]).toEqual([
      422,
      "slot-time-passed",
      "slot-time-passed",
    ]);
    expect(await slotRow(id)).toEqual({
      start: "2031-04-01T11:00:00.000Z",
      end: "2031-04-01T13:00:00.000Z",
      deleted_at: null,
    });
  });

  it("is for tutor-side users only", async () => {
    const student = await register(Role.Student);
    const response = await slotActions(student.token, [
      { type: "create", start: at(1440), end: at(1500), purpose: 1 },
    ]);
    expect([response.status, response.body.code]).toEqual([403, "forbidden"]);
  });
});

describe("deleting and shrinking slots with bookings", () => {
  it("removes a slot that has nothing booked", async () => {
    const tutor = await register(Role.Tutor);
    const id = await createSlot(tutor.token, at(1440), at(1500));
    const response = await slotActions(tutor.token, [{ type: "delete", id }]);
    expect([response.status, response.body.deleted]).toEqual([200, [id]]);
    expect(await slotRow(id)).toBeNull();
  });

  it("cancels the slot's lessons by the tutor, keeps the slot as deleted, and tells the student", async () => {
    const tutor = await register(Role.Tutor);
    const student = await register(Role.Student);
    const id = await createSlot(tutor.token, at(1440), at(1560));
    const lesson = await bookLessonInSlot(tutor.user.id, student.user.id, id, at(1470));
    const response = await slotActions(tutor.token, [{ type: "delete", id }]);
    expect(response.status).toBe(200);
    expect(response.body.canceled.lessons).toEqual([lesson]);
    const stored = await env.DB.prepare("SELECT canceled_by, canceled_at FROM lessons WHERE id = ?")
      .bind(lesson)
      .first<{ canceled_by: number; canceled_at: string }>();
    expect(stored?.canceled_by).toBe(tutor.user.id);
    expect(stored?.canceled_at).toBeTruthy();
    expect((await slotRow(id))?.deleted_at).toBeTruthy();
    const listed = await callContract(availabilitySlotContracts.list, { query: { userId: tutor.user.id } });
    expect(listed.body.total).toBe(0);
    const message = await latestMessage(student.user.email);
    expect(message.subject).toBe("حصتك اتلغت");
    // The lesson has no subscription (the free trial): it took no minutes, so none are promised back.
    expect(message.body).not.toMatch(/دقايق|دقائق/);
  });

  it("cancels a tutor manager's interviews and demo sessions as the interviewer and tells the tutors", async () => {
    const manager = await createUserWithRole(Role.TutorManager);
    const interviewee = await register(Role.Tutor);
    const demoTutor = await register(Role.Tutor);
    const id = await createSlot(manager.token, at(1440), at(1560), 1);
    const interview = await bookInterviewInSlot(manager.user.id, interviewee.user.id, id, at(1440));
    const demo = await bookDemoInSlot(manager.user.id, demoTutor.user.id, id, at(1500));
    const response = await slotActions(manager.token, [{ type: "delete", id }]);
    expect(response.body.canceled).toEqual({ lessons: [], interviews: [interview], demoSessions: [demo] });
    const i = await env.DB.prepare("SELECT status, canceled_by FROM interviews WHERE id = ?")
      .bind(interview)
      .first();
    const d = await env.DB.prepare("SELECT status, canceled_by FROM demo_sessions WHERE id = ?")
      .bind(demo)
      .first();
    expect(i).toEqual({ status: InterviewStatus.CanceledByInterviewer, canceled_by: manager.user.id });
    expect(d).toEqual({ status: ReviewStatus.CanceledByTutorManager, canceled_by: manager.user.id });
    expect((await latestMessage(interviewee.user.email)).subject).toBe("مقابلتك اتلغت");
    expect((await latestMessage(demoTutor.user.email)).subject).toBe("الحصة التجريبية اتلغت");
  });

  it("shrinking a slot cancels just the lessons that no longer fit", async () => {
    const tutor = await register(Role.Tutor);
    const student = await register(Role.Student);
    const id = await createSlot(tutor.token, at(1440), at(1560));
    const early = await bookLessonInSlot(tutor.user.id, student.user.id, id, at(1440));
    const middle = await bookLessonInSlot(tutor.user.id, student.user.id, id, at(1485), 15);
    const late = await bookLessonInSlot(tutor.user.id, student.user.id, id, at(1530));
    const response = await slotActions(tutor.token, [{ type: "update", id, start: at(1470), end: at(1530) }]);
    expect(response.status).toBe(200);
    expect(response.body.canceled.lessons.sort()).toEqual([early, late].sort());
    const live = await env.DB.prepare("SELECT id FROM lessons WHERE slot_id = ? AND canceled_at IS NULL")
      .bind(id)
      .all();
    expect(live.results.map((r) => r.id)).toEqual([middle]);
    expect(await slotRow(id)).toEqual({ start: at(1470), end: at(1530), deleted_at: null });
  });

  it("moving a slot keeps the lessons still inside it", async () => {
    const tutor = await register(Role.Tutor);
    const student = await register(Role.Student);
    const id = await createSlot(tutor.token, at(1440), at(1500));
    const lesson = await bookLessonInSlot(tutor.user.id, student.user.id, id, at(1470));
    const response = await slotActions(tutor.token, [{ type: "update", id, start: at(1470), end: at(1560) }]);
    expect(response.body.canceled.lessons).toEqual([]);
    const stored = await env.DB.prepare("SELECT canceled_at FROM lessons WHERE id = ?").bind(lesson).first();
    expect(stored).toEqual({ canceled_at: null });
  });

  it("rolls back the cancellations when the batch conflicts", async () => {
    const tutor = await register(Role.Tutor);
    const student = await register(Role.Student);
    const id = await createSlot(tutor.token, at(1440), at(1560));
    await createSlot(tutor.token, at(1560), at(1620));
    const lesson = await bookLessonInSlot(tutor.user.id, student.user.id, id, at(1440));
    const response = await slotActions(tutor.token, [{ type: "update", id, start: at(1500), end: at(1590) }]);
    expect([response.status, response.body.code]).toEqual([409, "conflicting-schedule"]);
    const stored = await env.DB.prepare("SELECT canceled_at FROM lessons WHERE id = ?").bind(lesson).first();
    expect(stored).toEqual({ canceled_at: null });
  });
});

describe("the slot plan (pure rules)", () => {
  const now = new Date("2031-01-01T00:00:00.000Z");
  const slot = (id: number, start: string, end: string) => ({
    id,
    userId: 1,
    start,
    end,
    purpose: 1,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    deletedAt: null,
  });

  it("ignores slots that have ended when checking overlaps", () => {
    const plan = planSlotChanges(
      [slot(1, "2030-12-31T10:00:00.000Z", "2030-12-31T12:00:00.000Z")],
      [{ type: "create", start: "2031-01-01T10:00:00.000Z", end: "2031-01-01T11:00:00.000Z", purpose: 1 }],
      now,
    );
    expect(plan).toEqual({
      creates: [{ start: "2031-01-01T10:00:00.000Z", end: "2031-01-01T11:00:00.000Z", purpose: 1 }],
      updates: [],
      deletes: [],
    });
  });

  it("names the action that conflicts", () => {
    const plan = planSlotChanges(
      [slot(1, "2031-01-01T10:00:00.000Z", "2031-01-01T12:00:00.000Z")],
      [
        { type: "create", start: "2031-01-01T12:00:00.000Z", end: "2031-01-01T13:00:00.000Z", purpose: 1 },
        { type: "update", id: 1, start: "2031-01-01T10:00:00.000Z", end: "2031-01-01T12:15:00.000Z" },
      ],
      now,
    );
    expect(plan).toEqual({ code: "conflicting-schedule", action: 1 });
  });
});
