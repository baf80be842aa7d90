import { publishToAdmins, publishToUsers } from "../../durable-objects/clients";
import { tutorsChanged } from "../domain/tutors/tutor-list";
import type { AppContext } from "../http/context";

/**
 * Something the tutor list shows changed: the cached answers go stale, staff dashboards are told
 * (TutorsCacheUpdated) and each changed tutor's own sockets get TutorUpdated. The pushes run after
 * the response and never fail the change.
 */
export function tutorChanged(c: AppContext, ...tutorIds: number[]): void {
  tutorsChanged();
  publishAfterResponse(c, tutorIds);
}

/** The list cache was refreshed or flushed: staff dashboards are told. */
export function tutorsCacheUpdated(c: AppContext): void {
  publishAfterResponse(c, []);
}

function publishAfterResponse(c: AppContext, tutorIds: number[]): void {
  const logger = c.get("logger");
  const work = Promise.all([
    ...[...new Set(tutorIds)].map((tutorId) =>
      publishToUsers(c.env, [tutorId], { type: "TutorUpdated", payload: { tutorId } }, logger),
    ),
    publishToAdmins(c.env, { type: "TutorsCacheUpdated", payload: {} }, logger),
  ]);
  c.executionCtx.waitUntil(work);
}
