import { z } from "zod";
import { egyptGovernorates, Gender, type Governorate, isTutorSide, MessagingApp, Role } from "../enums";
import { birthYearRule, emailRule, passwordRule, timeZoneRule, tutorNameRule, userNameRule } from "../rules";
import { contract } from "./contract";
import { idParam } from "./common";

const roleRule = z.union(
  Object.values(Role).map((role) => z.literal(role)) as [z.ZodLiteral<Role>, ...z.ZodLiteral<Role>[]],
  { error: "bad-request" },
);

/** POST /user/ — anyone may register as Student or Tutor; other roles only by an admin. Tutor-side names are Arabic only. */
export const registerBody = z
  .object({
    email: emailRule,
    password: passwordRule,
    role: roleRule,
    name: userNameRule.optional(),
  })
  .superRefine(
    (body, ctx) => {
      if (body.name === undefined || !isTutorSide(body.role)) return;
      const checked = tutorNameRule.safeParse(body.name);
      if (!checked.success)
        ctx.addIssue({
          code: "custom",
          message: checked.error.issues[0]?.message ?? "invalid-tutor-name",
          path: ["name"],
        });
    },
    // Only once every field is valid: one problem, one code.
    { when: (payload) => payload.issues.length === 0 },
  );
export type RegisterBody = z.infer<typeof registerBody>;

/** PUT /user/{id} — profile fields and password change (currentPassword needed when one is set). */
export const updateUserBody = z
  .object({
    name: userNameRule,
    birthYear: birthYearRule,
    gender: z.enum([Gender.Male, Gender.Female], { error: "bad-request" }),
    // One of Egypt's 27 governorates (a retired wire value is refused).
    city: z
      .number({ error: "bad-request" })
      .int("bad-request")
      .refine((city) => egyptGovernorates.includes(city as Governorate), "bad-request"),
    notificationMethod: z.union([z.literal(MessagingApp.Whatsapp), z.literal(MessagingApp.Telegram)], {
      error: "bad-request",
    }),
    timeZone: timeZoneRule,
    password: passwordRule,
    currentPassword: z.string({ error: "bad-request" }).max(100, "bad-request"),
  })
  .partial();
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** The user as every endpoint shows it. */
export const userView = z.object({
  id: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(Role),
  image: z.string().nullable(),
  birthYear: z.number().nullable(),
  gender: z.enum(Gender).nullable(),
  phone: z.string().nullable(),
  city: z.number().nullable(),
  notificationMethod: z.enum(MessagingApp).nullable(),
  /** The IANA zone the user's times are shown in (Africa/Cairo unless they chose another). */
  timeZone: z.string(),
  verifiedEmail: z.boolean(),
  verifiedPhone: z.boolean(),
  hasPassword: z.boolean(),
  creditScore: z.number(),
  /** When an admin suspended the account and why (null when it is not suspended). */
  suspendedAt: z.string().nullable().optional(),
  suspensionReason: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserView = z.output<typeof userView>;

/** Registration and every sign-in answer the user and a bearer token. */
export const authResponse = z.object({ user: userView, token: z.string() });
export type AuthResponse = z.output<typeof authResponse>;

/** GET /user/tutor/meta — the tutor-side profile of the signed-in Tutor or TutorManager (the tutor's own columns, which schema/api/tutor.ts reuses). */
export const tutorMeta = z.object({
  id: z.number(),
  bio: z.string().nullable(),
  about: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
  notice: z.number(),
  activated: z.boolean(),
  bypassOnboarding: z.boolean(),
});
export type TutorMeta = z.output<typeof tutorMeta>;

/** PUT /user/asset?forUser= — the avatar; answers the public URL. */
export const assetResponse = z.object({ url: z.string() });
export type AssetResponse = z.output<typeof assetResponse>;

/** PUT /user/asset — staff may upload another user's picture. */
export const userAssetQuery = z.object({
  forUser: z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request").optional(),
});

/** The user endpoints (worker/routes/user.ts). */
export const userContracts = {
  register: contract({
    method: "post",
    path: "/user/",
    body: registerBody,
    status: 201,
    response: authResponse,
  }),
  current: contract({ method: "get", path: "/user/current", response: userView }),
  tutorMeta: contract({ method: "get", path: "/user/tutor/meta", response: tutorMeta }),
  uploadPicture: contract({
    method: "put",
    path: "/user/asset",
    body: "multipart",
    query: userAssetQuery,
    response: assetResponse,
  }),
  get: contract({ method: "get", path: "/user/:id", params: idParam, response: userView }),
  update: contract({
    method: "put",
    path: "/user/:id",
    body: updateUserBody,
    params: idParam,
    response: userView,
  }),
  resetPassword: contract({
    method: "post",
    path: "/user/:id{[0-9]+}/password-reset",
    params: idParam,
    response: "empty",
  }),
};
