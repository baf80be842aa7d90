import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Paged } from "../../../schema/api/common";
import type { SlotAction, SlotActionsResult, SlotView } from "../../../schema/api/availability-slot";
import {
  availabilitySlots,
  demoSessions,
  interviews,
  lessonMembers,
  lessons,
  notificationPreferences,
  users,
} from "../../../schema/db";
import { InterviewStatus, ReviewStatus, Role, type SlotPurpose } from "../../../schema/enums";
import type { ErrorCode } from "../../../schema/errors";
import { GRID_MS } from "../../../schema/pricing";
import type { Db } from "../../core/context";
import { fail } from "../../core/failure";
import { messagesTo } from "../../notifications/channels";
import {
  prefsOfUser,
  recipientSelection,
  recipientsQuery,
  toRecipient,
} from "../../notifications/preferences";
import { timeMark } from "../../notifications/clock";
import type { Message } from "../../notifications/outbox";

export type SlotRow = typeof availabilitySlots.$inferSelect;

export function toSlotView(slot: SlotRow): SlotView {
  return {
    id: slot.id,
    userId: slot.userId,
    start: slot.start,
    end: slot.end,
    purpose: slot.purpose as SlotPurpose,
  };
}

/** docs/rules.md, Availability: slot boundaries are on the 15-minute grid. */
export const onGrid = (isoTime: string) => Date.parse(isoTime) % GRID_MS === 0;

/** [a, b) and [c, d) share time; touching ends do not count. */
export const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  a.start < b.end && a.end > b.start;

export type SlotPlan = {
  creates: Array<{ start: string; end: string; purpose: SlotPurpose }>;
  updates: Array<{ id: number; start: string; end: string }>;
  deletes: number[];
};

type Refusal = { code: ErrorCode; action: number };

function rangeRefusal(start: string, end: string, now: Date): ErrorCode | null {
  if (!onGrid(start) || !onGrid(end) || end <= start) return "bad-request";
  if (start <= now.toISOString()) return "slot-time-passed";
  return null;
}

/**
 * Checks a batch of slot actions against the user's live slots (pure). Each action is checked in
 * order; then the resulting schedule must have no two overlapping slots (`conflicting-schedule`).
 * `existing` must hold every live slot of the user that ends after now, and the ones the actions name.
 */
export function planSlotChanges(existing: SlotRow[], actions: SlotAction[], now: Date): SlotPlan | Refusal {
  const byId = new Map(existing.map((slot) => [slot.id, slot]));
  const plan: SlotPlan = { creates: [], updates: [], deletes: [] };
  const touched = new Set<number>();
  const at = now.toISOString();
  for (const [index, action] of actions.entries()) {
    if (action.type === "create") {
      const code = rangeRefusal(action.start, action.end, now);
      if (code) return { code, action: index };
      plan.creates.push({ start: action.start, end: action.end, purpose: action.purpose });
      continue;
    }
    const slot = byId.get(action.id);
    if (!slot) return { code: "slot-not-found", action: index };
    if (touched.has(action.id)) return { code: "bad-request", action: index };
    touched.add(action.id);
    // A slot that has started is history (its lessons may be under way): it is not changed.
    if (slot.start <= at) return { code: "slot-time-passed", action: index };
    if (action.type === "delete") {
      plan.deletes.push(action.id);
      continue;
    }
    const code = rangeRefusal(action.start, action.end, now);
    if (code) return { code, action: index };
    plan.updates.push({ id: action.id, start: action.start, end: action.end });
  }
  const deleted = new Set(plan.deletes);
  const moved = new Map(plan.updates.map((update) => [update.id, update]));
  const kept = existing.filter((slot) => !deleted.has(slot.id) && !moved.has(slot.id) && slot.end > at);
  // Changed ranges in action order, so a clash names the later of the two actions.
  const changed = [
    ...plan.updates.map((update) => ({
      ...update,
      action: actions.findIndex((a) => a.type === "update" && a.id === update.id),
    })),
    ...plan.creates.map((create, n) => ({ ...create, action: nthCreateIndex(actions, n) })),
  ].sort((a, b) => a.action - b.action);
  for (const [i, range] of changed.entries()) {
    const clash =
      kept.some((slot) => overlaps(slot, range)) ||
      changed.slice(0, i).some((other) => overlaps(other, range));
    if (clash) return { code: "conflicting-schedule", action: range.action };
  }
  return plan;
}

