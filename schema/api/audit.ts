import { z } from "zod";
import { cappedPaged, servedPagesOnly, pageQuery } from "./common";
import { contract } from "./contract";

/**
 * Every kind of staff write the audit log records (issue: staff act within their role and leave
 * a trail). Named "<target>.<verb>"; the admin area shows each with its Arabic label.
 */
export const auditActions = [
  "user.create",
  "user.update",
  "user.role",
  "user.delete",
  "user.suspend",
  "user.restore",
  "user.password-reset",
  "user.sessions-end",
  "user.deletion-request",
  "user.deletion-cancel",
  "user.erase",
  "user.view",
  "transaction.refund",
  "lesson.cancel",
  "report.update",
  "tutor.update",
  "invoice.approve",
  "invoice.reject",
  "invoice.cancel",
  "invoice.update",
  "invoice.approve-update",
  "invoice.refuse-update",
  "plan.create",
  "plan.update",
  "plan.delete",
  "coupon.create",
  "coupon.update",
  "coupon.delete",
  "invite.create",
  "invite.update",
  "invite.delete",
  "settings.update",
  "topic.create",
  "topic.update",
  "topic.delete",
  "onboarding.activate",
  "interview.decide",
  "intro-video.decide",
  "demo-session.decide",
  "photo-session.decide",
  "media.upload",
  "media.delete",
  "cache.delete",
  "payment.resolve",
  "subscription.cancel",
  "outbox.retry",
  "contact-request.reply",
  "contact-request.update",
  "rating.hide",
  "rating.restore",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditListQuery = servedPagesOnly(
  pageQuery.extend({
    action: z.enum(auditActions, { error: "bad-request" }).optional(),
    actorId: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
    targetType: z.string().max(40, "bad-request").optional(),
    targetId: z.string().max(40, "bad-request").optional(),
    /** ISO instants: entries at or after `from` and before `to`. */
    from: z.iso.datetime({ error: "bad-request" }).optional(),
    to: z.iso.datetime({ error: "bad-request" }).optional(),
  }),
);
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditEntryView = z.object({
  id: z.number(),
  actor: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  action: z.enum(auditActions),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryView = z.output<typeof auditEntryView>;

/** The audit log endpoint (worker/routes/audit.ts). */
export const auditContracts = {
  list: contract({
    method: "get",
    path: "/admin/audit",
    query: auditListQuery,
    response: cappedPaged(auditEntryView),
  }),
};
