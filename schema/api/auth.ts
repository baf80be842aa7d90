import { z } from "zod";
import { emailRule } from "../rules";

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

/** The bearer token's payload: user id, issued-at and expiry in seconds since the epoch. */
export type TokenPayload = { id: number; iat: number; exp: number };
