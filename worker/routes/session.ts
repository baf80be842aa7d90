import {
  type AbsenceReportResponse,
  type SessionTokenResponse,
  type SessionView,
  sessionContracts,
} from "../../schema/api/session";
import { Role, RoomMembershipEvent } from "../../schema/enums";
import { recipientsByIds } from "../notifications/preferences";
import { messagesTo } from "../notifications/channels";
import {
  absenceMessages,
  absenceRefusal,
  attendanceLog,
  canViewSession,
  findSession,
  isSessionMember,
  markTutorAbsent,
  recordAttendance,
  roomRefusal,
  sessionView,
  type SessionInfo,
} from "../domain/lessons/sessions";
import type { IceServer } from "../core/env";
import type { AppContext } from "../http/context";
import { fail } from "../core/failure";
import { notify } from "../notifications/notify";
import { closeLiveKitRoom } from "../http/rooms";
import { route } from "../http/route";
import {
  liveKitConfig,
  mintAccessToken,
  verifyWebhook,
  webhookTime,
  type LiveKitConfig,
} from "../integrations/livekit";
import { turnTtl } from "../integrations/turn-ttl";
import { publishEvents } from "../realtime/events";
import { scopeOf } from "../http/scope";

/** LiveKit's three settings, or null when it is not configured (the client then uses peer-to-peer). */
const liveKit = (c: AppContext): LiveKitConfig | null => liveKitConfig(c.get("config"));

/**
 * A member's ICE servers: the static ICE_SERVERS, plus, with Cloudflare TURN keys, TURN credentials
 * minted for this member that expire when the session ends (none once it has ended or was
 * cancelled). If the TURN API fails the page still gets ICE_SERVERS (the failure is logged).
 */
async function memberIceServers(c: AppContext, session: SessionInfo, userId: number): Promise<IceServer[]> {
  const config = c.get("config");
  const turn = c.get("services").turn();
  const ttl = turn && !session.canceled ? turnTtl(session.end, new Date()) : null;
  if (!turn || ttl === null) return config.ICE_SERVERS;
  try {
    return [...config.ICE_SERVERS, ...(await turn.iceServers(ttl))];
  } catch (error) {
    c.get("logger").warn("turn credentials not minted", {
      session: session.id,
      userId,
      error: error instanceof Error ? error.message : "unknown",
    });
    return config.ICE_SERVERS;
  }
}

export const sessionRoutes = [
  // Before /session/:id, so "token" is not taken for a session id.
  route(sessionContracts.token, {
    access: "signed-in",
    summary:
      "A LiveKit token for a session's room (identity = user id, room = session id, 10 minutes; join, publish, subscribe). Members only, inside the room's window; service-unavailable without LiveKit configuration (peer-to-peer then).",
    async handle({ c, query, user }): Promise<SessionTokenResponse> {
      const session = await findSession(c.get("db"), query.sessionId);
      if (!session) fail("session-not-found");
      const refusal = roomRefusal(session, user.id);
      if (refusal === "not-member") fail("forbidden");
      if (refusal) fail("illegal");
      const config = liveKit(c);
      if (!config) fail("service-unavailable");
      const { token, expiresAt } = await mintAccessToken(config, {
        identity: String(user.id),
        room: session.id,
        name: user.name ?? undefined,
      });
      return { token, url: config.url, room: session.id, identity: String(user.id), expiresAt };
    },
  }),
  route(sessionContracts.livekitWebhook, {
    access: "public",
    summary:
      "LiveKit webhook (docs/services.md §2.4): the Authorization JWT must be signed with the API secret and carry the body's SHA-256; participant_joined/left feed the attendance log.",
    async handle({ c }) {
      const config = liveKit(c);
      if (!config) fail("service-unavailable");
      const raw = await c.req.text();
      const event = await verifyWebhook(config, c.req.header("authorization"), raw);
      if (!event) fail("unauthenticated");
      const kind =
        event.event === "participant_joined"
          ? RoomMembershipEvent.UserJoined
          : event.event === "participant_left" || event.event === "participant_connection_aborted"
            ? RoomMembershipEvent.UserLeft
            : null;
      const roomName = event.room?.name;
      const userId = Number(event.participant?.identity);
      if (kind === null || !roomName || !Number.isSafeInteger(userId)) return { recorded: false };
      const db = c.get("db");
      const session = await findSession(db, roomName);
      if (!session || !isSessionMember(session, userId)) {
        c.get("logger").warn("livekit webhook for an unknown session or member", {
          room: roomName,
          event: event.event,
        });
        return { recorded: false };
      }
      await recordAttendance(db, session.id, userId, kind, webhookTime(event));
      return { recorded: true };
    },
  }),
  route(sessionContracts.get, {
    access: "signed-in",
    summary:
      "A live session's members, attendance log (every join and leave with its time) and media path (LiveKit configured or not; the ICE servers, with TURN credentials, for members only); its members and staff only.",
    async handle({ c, params, user }): Promise<SessionView> {
      const db = c.get("db");
      const session = await findSession(db, params.id);
      if (!session) fail("session-not-found");
      if (!canViewSession(session, user)) fail("forbidden");
      const media = {
        liveKit: liveKit(c) !== null,
        iceServers: isSessionMember(session, user.id) ? await memberIceServers(c, session, user.id) : [],
      };
      return sessionView(db, session, media, { id: user.id, now: c.get("now") });
    },
  }),
  route(sessionContracts.reportAbsence, {
    access: [Role.Student],
    summary:
      "The lesson's student reports that the tutor did not come (from 3 minutes after the start, only when the tutor has no join): the lesson is cancelled by the system and its minutes return to the week; both are notified (outbox) and get LessonCanceled.",
    async handle({ c, params, user }): Promise<AbsenceReportResponse> {
      const db = c.get("db");
      const session = await findSession(db, params.id);
      if (!session) fail(params.id.startsWith("lesson:") ? "lesson-not-found" : "session-not-found");
      const now = new Date();
      const refusal = absenceRefusal(session, user, await attendanceLog(db, session.id), now);
      if (refusal) fail(refusal);
      const updated = await markTutorAbsent(db, session, now);
      // Lost a race with a cancellation or the tutor's join: answer what now holds.
      if (!updated) fail((await findSession(db, session.id))?.canceled ? "illegal" : "tutor-attended");
      const memberIds = session.members.map((member) => member.userId);
      const people = await recipientsByIds(db, memberIds);
      const tutor = people.get(session.hostId);
      const student = people.get(user.id);
      const dedupe = `absence:${session.id}`;
      await Promise.all(
        [
          ...(student
            ? messagesTo(
                student,
                absenceMessages.toStudent(session.start, tutor?.name ?? null, tutor?.gender),
                "booking-changes",
                `${dedupe}:student`,
              )
            : []),
          ...(tutor
            ? messagesTo(
                tutor,
                absenceMessages.toTutor(session.start, student?.name ?? null, student?.gender),
                "booking-changes",
                `${dedupe}:tutor`,
              )
            : []),
        ].map((message) => notify(scopeOf(c), message)),
      );
      await publishEvents(scopeOf(c), {
        to: "lesson-members",
        type: "LessonCanceled",
        lessons: [{ id: session.refId, memberIds }],
      });
      closeLiveKitRoom(c, session.id);
      return {
        sessionId: session.id,
        reportedAbsentAt: updated.reportedAbsentAt!,
        canceledAt: updated.canceledAt!,
      };
    },
  }),
];
