import { describe, expect, it } from "vitest";
import type { SlotView } from "@schema/api/availability-slot";
import { SlotPurpose } from "@schema/enums";
import { ApiError } from "../../web/src/lib/api-error";
import {
  addCreate,
  addMove,
  addRemove,
  buildBatch,
  draftSlots,
  mapBatchError,
  rangeProblem,
  undoChange,
  type PendingChange,
} from "../../web/src/features/availability/changes";
import {
  createDefaults,
  dialogDays,
  firstStartMinute,
  startMinutes,
} from "../../web/src/features/availability/slot-options";
import { weekDays } from "@schema/calendar";

const saved: SlotView[] = [
  {
    id: 1,
    userId: 4,
    start: "2026-11-30T08:00:00.000Z",
    end: "2026-11-30T10:00:00.000Z",
    purpose: SlotPurpose.Lesson,
  },
  {
    id: 2,
    userId: 4,
    start: "2026-12-01T08:00:00.000Z",
    end: "2026-12-01T10:00:00.000Z",
    purpose: SlotPurpose.General,
  },
];
const now = new Date("2026-11-29T12:00:00.000Z");

describe("pending changes", () => {
  it("draws new, moved and deleted slots", () => {
    let pending: PendingChange[] = addCreate([], {
      start: "2026-12-02T08:00:00.000Z",
      end: "2026-12-02T09:00:00.000Z",
      purpose: SlotPurpose.Interview,
    });
    const drafts = draftSlots(saved, pending);
    pending = addMove(
      pending,
      drafts.find((d) => d.id === 1)!,
      { start: "2026-11-30T09:00:00.000Z", end: "2026-11-30T11:00:00.000Z" },
    );
    pending = addRemove(
      pending,
      drafts.find((d) => d.id === 2)!,
    );
    const next = draftSlots(saved, pending);
    expect(next.map((d) => [d.id, d.state, d.start])).toEqual([
      [1, "moved", "2026-11-30T09:00:00.000Z"],
      [2, "deleted", "2026-12-01T08:00:00.000Z"],
      [null, "new", "2026-12-02T08:00:00.000Z"],
    ]);
  });

  it("edits a new slot in place, drops it when removed, and undoes a saved slot's change", () => {
    let pending = addCreate([], {
      start: "2026-12-02T08:00:00.000Z",
      end: "2026-12-02T09:00:00.000Z",
      purpose: SlotPurpose.General,
    });
    const created = draftSlots(saved, pending).find((d) => d.id === null)!;
    pending = addMove(pending, created, {
      start: "2026-12-02T09:00:00.000Z",
      end: "2026-12-02T09:45:00.000Z",
    });
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      kind: "create",
      start: "2026-12-02T09:00:00.000Z",
      end: "2026-12-02T09:45:00.000Z",
    });
    expect(addRemove(pending, created)).toEqual([]);

    const first = draftSlots(saved, []).find((d) => d.id === 1)!;
    const moved = addMove(
      addMove([], first, { start: "2026-11-30T08:00:00.000Z", end: "2026-11-30T09:00:00.000Z" }),
      first,
      {
        start: "2026-11-30T08:00:00.000Z",
        end: "2026-11-30T08:30:00.000Z",
      },
    );
    expect(moved).toHaveLength(1);
    expect(addRemove(moved, first)).toEqual([{ kind: "delete", key: "delete-1", id: 1 }]);
    expect(undoChange(moved, first)).toEqual([]);
  });

  it("checks the grid, the past and overlaps before a change is kept", () => {
    const drafts = draftSlots(saved, []);
    expect(
      rangeProblem(drafts, { start: "2026-12-02T08:10:00.000Z", end: "2026-12-02T09:00:00.000Z" }, now),
    ).toBe("bad-request");
    expect(
      rangeProblem(drafts, { start: "2026-12-02T09:00:00.000Z", end: "2026-12-02T09:00:00.000Z" }, now),
    ).toBe("bad-request");
    expect(
      rangeProblem(drafts, { start: "2026-11-29T08:00:00.000Z", end: "2026-11-29T09:00:00.000Z" }, now),
    ).toBe("slot-time-passed");
    expect(
      rangeProblem(drafts, { start: "2026-11-30T09:45:00.000Z", end: "2026-11-30T11:00:00.000Z" }, now),
    ).toBe("conflicting-schedule");
    // Touching ends do not overlap; a slot does not clash with itself while being moved.
    expect(
      rangeProblem(drafts, { start: "2026-11-30T10:00:00.000Z", end: "2026-11-30T11:00:00.000Z" }, now),
    ).toBeNull();
    expect(
      rangeProblem(
        drafts,
        { start: "2026-11-30T09:00:00.000Z", end: "2026-11-30T11:00:00.000Z" },
        now,
        "slot-1",
      ),
    ).toBeNull();
    // A slot about to be deleted frees its time.
    const withDelete = draftSlots(saved, addRemove([], drafts[0]!));
    expect(
      rangeProblem(withDelete, { start: "2026-11-30T08:00:00.000Z", end: "2026-11-30T09:00:00.000Z" }, now),
    ).toBeNull();
  });
});

