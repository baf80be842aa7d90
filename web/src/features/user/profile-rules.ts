import { z } from "zod";
import type { UserView } from "@schema/api/user";
import { canonicalGovernorate, egyptGovernorates, Gender, MessagingApp, Role } from "@schema/enums";
import { birthYearRule, tutorNameRule, userNameRule } from "@schema/rules";
import { requiredText } from "../../lib/form";

/** A profile is complete when it has everything the complete-profile screen asks for. */
export function isProfileComplete(user: UserView): boolean {
  return Boolean(user.name && user.birthYear && user.gender && user.city && user.notificationMethod);
}

/** The form holds text; these turn it into the API's values, with the shared rules. */
export function profileFormSchema(role: Role) {
  const cityValues = new Set<number>(egyptGovernorates);
  return z.object({
    name: requiredText(role === Role.Tutor ? tutorNameRule : userNameRule),
    birthYear: z
      .string({ error: "required" })
      .trim()
      .min(1, "required")
      .transform((text) => Number(text))
      .pipe(birthYearRule),
    gender: z.enum([Gender.Male, Gender.Female], { error: "required" }),
    city: z
      .string({ error: "required" })
      .min(1, "required")
      .transform((text) => Number(text))
      .refine((city) => cityValues.has(city), "required"),
    notificationMethod: z
      .string({ error: "required" })
      .min(1, "required")
      .transform((text) => Number(text) as MessagingApp)
      .refine((method) => method === MessagingApp.Whatsapp || method === MessagingApp.Telegram, "required"),
  });
}

export type ProfileFormValues = {
  name: string;
  birthYear: string;
  gender: string;
  city: string;
  notificationMethod: string;
};

export function profileFormValues(user: UserView | null): ProfileFormValues {
  return {
    name: user?.name ?? "",
    birthYear: user?.birthYear ? String(user.birthYear) : "",
    gender: user?.gender ?? "",
    city: user?.city ? String(canonicalGovernorate(user.city)) : "",
    notificationMethod: user?.notificationMethod ? String(user.notificationMethod) : "",
  };
}
