import { outboxContracts } from "../../schema/api/outbox";
import { Role } from "../../schema/enums";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";
import { listDeadDeliveries, retryDeadDelivery } from "../notifications/dead-deliveries";
import { deliverLater } from "../notifications/notify";
import { scopeOf } from "../http/scope";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const outboxRoutes = [
  route(outboxContracts.dead, {
    access: admins,
    summary:
      "Notifications that never arrived (every attempt failed, or the delivery queue dead-lettered them), newest first; paged.",
    handle: ({ c, query }) => listDeadDeliveries(c.get("db"), query),
  }),
  route(outboxContracts.retry, {
    access: admins,
    summary:
      "Send a dead notification again: pending with its attempts from zero, audited, and put back on the notifications queue.",
    async handle({ c, params, user }) {
      const retried = await retryDeadDelivery(c.get("db"), params.id, auditActorOf(c, user.id), new Date());
      deliverLater(scopeOf(c), [retried]);
      return retried;
    },
  }),
];
