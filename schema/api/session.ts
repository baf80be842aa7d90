import { z } from "zod";
import type { Gender } from "../enums";

/** A live session's id: "lesson:<id>", "interview:<id>" or "demo:<id>" (session_attendance.session_id). */
export const sessionIdRule = z.string({ error: "bad-request" }).regex(/^(lesson|interview|demo):[1-9]\d{0,15}$/, "bad-request");

export const sessionKinds = ["lesson", "interview", "demo"] as const;
export type SessionKind = (typeof sessionKinds)[number];

/** GET /session/:id and POST /session/:id/report-absence. */
export const sessionParams = z.object({ id: sessionIdRule });

/** GET /session/token?sessionId=lesson:12 */
export const sessionTokenQuery = z.object({ sessionId: sessionIdRule });

/** A member's part in the session: the teaching side (tutor, interviewer, reviewer) or the other. */
export type SessionMemberRole = "tutor" | "student" | "interviewer" | "interviewee" | "tutor-manager";

/** gender: the screens' verbs about the member follow it («دخل/دخلت»); null when not known. */
export type SessionMember = { id: number; name: string | null; image: string | null; gender?: Gender | null; role: SessionMemberRole };

/** One join or leave, oldest first. `event` is RoomMembershipEvent: UserJoined 1, UserLeft 2. */
export type AttendanceEntry = { userId: number; event: 1 | 2; at: string };

/** An ICE server for RTCPeerConnection (the Worker's ICE_SERVERS): STUN, or TURN with its credentials. */
export type IceServer = { urls: string | string[]; username?: string; credential?: string };

/**
 * How the page connects: through LiveKit (GET /session/token) when it is configured, else peer to
 * peer with these ICE servers. Only the session's members get the ICE servers (TURN credentials);
 * staff who only read the log get an empty list.
 */
export type SessionMedia = { liveKit: boolean; iceServers: IceServer[] };

export type SessionView = {
  id: string;
  kind: SessionKind;
  start: string;
  end: string;
  canceled: boolean;
  members: SessionMember[];
  attendance: AttendanceEntry[];
  media: SessionMedia;
};

/** GET /session/token: a LiveKit access token for the session's room (room name = session id). */
export type SessionTokenResponse = { token: string; url: string; room: string; identity: string; expiresAt: string };

/** POST /session/:id/report-absence: the lesson as cancelled by the system with the report time. */
export type AbsenceReportResponse = { sessionId: string; reportedAbsentAt: string; canceledAt: string };