function nthCreateIndex(actions: SlotAction[], n: number): number {
  let seen = -1;
  return actions.findIndex((action) => action.type === "create" && ++seen === n);
}

export function isRefusal(plan: SlotPlan | Refusal): plan is Refusal {
  return "code" in plan;
}

export async function listSlots(
  db: Db,
  query: { userId: number; after?: string; before?: string; page: number; size: number },
): Promise<Paged<SlotView>> {
  const where = and(
    eq(availabilitySlots.userId, query.userId),
    isNull(availabilitySlots.deletedAt),
    query.after ? gt(availabilitySlots.end, query.after) : undefined,
    query.before ? lt(availabilitySlots.start, query.before) : undefined,
  );
  const [rows, [total]] = await db.batch([
    db
      .select()
      .from(availabilitySlots)
      .where(where)
      .orderBy(asc(availabilitySlots.start))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(availabilitySlots).where(where),
  ]);
  return { list: rows.map(toSlotView), total: total?.total ?? 0 };
}

/** Marker of the guard statement below; SQLite's json() fails on it, rolling the batch back. */
const OVERLAP_GUARD = "conflicting-schedule-guard";

export type CanceledBookings = {
  /** subscriptionId null: the free trial, which took no minutes (none come back). */
  lessons: Array<{ id: number; start: string; subscriptionId: number | null }>;
  interviews: Array<{ id: number; start: string; intervieweeId: number }>;
  demoSessions: Array<{ id: number; start: string; tutorId: number }>;
};

/**
 * Applies the caller's slot actions in one db.batch (one implicit transaction): deleting a slot
 * cancels its bookings (lessons by the tutor, interviews and demo sessions by the interviewer)
 * and removes it when nothing was ever booked in it, else keeps it as deleted; moving or
 * shrinking a slot cancels exactly the bookings that no longer fit. The last statement re-checks
 * the whole schedule and aborts the batch on an overlap, so two concurrent requests cannot both
 * add overlapping slots.
 */
