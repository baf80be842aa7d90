import { z } from "zod";
import { Gender } from "../enums";
import { contract } from "./contract";

/** A live session's id: "lesson:<id>", "interview:<id>" or "demo:<id>" (session_attendance.session_id). */
export const sessionIdRule = z
  .string({ error: "bad-request" })
  .regex(/^(lesson|interview|demo):[1-9]\d{0,15}$/, "bad-request");

export const sessionKinds = ["lesson", "interview", "demo"] as const;
export type SessionKind = (typeof sessionKinds)[number];

/** GET /session/:id and POST /session/:id/report-absence. */
export const sessionParams = z.object({ id: sessionIdRule });

/** GET /session/token?sessionId=lesson:12 */
export const sessionTokenQuery = z.object({ sessionId: sessionIdRule });

/** A member's part in the session: the teaching side (tutor, interviewer, reviewer) or the other. */
export const sessionMemberRole = z.enum(["tutor", "student", "interviewer", "interviewee", "tutor-manager"]);
export type SessionMemberRole = z.output<typeof sessionMemberRole>;

/** gender: the screens' verbs about the member follow it («دخل/دخلت»); null when not known. */
export const sessionMember = z.object({
  id: z.number(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  gender: z.enum(Gender).nullable().optional(),
  role: sessionMemberRole,
});
export type SessionMember = z.output<typeof sessionMember>;

/** One join or leave, oldest first. `event` is RoomMembershipEvent: UserJoined 1, UserLeft 2. */
export const attendanceEntry = z.object({
  userId: z.number(),
  event: z.union([z.literal(1), z.literal(2)]),
  at: z.string(),
});
export type AttendanceEntry = z.output<typeof attendanceEntry>;

/** An ICE server for RTCPeerConnection (the Worker's ICE_SERVERS): STUN, or TURN with its credentials. */
export const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.output<typeof iceServer>;

/**
 * How the page connects: through LiveKit (GET /session/token) when it is configured, else peer to
 * peer with these ICE servers. Only the session's members get the ICE servers (TURN credentials);
 * staff who only read the log get an empty list.
 */
export const sessionMedia = z.object({ liveKit: z.boolean(), iceServers: z.array(iceServer) });
export type SessionMedia = z.output<typeof sessionMedia>;

export const sessionView = z.object({
  id: z.string(),
  kind: z.enum(sessionKinds),
  start: z.string(),
  end: z.string(),
  canceled: z.boolean(),
  members: z.array(sessionMember),
  attendance: z.array(attendanceEntry),
  media: sessionMedia,
  /** What the viewer earned (piasters): a lesson's tutor once it ended uncancelled; null otherwise. */
  earning: z.number().int().nullable(),
});
export type SessionView = z.output<typeof sessionView>;

/** GET /session/token: a LiveKit access token for the session's room (room name = session id). */
export const sessionTokenResponse = z.object({
  token: z.string(),
  url: z.string(),
  room: z.string(),
  identity: z.string(),
  expiresAt: z.string(),
});
export type SessionTokenResponse = z.output<typeof sessionTokenResponse>;

/** POST /session/:id/report-absence: the lesson as cancelled by the system with the report time. */
export const absenceReportResponse = z.object({
  sessionId: z.string(),
  reportedAbsentAt: z.string(),
  canceledAt: z.string(),
});
export type AbsenceReportResponse = z.output<typeof absenceReportResponse>;

/** POST /session/livekit/webhook — whether the event was recorded as a join or a leave. */
export const webhookAnswer = z.object({ recorded: z.boolean() });

/** The live session endpoints (worker/routes/session.ts). */
export const sessionContracts = {
  token: contract({
    method: "get",
    path: "/session/token",
    query: sessionTokenQuery,
    response: sessionTokenResponse,
  }),
  livekitWebhook: contract({ method: "post", path: "/session/livekit/webhook", response: webhookAnswer }),
  get: contract({ method: "get", path: "/session/:id", params: sessionParams, response: sessionView }),
  reportAbsence: contract({
    method: "post",
    path: "/session/:id/report-absence",
    params: sessionParams,
    response: absenceReportResponse,
  }),
};
