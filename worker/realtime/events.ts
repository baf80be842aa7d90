// Realtime events, the one way routes send them: a route names what happened and to whom, and
// this module publishes it (after the response, or awaited when the answer must follow it).
// Every publish logs its failures and never fails the change that caused it.
import type { ServerEvent } from "../../schema/events";
import type { Scope } from "../core/scope";
import { closeUserSockets } from "../../durable-objects/close-user";
import {
  lessonAudiences,
  publishLessonEvent,
  type LessonAudience,
  type LessonEventType,
} from "./lesson-events";
import { publishToAdmins, publishToUsers } from "../../durable-objects/clients";

/** What publishing needs of the unit of work (worker/core/scope.ts). */
export type Publishing = Pick<Scope, "db" | "env" | "logger" | "waitUntil">;

export type RealtimeEvent =
  /** One event to every open socket of each user. */
  | { to: "users"; userIds: readonly number[]; event: ServerEvent }
  /** One event to the staff channel (admin dashboards). */
  | { to: "admins"; event: ServerEvent }
  /** A lesson's life (booked, moved, cancelled) to both members of each lesson. */
  | { to: "lesson-members"; type: LessonEventType; lessons: readonly LessonAudience[] }
  /** LessonCanceled to both members of lessons known only by id (the members are read first). */
  | { to: "canceled-lessons"; lessonIds: readonly number[] }
  /** A suspended account's sockets, every one of them, closed. */
  | { to: "suspended-user"; userId: number }
  /**
   * The sockets opened by these ended sign-in sessions of the user closed (all of the user's
   * sessions when sessionIds is absent); the sockets of their other sessions stay open.
   */
  | { to: "ended-sessions"; userId: number; sessionIds?: readonly string[] };

/** Publishes the events now, all at once; resolves when every publish settled. */
export async function publishEvents(scope: Publishing, ...events: RealtimeEvent[]): Promise<void> {
  const { logger, env, db } = scope;
  await Promise.all(
    events.map(async (item) => {
      try {
        if (item.to === "users") await publishToUsers(env, item.userIds, item.event, logger);
        else if (item.to === "admins") await publishToAdmins(env, item.event, logger);
        else if (item.to === "lesson-members") {
          if (item.lessons.length) await publishLessonEvent(env, item.type, item.lessons, logger);
        } else if (item.to === "canceled-lessons") {
          if (item.lessonIds.length)
            await publishLessonEvent(
              env,
              "LessonCanceled",
              await lessonAudiences(db, item.lessonIds),
              logger,
            );
        } else if (item.to === "suspended-user")
          await closeUserSockets(env, db, { userId: item.userId, why: "suspended" }, logger);
        else
          await closeUserSockets(
            env,
            db,
            { userId: item.userId, why: "session-ended", sessionIds: item.sessionIds },
            logger,
          );
      } catch (error) {
        logger.warn("realtime event not published", { to: item.to, error: String(error) });
      }
    }),
  );
}

/** Publishes the events after the response (the answer never waits for them). */
export function publishLater(scope: Publishing, ...events: RealtimeEvent[]): void {
  if (events.length) scope.waitUntil(publishEvents(scope, ...events));
}
