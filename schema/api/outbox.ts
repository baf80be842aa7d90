import { z } from "zod";
import { contract } from "./contract";
import { idParam, paged, pageQuery } from "./common";

/**
 * A notification that never reached its recipient (every attempt failed, or the delivery queue
 * dead-lettered it), as staff see it under «رسائل لم تصل» on /admin/payments.
 */
export const deadDeliveryView = z.object({
  id: z.number().int(),
  userId: z.number().int().nullable(),
  channel: z.enum(["email", "whatsapp", "telegram", "push"]),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deadAt: z.string().nullable(),
});
export type DeadDeliveryView = z.output<typeof deadDeliveryView>;

/** A dead delivery put back for delivery: pending again, its attempts from zero. */
export const retriedDelivery = z.object({ id: z.number().int(), status: z.literal("pending") });

export const outboxContracts = {
  dead: contract({
    method: "get",
    path: "/admin/outbox/dead",
    query: pageQuery,
    response: paged(deadDeliveryView),
  }),
  retry: contract({
    method: "post",
    path: "/admin/outbox/:id/retry",
    params: idParam,
    response: retriedDelivery,
  }),
};
