import { z } from "zod";
import type { TutorMeta, UserView } from "@schema/api/user";
import { aboutRule, bioRule, bounds, noticeRule, tutorNameRule } from "@schema/rules";
import { requiredText } from "../../lib/form";

/** The tutor profile form: the same shared rules as PUT /user/tutor/profile. */
export const tutorProfileFormSchema = z.object({
  name: requiredText(tutorNameRule),
  bio: bioRule,
  about: aboutRule,
  notice: z.string().transform(Number).pipe(noticeRule),
});

export type TutorProfileFormValues = { name: string; bio: string; about: string; notice: string };
export type TutorProfileField = keyof TutorProfileFormValues;

export function tutorProfileFormValues(
  user: Pick<UserView, "name">,
  meta: Pick<TutorMeta, "bio" | "about" | "notice"> | null,
): TutorProfileFormValues {
  return {
    name: user.name ?? "",
    bio: meta?.bio ?? "",
    about: meta?.about ?? "",
    notice: String(meta?.notice ?? 60),
  };
}

/** Common notice choices (minutes); the tutor's own value is kept when it is not one of them. */
export const commonNotices = [15, 30, 60, 120, 180, 360, 720, 1440] as const;

export function noticeChoices(current: number): number[] {
  const values = new Set<number>(commonNotices);
  if (current >= bounds.noticeMinutes.min && current <= bounds.noticeMinutes.max) values.add(current);
  return [...values].sort((a, b) => a - b);
}
