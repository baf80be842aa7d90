import type { SlotAction, SlotView } from "@schema/api/availability-slot";
import type { SlotPurpose } from "@schema/enums";
import { GRID_MS } from "@schema/pricing";
import { isApiError } from "../../lib/api-error";

/** A change the tutor made on the calendar and has not saved yet. */
export type PendingChange =
  | { kind: "create"; key: string; start: string; end: string; purpose: SlotPurpose }
  | { kind: "update"; key: string; id: number; start: string; end: string }
  | { kind: "delete"; key: string; id: number };

export type SlotState = "saved" | "new" | "moved" | "deleted";

/** A slot as the calendar draws it: saved ones with their pending change applied, and new ones. */
export type DraftSlot = {
  key: string;
  id: number | null;
  start: string;
  end: string;
  purpose: SlotPurpose;
  state: SlotState;
};

export const savedKey = (id: number) => `slot-${id}`;

export function draftSlots(saved: SlotView[], pending: PendingChange[]): DraftSlot[] {
  const byId = new Map<number, PendingChange>();
  for (const change of pending) if (change.kind !== "create") byId.set(change.id, change);
  const drafts: DraftSlot[] = saved.map((slot) => {
    const change = byId.get(slot.id);
    const base = {
      key: savedKey(slot.id),
      id: slot.id,
      start: slot.start,
      end: slot.end,
      purpose: slot.purpose,
    };
    if (change?.kind === "delete") return { ...base, state: "deleted" };
    if (change?.kind === "update") return { ...base, start: change.start, end: change.end, state: "moved" };
    return { ...base, state: "saved" };
  });
  for (const change of pending)
    if (change.kind === "create")
      drafts.push({
        key: change.key,
        id: null,
        start: change.start,
        end: change.end,
        purpose: change.purpose,
        state: "new",
      });
  return drafts.sort((a, b) => a.start.localeCompare(b.start));
}

/** Why a range cannot be put on the calendar now (the server checks the same rules). */
export function rangeProblem(
  drafts: DraftSlot[],
  range: { start: string; end: string },
  now: Date,
  ignoreKey?: string,
): string | null {
  const start = Date.parse(range.start);
  const end = Date.parse(range.end);
  if (start % GRID_MS !== 0 || end % GRID_MS !== 0 || end <= start) return "bad-request";
  if (start <= now.getTime()) return "slot-time-passed";
  const clash = drafts.some(
    (slot) =>
      slot.key !== ignoreKey &&
      slot.state !== "deleted" &&
      Date.parse(slot.start) < end &&
      Date.parse(slot.end) > start,
  );
  return clash ? "conflicting-schedule" : null;
}

let nextKey = 1;
export const newKey = () => `new-${nextKey++}`;

/** Adds a new slot. */
export function addCreate(
  pending: PendingChange[],
  slot: { start: string; end: string; purpose: SlotPurpose },
): PendingChange[] {
  return [...pending, { kind: "create", key: newKey(), ...slot }];
}

/** Moves or resizes a slot: a new one is edited in place, a saved one gets (or replaces) its update. */
export function addMove(
  pending: PendingChange[],
  slot: DraftSlot,
  range: { start: string; end: string },
): PendingChange[] {
  if (slot.id === null)
    return pending.map((change) =>
      change.key === slot.key && change.kind === "create" ? { ...change, ...range } : change,
    );
  const id = slot.id;
  const others = pending.filter((change) => change.kind === "create" || change.id !== id);
  return [...others, { kind: "update", key: `update-${id}`, id, ...range }];
}

/** Removes a slot: a new one just disappears, a saved one gets a delete in place of any move. */
export function addRemove(pending: PendingChange[], slot: DraftSlot): PendingChange[] {
  if (slot.id === null) return pending.filter((change) => change.key !== slot.key);
  const id = slot.id;
  return [
    ...pending.filter((change) => change.kind === "create" || change.id !== id),
    { kind: "delete", key: `delete-${id}`, id },
  ];
}

/** Takes back a pending change of a slot (restores a saved slot, drops a new one). */
export function undoChange(pending: PendingChange[], slot: DraftSlot): PendingChange[] {
  if (slot.id === null) return pending.filter((change) => change.key !== slot.key);
  return pending.filter((change) => change.kind === "create" || change.id !== slot.id);
}

/** The body of POST /availability-slot/, and which pending change each action came from. */
export function buildBatch(pending: PendingChange[]): { actions: SlotAction[]; keys: string[] } {
  // Deletes and moves first: they free time that the new slots may take.
  const ordered = [
    ...pending.filter((c) => c.kind === "delete"),
    ...pending.filter((c) => c.kind === "update"),
    ...pending.filter((c) => c.kind === "create"),
  ];
  const actions = ordered.map((change): SlotAction => {
    if (change.kind === "delete") return { type: "delete", id: change.id };
    if (change.kind === "update")
      return { type: "update", id: change.id, start: change.start, end: change.end };
    return { type: "create", start: change.start, end: change.end, purpose: change.purpose };
  });
  return { actions, keys: ordered.map((change) => change.key) };
}

/**
 * A refused batch → the error code of each pending change the server named (fields "actions.N"),
 * and a code for the whole batch when no action is named.
 */
export function mapBatchError(
  error: unknown,
  keys: string[],
): { byKey: Record<string, string>; formError: string | null } {
  if (!isApiError(error)) return { byKey: {}, formError: "unexpected" };
  const byKey: Record<string, string> = {};
  for (const [field, code] of Object.entries(error.fields)) {
    const match = /^actions\.(\d+)/.exec(field);
    const key = match ? keys[Number(match[1])] : undefined;
    if (key) byKey[key] = code;
  }
  return { byKey, formError: Object.keys(byKey).length > 0 ? null : error.code };
}

/** The pending change that belongs to a drawn slot. */
export function changeOf(pending: PendingChange[], slot: DraftSlot): PendingChange | undefined {
  if (slot.id === null) return pending.find((change) => change.key === slot.key);
  return pending.find((change) => change.kind !== "create" && change.id === slot.id);
}