export async function applySlotActions(
  db: Db,
  userId: number,
  actions: SlotAction[],
  now = new Date(),
): Promise<{ result: SlotActionsResult; canceled: CanceledBookings }> {
  const at = now.toISOString();
  const named = actions.flatMap((action) => (action.type === "create" ? [] : [action.id]));
  const existing = await db
    .select()
    .from(availabilitySlots)
    .where(
      and(
        eq(availabilitySlots.userId, userId),
        isNull(availabilitySlots.deletedAt),
        named.length
          ? or(gt(availabilitySlots.end, at), inArray(availabilitySlots.id, named))
          : gt(availabilitySlots.end, at),
      ),
    );
  const plan = planSlotChanges(existing, actions, now);
  if (isRefusal(plan)) fail(plan.code, { [`actions.${plan.action}`]: plan.code });

  const lessonCancel = { canceledBy: userId, canceledAt: at, updatedAt: at };
  const sessionCancel = { canceledBy: userId, canceledAt: at, updatedAt: at };
  const cancelIn = (slotId: number, keep?: { start: string; end: string }) => {
    const outside = (t: typeof lessons | typeof interviews | typeof demoSessions): SQL | undefined =>
      keep ? or(lt(t.start, keep.start), gt(t.end, keep.end)) : undefined;
    return [
      db
        .update(lessons)
        .set(lessonCancel)
        .where(and(eq(lessons.slotId, slotId), isNull(lessons.canceledAt), outside(lessons)))
        .returning({ id: lessons.id, start: lessons.start, subscriptionId: lessons.subscriptionId }),
      db
        .update(interviews)
        .set({ ...sessionCancel, status: InterviewStatus.CanceledByInterviewer })
        .where(
          and(
            eq(interviews.slotId, slotId),
            eq(interviews.status, InterviewStatus.Pending),
            outside(interviews),
          ),
        )
        .returning({ id: interviews.id, start: interviews.start, intervieweeId: interviews.intervieweeId }),
      db
        .update(demoSessions)
        .set({ ...sessionCancel, status: ReviewStatus.CanceledByTutorManager })
        .where(
          and(
            eq(demoSessions.slotId, slotId),
            eq(demoSessions.status, ReviewStatus.Pending),
            outside(demoSessions),
          ),
        )
        .returning({ id: demoSessions.id, start: demoSessions.start, tutorId: demoSessions.tutorId }),
    ] as const;
  };
  const mine = (id: number) =>
    and(
      eq(availabilitySlots.id, id),
      eq(availabilitySlots.userId, userId),
      isNull(availabilitySlots.deletedAt),
    );
  const neverBooked = (id: number) =>
    sql`NOT EXISTS (SELECT 1 FROM ${lessons} WHERE ${lessons.slotId} = ${id})
      AND NOT EXISTS (SELECT 1 FROM ${interviews} WHERE ${interviews.slotId} = ${id})
      AND NOT EXISTS (SELECT 1 FROM ${demoSessions} WHERE ${demoSessions.slotId} = ${id})`;

  const statements = [
    ...plan.deletes.flatMap((id) => [
      ...cancelIn(id),
      db
        .delete(availabilitySlots)
        .where(and(mine(id), neverBooked(id)))
        .returning({ id: availabilitySlots.id }),
      // Runs after the delete: matches only a slot that had bookings, which is kept as deleted.
      db
        .update(availabilitySlots)
        .set({ deletedAt: at, updatedAt: at })
        .where(mine(id))
        .returning({ id: availabilitySlots.id }),
    ]),
    ...plan.updates.flatMap((update) => [
      ...cancelIn(update.id, update),
      db
        .update(availabilitySlots)
        .set({ start: update.start, end: update.end, updatedAt: at })
        .where(mine(update.id))
        .returning(),
    ]),
    ...(plan.creates.length
      ? [
          db
            .insert(availabilitySlots)
            .values(plan.creates.map((slot) => ({ ...slot, userId, createdAt: at, updatedAt: at })))
            .returning(),
        ]
      : []),
    db
      .select({
        clash: sql<null>`CASE WHEN EXISTS (
          SELECT 1 FROM ${availabilitySlots} a JOIN ${availabilitySlots} b ON b.user_id = a.user_id AND b.id > a.id
          WHERE a.user_id = ${userId} AND a.deleted_at IS NULL AND b.deleted_at IS NULL
            AND a.end > ${at} AND b.end > ${at} AND a.start < b.end AND a.end > b.start
        ) THEN json(${OVERLAP_GUARD}) END`,
      })
      .from(users)
      .where(eq(users.id, userId)),
  ];

  let results: unknown[];
  try {
    results = [...(await db.batch(statements as unknown as Parameters<typeof db.batch>[0]))];
  } catch (error) {
    if (isGuardFailure(error)) fail("conflicting-schedule");
    throw error;
  }

  const canceled: CanceledBookings = { lessons: [], interviews: [], demoSessions: [] };
  const result: SlotActionsResult = {
    created: [],
    updated: [],
    deleted: [],
    canceled: { lessons: [], interviews: [], demoSessions: [] },
  };
  let cursor = 0;
  const take = <T>() => results[cursor++] as T[];
  const collect = () => {
    canceled.lessons.push(...take<CanceledBookings["lessons"][number]>());
    canceled.interviews.push(...take<CanceledBookings["interviews"][number]>());
    canceled.demoSessions.push(...take<CanceledBookings["demoSessions"][number]>());
  };
  for (const id of plan.deletes) {
    collect();
    const removed = take<{ id: number }>().length + take<{ id: number }>().length;
    if (removed) result.deleted.push(id);
  }
  for (const _update of plan.updates) {
    collect();
    result.updated.push(...take<SlotRow>().map(toSlotView));
  }
  if (plan.creates.length) result.created.push(...take<SlotRow>().map(toSlotView));
  result.canceled = {
    lessons: canceled.lessons.map((l) => l.id),
    interviews: canceled.interviews.map((i) => i.id),
    demoSessions: canceled.demoSessions.map((d) => d.id),
  };
  return { result, canceled };
}

