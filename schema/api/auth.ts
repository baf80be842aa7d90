import { z } from "zod";
import { emailRule } from "../rules";
import { contract } from "./contract";
import { authResponse } from "./user";

/** POST /auth/password */
export const passwordSignInBody = z.object({
  email: emailRule,
  password: z.string({ error: "invalid-password" }).min(1, "short-password").max(100, "long-password"),
});
export type PasswordSignInBody = z.infer<typeof passwordSignInBody>;

/** POST /auth/google — the ID token from Google Identity Services (credential, select_by). */
export const googleSignInBody = z.object({
  credential: z.string({ error: "bad-request" }).min(10, "bad-request").max(8192, "bad-request"),
  select_by: z.string().max(64).optional(),
});
export type GoogleSignInBody = z.infer<typeof googleSignInBody>;

/**
 * The bearer token's payload: user id, the signed-in session it belongs to (ended sessions are
 * refused), issued-at and expiry in seconds since the epoch.
 */
export const tokenPayload = z.object({ id: z.number(), sid: z.string(), iat: z.number(), exp: z.number() });
export type TokenPayload = z.output<typeof tokenPayload>;

/** Why a signed-in session ended. */
export const sessionEndReason = z.enum([
  "sign-out",
  "ended",
  "all",
  "password",
  "role",
  "suspension",
  "deletion",
]);
export type SessionEndReason = z.output<typeof sessionEndReason>;

/** GET /auth/sessions — one signed-in device; `current` is the caller's own. */
export const signedInSessionView = z.object({
  id: z.string(),
  /** Browser and system, e.g. "Chrome · Android" ("—" when unknown). */
  device: z.string(),
  /** ISO country code of the sign-in, null when unknown. */
  country: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SignedInSessionView = z.output<typeof signedInSessionView>;

/** DELETE /auth/sessions/{id} */
export const sessionIdParam = z.object({ id: z.uuid({ error: "device-not-found" }) });

/** POST /auth/sessions/end-all — every session, or every other one (the caller stays signed in). */
export const endAllSessionsBody = z.object({ keepCurrent: z.boolean({ error: "bad-request" }) });
export type EndAllSessionsBody = z.infer<typeof endAllSessionsBody>;

/** The realtime parties a socket ticket may be for (the path segment after /parties/). */
export const socketParties = ["user-channel", "chat-room", "session-room", "admin-channel"] as const;
export type SocketParty = (typeof socketParties)[number];

/** POST /auth/socket-ticket — a single-use ticket (60 s) for one party and room name. */
export const socketTicketBody = z.object({
  party: z.enum(socketParties, { error: "bad-request" }),
  name: z
    .string({ error: "bad-request" })
    .min(1, "bad-request")
    .max(64, "bad-request")
    .regex(/^[A-Za-z0-9:_-]+$/, "bad-request"),
});
export type SocketTicketBody = z.infer<typeof socketTicketBody>;
export const socketTicketResponse = z.object({ ticket: z.string(), expiresAt: z.string() });
export type SocketTicketResponse = z.output<typeof socketTicketResponse>;

/** The sign-in and session endpoints (worker/routes/auth.ts). */
export const authContracts = {
  password: contract({
    method: "post",
    path: "/auth/password",
    body: passwordSignInBody,
    response: authResponse,
  }),
  google: contract({ method: "post", path: "/auth/google", body: googleSignInBody, response: authResponse }),
  refreshToken: contract({ method: "post", path: "/auth/refresh-token", response: authResponse }),
  signOut: contract({ method: "post", path: "/auth/sign-out", status: 204, response: "empty" }),
  sessions: contract({ method: "get", path: "/auth/sessions", response: z.array(signedInSessionView) }),
  endAllSessions: contract({
    method: "post",
    path: "/auth/sessions/end-all",
    body: endAllSessionsBody,
    status: 204,
    response: "empty",
  }),
  endSession: contract({
    method: "delete",
    path: "/auth/sessions/:id",
    params: sessionIdParam,
    status: 204,
    response: "empty",
  }),
  socketTicket: contract({
    method: "post",
    path: "/auth/socket-ticket",
    body: socketTicketBody,
    response: socketTicketResponse,
  }),
};
