import { z } from "zod";
import { idParam } from "../../schema/api/common";
import { registerBody, updateUserBody, type AssetResponse } from "../../schema/api/user";
import { Role, VerificationType, isAdmin, isTutorSide } from "../../schema/enums";
import { isErrorCode } from "../../schema/errors";
import { tutorNameRule } from "../../schema/rules";
import { storeAvatar } from "../domain/assets";
import { deleteReplacedUploads } from "../domain/uploads";
import { messages } from "../domain/messages";
import { hashPassword, verifyPassword } from "../domain/password";
import { takeAttempt } from "../domain/rate-limit";
import { settings } from "../domain/settings";
import { createUser, findTutorMeta, findUserById, toUserView, updateUser, type UserRow } from "../domain/users";
import { issueCode } from "../domain/confirmation-codes";
import { fail } from "../http/failure";
import { clientAddress, notify, signedIn } from "../http/respond";
import { route } from "../http/route";
import { tutorChanged } from "../http/tutor-events";

const publicRoles: readonly Role[] = [Role.Student, Role.Tutor];

/** Self or an admin may read and change a user's account. */
function mayManage(caller: UserRow, userId: number): boolean {
  return caller.id === userId || isAdmin(caller.role as Role);
}

export const userRoutes = [
  route({
    method: "post",
    path: "/user/",
    access: "public",
    summary: "Register a Student or Tutor (staff accounts only by an admin); sends the email code.",
    body: registerBody,
    status: 201,
    async handle({ c, body, user: caller }) {
      if (!publicRoles.includes(body.role) && !(caller && isAdmin(caller.role as Role))) fail("forbidden");
      const db = c.get("db");
      await takeAttempt(db, `register:${clientAddress(c)}`, settings.rateLimits.register);
      const user = await createUser(db, {
        email: body.email,
        role: body.role,
        name: body.name ?? null,
        passwordHash: await hashPassword(body.password),
      });
      const code = await issueCode(db, { userId: user.id, type: VerificationType.VerifyEmail, destination: user.email });
      await notify(c, { userId: user.id, channel: "email", recipient: user.email, code, ...messages.verifyEmail(code) });
      return signedIn(c, user);
    },
  }),
  route({
    method: "get",
    path: "/user/current",
    access: "signed-in",
    summary: "The signed-in user.",
    handle: ({ user }) => toUserView(user),
  }),
  route({
    method: "get",
    path: "/user/tutor/meta",
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
  route({
    method: "put",
    path: "/user/asset",
    access: "signed-in",
    summary: "Upload an avatar (multipart field image: jpg, png or gif up to 8 MB).",
    body: "multipart",
    query: z.object({ forUser: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional() }),
    async handle({ c, query, user: caller }): Promise<AssetResponse> {
      const userId = query.forUser ?? caller.id;
      if (!mayManage(caller, userId)) fail("forbidden");
      const form = await c.req.formData().catch(() => fail("bad-request"));
      const file = form.get("image");
      if (!(file instanceof File)) fail("empty-request");
      const url = await storeAvatar(c.env.MEDIA, userId, file);
      const previous = userId === caller.id ? caller.image : ((await findUserById(c.get("db"), userId))?.image ?? null);
      const updated = await updateUser(c.get("db"), userId, { image: url });
      if (previous) c.executionCtx.waitUntil(deleteReplacedUploads(c.get("db"), c.env.MEDIA, userId, [previous], c.get("logger")));
      if (isTutorSide(updated.role as Role)) tutorChanged(c, userId);
      return { url };
    },
  }),
  route({
    method: "get",
    path: "/user/:id",
    access: "signed-in",
    summary: "A user's account (self, admins and tutor managers).",
    params: idParam,
    async handle({ c, params, user: caller }) {
      const staffReader = isAdmin(caller.role as Role) || caller.role === Role.TutorManager;
      if (caller.id !== params.id && !staffReader) fail("forbidden");
      const user = await findUserById(c.get("db"), params.id);
      return user ? toUserView(user) : fail("user-not-found");
    },
  }),
  route({
    method: "put",
    path: "/user/:id",
    access: "signed-in",
    summary: "Change profile fields or the password (the current one is needed when set).",
    params: idParam,
    body: updateUserBody,
    async handle({ c, params, body, user: caller }) {
      if (!mayManage(caller, params.id)) fail("forbidden");
      const db = c.get("db");
      const target = params.id === caller.id ? caller : await findUserById(db, params.id);
      if (!target) fail("user-not-found");
      const { password, currentPassword, ...profile } = body;
      if (Object.keys(profile).length === 0 && !password) fail("empty-request");
      let passwordHash: string | undefined;
      if (password) {
        const ownChange = caller.id === target.id;
        if (ownChange && target.passwordHash && !(currentPassword && (await verifyPassword(currentPassword, target.passwordHash))))
          fail("wrong-password");
        passwordHash = await hashPassword(password);
      }
      // Tutor names are Arabic only (business-rules.md); the shared rule decides.
      if (profile.name && isTutorSide(target.role as Role)) {
        const checked = tutorNameRule.safeParse(profile.name);
        if (!checked.success) {
          const message = checked.error.issues[0]?.message;
          const code = isErrorCode(message) ? message : "invalid-tutor-name";
          fail(code, { name: code });
        }
      }
      const updated = await updateUser(db, target.id, { ...profile, ...(passwordHash ? { passwordHash } : {}) });
      if (isTutorSide(updated.role as Role)) tutorChanged(c, updated.id);
      return toUserView(updated);
    },
  }),
];