function isGuardFailure(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (/malformed JSON/i.test(e.message)) return true;
  return false;
}

// The Arabic text of the notifications this cascade sends.
export const slotMessages = {
  /** `withMinutes` false: the free trial lesson, booked without a plan, took no minutes to give back. */
  lessonCanceled: (start: string, withMinutes = true) => ({
    subject: "حصتك اتلغت",
    body: `المدرّس شال ميعاده، فحصتك اللي كانت يوم ${timeMark(start)} اتلغت. ${withMinutes ? "دقايقها رجعت لرصيدك، وتقدر" : "تقدر"} تحجز ميعاد تاني.`,
  }),
  interviewCanceled: (start: string) => ({
    subject: "مقابلتك اتلغت",
    body: `مدير المدرّسين شال ميعاده، فمقابلتك اللي كانت يوم ${timeMark(start)} اتلغت. تقدر تحجز ميعاد تاني.`,
  }),
  demoSessionCanceled: (start: string) => ({
    subject: "الحصة التجريبية اتلغت",
    body: `مدير المدرّسين شال ميعاده، فحصتك التجريبية اللي كانت يوم ${timeMark(start)} اتلغت. تقدر تحجز ميعاد تاني.`,
  }),
};

/**
 * One notification per person whose booking the cascade cancelled (students, interviewees, demo
 * tutors): email always, WhatsApp or Telegram too when they verified a phone and chose one.
 */
export async function cancellationMessages(db: Db, canceled: CanceledBookings): Promise<Message[]> {
  const lessonIds = canceled.lessons.map((lesson) => lesson.id);
  const personIds = [
    ...canceled.interviews.map((i) => i.intervieweeId),
    ...canceled.demoSessions.map((d) => d.tutorId),
  ];
  if (lessonIds.length === 0 && personIds.length === 0) return [];
  const [students, people] = await db.batch([
    db
      .select({ lessonId: lessonMembers.lessonId, ...recipientSelection })
      .from(lessonMembers)
      .innerJoin(users, eq(users.id, lessonMembers.userId))
      .leftJoin(notificationPreferences, prefsOfUser)
      .where(
        and(
          inArray(lessonMembers.lessonId, lessonIds.length ? lessonIds : [0]),
          eq(lessonMembers.role, Role.Student),
        ),
      ),
    recipientsQuery(db, personIds),
  ]);
  const personOf = new Map(people.map((row) => [row.user.id, toRecipient(row)]));
  const lessonOf = new Map(canceled.lessons.map((lesson) => [lesson.id, lesson]));
  const messages: Message[] = [];
  for (const student of students) {
    const lesson = lessonOf.get(student.lessonId)!;
    messages.push(
      ...messagesTo(
        toRecipient(student),
        slotMessages.lessonCanceled(lesson.start, lesson.subscriptionId !== null),
        "booking-changes",
      ),
    );
  }
  for (const interview of canceled.interviews) {
    const person = personOf.get(interview.intervieweeId);
    if (person)
      messages.push(...messagesTo(person, slotMessages.interviewCanceled(interview.start), "onboarding"));
  }
  for (const demo of canceled.demoSessions) {
    const person = personOf.get(demo.tutorId);
    if (person)
      messages.push(...messagesTo(person, slotMessages.demoSessionCanceled(demo.start), "onboarding"));
  }
  return messages;
}
