import { auditContracts } from "../../schema/api/audit";
import { Role } from "../../schema/enums";
import { listAudit } from "../domain/staff/audit";
import { route } from "../http/route";

// The audit log is append-only: staff writes add to it in their own batches; there is no route
// that updates or deletes it (tests/worker/audit.test.ts proves the API offers none).
export const auditRoutes = [
  route(auditContracts.list, {
    access: [Role.SuperAdmin, Role.RegularAdmin],
    summary:
      "The audit log of staff writes, newest first (admins): filters action, actorId, targetType, targetId, from, to; paged.",
    handle: ({ c, query }) => listAudit(c.get("db"), query),
  }),
];
