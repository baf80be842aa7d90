import { messagesTo } from "./channels";
import { tutorsChanged } from "../domain/tutors/tutor-list";
import { findUserById } from "../domain/identity/users";
import { publishToAdmins, publishToUsers } from "./publish";
import type { AppContext } from "../http/context";
import { notify } from "./notify";

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

/** Sends a notification to a user on every channel they use (email, and WhatsApp/Telegram when verified). */
export async function notifyUser(
  c: AppContext,
  userId: number | null,
  text: { subject: string; body: string },
): Promise<void> {
  if (userId === null) return;
  const user = await findUserById(c.get("db"), userId);
  if (!user) return;
  await Promise.all(messagesTo(user, text).map((message) => notify(c, message)));
}
