import { type AssetResponse, userContracts } from "../../schema/api/user";
import { Role, VerificationType, isAdmin, isTutorSide } from "../../schema/enums";
import { isErrorCode } from "../../schema/errors";
import { tutorNameRule } from "../../schema/rules";
import { imageVariantsOf, storeAvatar } from "../domain/media/assets";
import { endSessionsStatement } from "../domain/identity/auth-sessions";
import { deleteReplacedUploads } from "../domain/media/uploads";
import { messages } from "../notifications/messages";
import { hashPassword, verifyPassword } from "../domain/identity/password";
import { takeAttempt } from "../domain/identity/rate-limit";
import { settings } from "../core/settings";
import {
  createUser,
  findTutorMeta,
  findUserById,
  passwordHashOf,
  toUserView,
  updateUser,
  userByIdQuery,
} from "../domain/identity/users";
import { issueCode } from "../domain/identity/confirmation-codes";
import { auditActorOf, auditStatement } from "../domain/staff/audit";
import { mayGrantRole, mayManageAccount } from "../../schema/staff-rights";
import { fail } from "../core/failure";
import { clientAddress, signedIn } from "../http/respond";
import { notify } from "../notifications/notify";
import { route } from "../http/route";
import { TURNSTILE_TOKEN_HEADER, requireHuman } from "../integrations/turnstile";
import { tutorChanged } from "../realtime/tutor-events";
import { publishEvents } from "../realtime/events";
import { scopeOf } from "../http/scope";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const userRoutes = [
  route(userContracts.register, {
    access: "public",
    summary: "Register a Student or Tutor (staff accounts only by an admin); sends the email code.",
    async handle({ c, body, user: caller }) {
      // Least privilege (schema/staff-rights.ts): only a SuperAdmin creates an admin.
      if (!mayGrantRole(caller, body.role)) fail("forbidden");
      const db = c.get("db");
      const byAdmin = caller !== null && isAdmin(caller.role as Role);
      // Self-registration is a public form: Turnstile when configured (staff creating accounts are signed in).
      if (!byAdmin)
        await requireHuman(scopeOf(c), {
          token: c.req.header(TURNSTILE_TOKEN_HEADER),
          remoteIp: clientAddress(c),
        });
      await takeAttempt(db, `register:${clientAddress(c)}`, settings.rateLimits.register);
      const byStaff = byAdmin ? auditActorOf(c, caller.id) : undefined;
      const user = await createUser(
        db,
        {
          email: body.email,
          role: body.role,
          name: body.name ?? null,
          passwordHash: await hashPassword(body.password),
        },
        new Date(),
        byStaff,
      );
      const code = await issueCode(db, {
        userId: user.id,
        type: VerificationType.VerifyEmail,
        destination: user.email,
      });
      await notify(scopeOf(c), {
        userId: user.id,
        channel: "email",
        kind: "security",
        recipient: user.email,
        code,
        ...messages.verifyEmail(code),
      });
      return signedIn(c, user);
    },
  }),
  route(userContracts.current, {
    access: "signed-in",
    summary: "The signed-in user.",
    handle: ({ user }) => toUserView(user),
  }),
  route(userContracts.tutorMeta, {
    access: [Role.Tutor, Role.TutorManager],
    summary: "The signed-in tutor's profile meta.",
    async handle({ c, user }) {
      const tutor = await findTutorMeta(c.get("db"), user);
      return {
        id: tutor.id,
        bio: tutor.bio,
        about: tutor.about,
        video: tutor.video,
        thumbnail: tutor.thumbnail,
        notice: tutor.notice,
        activated: tutor.activated,
        bypassOnboarding: tutor.bypassOnboarding,
      };
    },
  }),
  route(userContracts.uploadPicture, {
    access: "signed-in",
    summary:
      "Upload an avatar (multipart field image: jpg, png or gif up to 8 MB; optional image@96 and image@192: its small square versions, WebP or JPEG).",
    async handle({ c, query, user: caller }): Promise<AssetResponse> {
      const userId = query.forUser ?? caller.id;
      const target = userId === caller.id ? caller : await findUserById(c.get("db"), userId);
      if (!target) fail(isAdmin(caller.role as Role) ? "user-not-found" : "forbidden");
      if (!mayManageAccount(caller, target)) fail("forbidden");
      const form = await c.req.formData().catch(() => fail("bad-request"));
      const file = form.get("image");
      if (!(file instanceof File)) fail("empty-request");
      const url = await storeAvatar(c.env.MEDIA, userId, file, imageVariantsOf(form, "image"));
      const previous = target.image;
      const audit =
        target.id === caller.id ? undefined : { actor: auditActorOf(c, caller.id), before: target };
      const updated = await updateUser(c.get("db"), userId, { image: url }, new Date(), audit);
      if (previous)
        c.executionCtx.waitUntil(
          deleteReplacedUploads(c.get("db"), c.env.MEDIA, userId, [previous], c.get("logger")),
        );
      if (isTutorSide(updated.role as Role)) tutorChanged(scopeOf(c), userId);
      return { url };
    },
  }),
  route(userContracts.get, {
    access: "signed-in",
    summary:
      "A user's account (self, admins and tutor managers). A staff member's look at someone else's account is audited (user.view) in the same batch as the read.",
    async handle({ c, params, user: caller }) {
      const staffReader = isAdmin(caller.role as Role) || caller.role === Role.TutorManager;
      if (caller.id === params.id) {
        const own = await findUserById(c.get("db"), params.id);
        return own ? toUserView(own) : fail("user-not-found");
      }
      if (!staffReader) fail("forbidden");
      // Who looked at whose personal page, and when (docs/rules.md, "Roles"): the
      // audit row rides in the read's batch, so the view costs no extra round trip.
      const db = c.get("db");
      const [[user]] = await db.batch([
        userByIdQuery(db, params.id),
        auditStatement(
          db,
          auditActorOf(c, caller.id),
          { action: "user.view", targetType: "user", targetId: params.id },
          c.get("now"),
          false,
        ),
      ]);
      return user ? toUserView(user) : fail("user-not-found");
    },
  }),
  route(userContracts.update, {
    access: "signed-in",
    summary:
      "Change profile fields (self; admins within their rights) or one's own password (the current one is needed when set). Nobody sets another person's password: staff send a reset.",
    async handle({ c, params, body, user: caller }) {
      if (caller.id !== params.id && !isAdmin(caller.role as Role)) fail("forbidden");
      const db = c.get("db");
      const target = params.id === caller.id ? caller : await findUserById(db, params.id);
      if (!target) fail("user-not-found");
      if (!mayManageAccount(caller, target)) fail("forbidden");
      const { password, currentPassword, ...profile } = body;
      if (Object.keys(profile).length === 0 && !password) fail("empty-request");
      const ownChange = caller.id === target.id;
      // Nobody sets another person's password (POST /user/{id}/password-reset sends a code).
      if (password && !ownChange) fail("forbidden", { password: "forbidden" });
      let passwordHash: string | undefined;
      if (password) {
        // The hash is read only here, where it is checked (the signed-in user is read without it).
        const current = target.hasPassword ? await passwordHashOf(db, target.id) : null;
        if (current && !(currentPassword && (await verifyPassword(currentPassword, current))))
          fail("wrong-password");
        passwordHash = await hashPassword(password);
      }
      // Tutor names are Arabic only (docs/rules.md, Validation bounds); the shared rule decides.
      if (profile.name && isTutorSide(target.role as Role)) {
        const checked = tutorNameRule.safeParse(profile.name);
        if (!checked.success) {
          const message = checked.error.issues[0]?.message;
          const code = isErrorCode(message) ? message : "invalid-tutor-name";
          fail(code, { name: code });
        }
      }
      const audit = ownChange ? undefined : { actor: auditActorOf(c, caller.id), before: target };
      const updated = await updateUser(
        db,
        target.id,
        { ...profile, ...(passwordHash ? { passwordHash } : {}) },
        new Date(),
        audit,
      );
      // A new password signs the account's other devices out (this one stays signed in), sockets too.
      if (passwordHash) {
        const ended = await endSessionsStatement(
          db,
          target.id,
          "password",
          c.get("now"),
          c.get("tokenSessionId")!,
        );
        await publishEvents(scopeOf(c), {
          to: "ended-sessions",
          userId: target.id,
          sessionIds: ended.map((session) => session.id),
        });
      }
      if (isTutorSide(updated.role as Role)) tutorChanged(scopeOf(c), updated.id);
      return toUserView(updated);
    },
  }),
  route(userContracts.resetPassword, {
    access: admins,
    summary:
      "Staff: email the account's owner a password reset code (the forgot-password flow's code); nobody sets another person's password.",
    async handle({ c, params, user: caller }) {
      const db = c.get("db");
      const target = await findUserById(db, params.id);
      if (!target) fail("user-not-found");
      if (!mayManageAccount(caller, target)) fail("forbidden");
      await takeAttempt(db, `code-send:${target.id}`, settings.rateLimits.codeSend);
      const now = new Date();
      const code = await issueCode(
        db,
        { userId: target.id, type: VerificationType.ResetPassword, destination: target.email },
        now,
        (db) => [
          auditStatement(
            db,
            auditActorOf(c, caller.id),
            {
              action: "user.password-reset",
              targetType: "user",
              targetId: target.id,
              after: { email: target.email },
            },
            now,
          ),
        ],
      );
      await notify(scopeOf(c), {
        userId: target.id,
        channel: "email",
        kind: "security",
        recipient: target.email,
        code,
        ...messages.resetPassword(code),
      });
    },
  }),
];
