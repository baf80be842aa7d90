import { eq } from "drizzle-orm";
import { type SignedInSessionView, type SocketTicketResponse, authContracts } from "../../schema/api/auth";
import { users } from "../../schema/db";
import { Role } from "../../schema/enums";
import {
  endSession,
  endSessionsStatement,
  issueSocketTicket,
  listSessions,
} from "../domain/identity/auth-sessions";
import { checkSignInAllowed, passwordMatches, signInSucceeded } from "../domain/identity/sign-in-limits";
import {
  accountColumns,
  createUser,
  findStoredUserByEmail,
  findUserByEmail,
  toUserRow,
  updateUser,
} from "../domain/identity/users";
import { fail } from "../core/failure";
import { clientAddress, signedIn } from "../http/respond";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import { publishEvents } from "../realtime/events";

export const authRoutes = [
  route(authContracts.password, {
    access: "public",
    summary: "Sign in with email and password.",
    async handle({ c, body }) {
      const db = c.get("db");
      const address = clientAddress(c);
      // Limits per address and email, per address across accounts, and a per-account delay: the
      // attempt is counted (as a failure, until it succeeds) before its password is checked.
      const [reservation, user] = await Promise.all([
        checkSignInAllowed(db, address, body.email),
        findStoredUserByEmail(db, body.email),
      ]);
      // The same answer and the same hashing work for an unknown email and a wrong password.
      const matches = await passwordMatches(body.password, user?.passwordHash);
      if (!user || !matches) fail("wrong-password");
      const account = toUserRow(user);
      // The counters cleared beside the session's insert (two writes, one wait).
      const [, answer] = await Promise.all([
        signInSucceeded(db, address, body.email, reservation),
        signedIn(c, account),
      ]);
      return answer;
    },
  }),
  route(authContracts.google, {
    access: "public",
    summary: "Sign in (or sign up as a Student) with a Google ID token.",
    async handle({ c, body }) {
      const google = c.get("services").google;
      if (!google) fail("service-unavailable");
      const identity = await google.verify(body.credential);
      if (!identity) fail("unauthenticated");
      const db = c.get("db");
      const [bySubject] = await db
        .select(accountColumns)
        .from(users)
        .where(eq(users.googleSub, identity.sub))
        .limit(1);
      if (bySubject && !bySubject.deletedAt) return signedIn(c, bySubject);
      const byEmail = await findUserByEmail(db, identity.email);
      if (byEmail) {
        // Google proved the address, so the account is linked and its email counts as verified.
        return signedIn(
          c,
          await updateUser(db, byEmail.id, { googleSub: identity.sub, verifiedEmail: true }),
        );
      }
      const created = await createUser(db, {
        email: identity.email,
        role: Role.Student,
        name: identity.name,
        googleSub: identity.sub,
        image: identity.picture,
        verifiedEmail: true,
      });
      return signedIn(c, created);
    },
  }),
  route(authContracts.refreshToken, {
    access: "signed-in",
    summary:
      "A fresh token for the signed-in user and the same session (the SPA asks in the token's last 2 days); an ended session cannot refresh.",
    duringDeletion: true, // the grace screen stays signed in while it is open
    handle: ({ c, user }) => signedIn(c, user, c.get("tokenSessionId")!),
  }),
  route(authContracts.signOut, {
    access: "signed-in",
    duringDeletion: true, // the grace screen offers it (worker/domain/privacy/deletion.ts)
    summary:
      "Sign out: ends the caller's session on the server (its token answers 401 from now on) and closes the sockets it opened.",
    async handle({ c, user }) {
      const sessionId = c.get("tokenSessionId")!;
      if (await endSession(c.get("db"), user.id, sessionId, "sign-out", c.get("now")))
        await publishEvents(scopeOf(c), { to: "ended-sessions", userId: user.id, sessionIds: [sessionId] });
    },
  }),
  route(authContracts.sessions, {
    access: "signed-in",
    summary: "The caller's signed-in devices (open sessions), the current one marked.",
    handle: ({ c, user }): Promise<SignedInSessionView[]> =>
      listSessions(c.get("db"), user.id, c.get("tokenSessionId")),
  }),
  route(authContracts.endAllSessions, {
    access: "signed-in",
    summary:
      "Sign out of all devices, or of all the others (keepCurrent); the ended sessions' sockets close.",
    async handle({ c, body, user }) {
      const ended = await endSessionsStatement(
        c.get("db"),
        user.id,
        "all",
        c.get("now"),
        body.keepCurrent ? c.get("tokenSessionId")! : undefined,
      );
      await publishEvents(scopeOf(c), {
        to: "ended-sessions",
        userId: user.id,
        sessionIds: ended.map((session) => session.id),
      });
    },
  }),
  route(authContracts.endSession, {
    access: "signed-in",
    summary: "End one of the caller's sessions (sign that device out; its sockets close).",
    async handle({ c, params, user }) {
      if (!(await endSession(c.get("db"), user.id, params.id, "ended", c.get("now"))))
        fail("device-not-found");
      await publishEvents(scopeOf(c), { to: "ended-sessions", userId: user.id, sessionIds: [params.id] });
    },
  }),
  route(authContracts.socketTicket, {
    access: "signed-in",
    summary:
      "A single-use ticket (60 s) for one socket: /parties/{party}/{name}?ticket=… (never the bearer token in a URL).",
    handle: ({ c, body, user }): Promise<SocketTicketResponse> =>
      issueSocketTicket(
        c.get("db"),
        { userId: user.id, sessionId: c.get("tokenSessionId")!, party: body.party, name: body.name },
        c.get("now"),
      ),
  }),
];
