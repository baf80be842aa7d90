import { publishToAdmins, publishToUsers } from "../../durable-objects/clients";
import { tutorsChanged } from "../domain/tutors/tutor-list";
import type { Publishing } from "./events";

/**
 * Something the tutor list shows changed: the cached answers go stale, staff dashboards are told
 * (TutorsCacheUpdated) and each changed tutor's own sockets get TutorUpdated. The pushes run after
 * the response and never fail the change.
 */
export function tutorChanged(scope: Publishing, ...tutorIds: number[]): void {
  tutorsChanged();
  publishAfterResponse(scope, tutorIds);
}

/** The list cache was refreshed or flushed: staff dashboards are told. */
export function tutorsCacheUpdated(scope: Publishing): void {
  publishAfterResponse(scope, []);
}

function publishAfterResponse(scope: Publishing, tutorIds: number[]): void {
  const { logger, env } = scope;
  const work = Promise.all([
    ...[...new Set(tutorIds)].map((tutorId) =>
      publishToUsers(env, [tutorId], { type: "TutorUpdated", payload: { tutorId } }, logger),
    ),
    publishToAdmins(env, { type: "TutorsCacheUpdated", payload: {} }, logger),
  ]);
  scope.waitUntil(work);
}
