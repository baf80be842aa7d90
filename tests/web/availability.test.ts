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
