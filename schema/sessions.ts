// A live session as the Worker and the session room see it (worker/domain/lessons/sessions.ts reads it
// from D1; durable-objects/session-room.ts keeps it for its room). Types only.
import type { SessionKind, SessionMemberRole } from "./api/session";

export type SessionInfo = {
  id: string;
  kind: SessionKind;
  refId: number;
  start: string;
  end: string;
  canceled: boolean;
  /** The teaching side (tutor, interviewer, reviewing tutor manager). */
  hostId: number;
  members: Array<{ userId: number; role: SessionMemberRole }>;
  /** A lesson's stored tutor earning (piasters); absent for interviews and demo sessions. */
  tutorEarning?: number;
};