describe("the batch", () => {
  it("sends deletes, then moves, then new slots, remembering where each action came from", () => {
    const drafts = draftSlots(saved, []);
    let pending = addCreate([], {
      start: "2026-11-30T08:00:00.000Z",
      end: "2026-11-30T09:00:00.000Z",
      purpose: SlotPurpose.Lesson,
    });
    pending = addMove(pending, drafts[1]!, {
      start: "2026-12-01T08:00:00.000Z",
      end: "2026-12-01T08:30:00.000Z",
    });
    pending = addRemove(pending, drafts[0]!);
    const { actions, keys } = buildBatch(pending);
    expect(actions).toEqual([
      { type: "delete", id: 1 },
      { type: "update", id: 2, start: "2026-12-01T08:00:00.000Z", end: "2026-12-01T08:30:00.000Z" },
      {
        type: "create",
        start: "2026-11-30T08:00:00.000Z",
        end: "2026-11-30T09:00:00.000Z",
        purpose: SlotPurpose.Lesson,
      },
    ]);
    expect(keys[0]).toBe("delete-1");
    expect(keys[1]).toBe("update-2");
    expect(keys[2]).toBe(pending[0]!.key);
  });

  it("maps a refusal's actions.N field to the change that failed", () => {
    const keys = ["delete-1", "update-2", "new-9"];
    const error = new ApiError("conflicting-schedule", 409, "", { "actions.2": "conflicting-schedule" });
    expect(mapBatchError(error, keys)).toEqual({
      byKey: { "new-9": "conflicting-schedule" },
      formError: null,
    });
    expect(
      mapBatchError(new ApiError("slot-time-passed", 422, "", { "actions.0": "slot-time-passed" }), keys)
        .byKey,
    ).toEqual({ "delete-1": "slot-time-passed" });
    // No action named (the database guard, or the network): a message for the whole batch.
    expect(mapBatchError(new ApiError("conflicting-schedule", 409), keys)).toEqual({
      byKey: {},
      formError: "conflicting-schedule",
    });
    expect(mapBatchError(new Error("boom"), keys)).toEqual({ byKey: {}, formError: "unexpected" });
  });
});

describe("the add dialog's days and times (web/src/features/availability/slot-options.ts)", () => {
  // Thursday 26 November 2026, 16:07 in Cairo (UTC+2); the week shown starts on Saturday the 21st.
  const late = new Date("2026-11-26T14:07:00.000Z");
  const week = weekDays("2026-11-21");

  it("offers only today and the later days of the week shown, never a past day", () => {
    expect(dialogDays(week, late)).toEqual(["2026-11-26", "2026-11-27"]);
    expect(dialogDays(week, late).every((day) => day >= "2026-11-26")).toBe(true);
  });

  it("starts today at the next 15-minute step after now, and at midnight on a later day", () => {
    expect(firstStartMinute("2026-11-26", late)).toBe(16 * 60 + 15);
    expect(startMinutes("2026-11-26", late, 15)[0]).toBe(16 * 60 + 15);
    expect(startMinutes("2026-11-26", late, 15).at(-1)).toBe(23 * 60 + 45);
    expect(firstStartMinute("2026-11-27", late)).toBe(0);
    expect(firstStartMinute("2026-11-25", late)).toBeNull();
    // Exactly on a step: that step has gone by (a start must be in the future).
    expect(firstStartMinute("2026-11-26", new Date("2026-11-26T14:15:00.000Z"))).toBe(16 * 60 + 30);
  });

  it("drops today once its last step has gone by, and a past week offers the week from today", () => {
    const lastStep = new Date("2026-11-26T21:50:00.000Z"); // 23:50 in Cairo
    expect(dialogDays(week, lastStep)).toEqual(["2026-11-27"]);
    expect(dialogDays(weekDays("2026-11-14"), late)).toEqual(weekDays("2026-11-26"));
  });

  it("opens «إضافة موعد» on an open day, at a time ahead", () => {
    expect(createDefaults(week, late)).toEqual({
      day: "2026-11-26",
      startMinute: 17 * 60,
      endMinute: 18 * 60,
    });
    expect(createDefaults(week, new Date("2026-11-26T21:20:00.000Z"))).toEqual({
      day: "2026-11-26",
      startMinute: 23 * 60 + 30,
      endMinute: 24 * 60,
    });
    expect(createDefaults(weekDays("2026-11-28"), late)).toEqual({
      day: "2026-11-28",
      startMinute: 16 * 60,
      endMinute: 17 * 60,
    });
  });
});
