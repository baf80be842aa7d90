import { z } from "zod";
import { SlotPurpose } from "../enums";
import { paged, pageQuery } from "./common";
import { contract } from "./contract";

/** An ISO-8601 date-time with a zone; outputs the UTC ISO string the database compares as text. */
export const isoTime = z
  .string({ error: "bad-request" })
  .trim()
  .refine(
    (s) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/.test(s) &&
      !Number.isNaN(Date.parse(s)),
    "bad-request",
  )
  .transform((s) => new Date(Date.parse(s)).toISOString());

const slotId = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

const purposeRule = z.union(
  Object.values(SlotPurpose).map((value) => z.literal(value)) as [
    z.ZodLiteral<SlotPurpose>,
    ...z.ZodLiteral<SlotPurpose>[],
  ],
  { error: "bad-request" },
);

export const slotAction = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("create"), start: isoTime, end: isoTime, purpose: purposeRule }),
    z.object({ type: z.literal("update"), id: slotId, start: isoTime, end: isoTime }),
    z.object({ type: z.literal("delete"), id: slotId }),
  ],
  { error: "bad-request" },
);
export type SlotAction = z.infer<typeof slotAction>;

/** POST /availability-slot/ — the caller's slot changes, applied together or not at all. */
export const slotActionsBody = z.object({
  actions: z.array(slotAction, { error: "bad-request" }).min(1, "empty-request").max(200, "bad-request"),
});
export type SlotActionsBody = z.infer<typeof slotActionsBody>;

/** GET /availability-slot/ — a user's live slots overlapping [after, before), oldest first. */
export const slotListQuery = pageQuery.extend({
  userId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
  after: isoTime.optional(),
  before: isoTime.optional(),
});
export type SlotListQuery = z.infer<typeof slotListQuery>;

export const slotView = z.object({
  id: z.number(),
  userId: z.number(),
  start: z.string(),
  end: z.string(),
  purpose: z.enum(SlotPurpose),
});
export type SlotView = z.output<typeof slotView>;

/** What one POST did: the slots as they now are, and what their changes cancelled. */
export const slotActionsResult = z.object({
  created: z.array(slotView),
  updated: z.array(slotView),
  deleted: z.array(z.number()),
  canceled: z.object({
    lessons: z.array(z.number()),
    interviews: z.array(z.number()),
    demoSessions: z.array(z.number()),
  }),
});
export type SlotActionsResult = z.output<typeof slotActionsResult>;

/** The availability endpoints (worker/routes/availability-slot.ts). */
export const availabilitySlotContracts = {
  list: contract({
    method: "get",
    path: "/availability-slot/",
    query: slotListQuery,
    response: paged(slotView),
  }),
  apply: contract({
    method: "post",
    path: "/availability-slot/",
    body: slotActionsBody,
    response: slotActionsResult,
  }),
};
