import type { TutorMeta, UserView } from "@schema/api/user";
import { Role } from "@schema/enums";
import { aboutRule, bioRule, phoneRule } from "@schema/rules";
import { requiredText } from "../../lib/form";
import {
  isProfileComplete,
  profileFormSchema,
  profileFormValues,
  type ProfileFormValues,
} from "../user/profile-rules";

/** /t/complete-profile: the account fields of every user, then bio, about and phone (docs/product.md §2). */
export const tutorCompleteProfileSchema = profileFormSchema(Role.Tutor).extend({
  bio: requiredText(bioRule),
  about: requiredText(aboutRule),
  phone: requiredText(phoneRule),
});

export type TutorCompleteProfileValues = ProfileFormValues & { bio: string; about: string; phone: string };
export type TutorCompleteProfileField = keyof TutorCompleteProfileValues;

/** The order of the fields on the screen, so the first failing one gets the keyboard. */
export const tutorCompleteProfileFields: readonly TutorCompleteProfileField[] = [
  "name",
  "bio",
  "about",
  "gender",
  "birthYear",
  "city",
  "phone",
  "notificationMethod",
];

export function tutorCompleteProfileValues(
  user: UserView,
  meta: Pick<TutorMeta, "bio" | "about"> | null,
): TutorCompleteProfileValues {
  return {
    ...profileFormValues(user),
    bio: meta?.bio ?? "",
    about: meta?.about ?? "",
    phone: user.phone ?? "",
  };
}

/** A tutor's profile is complete with the account fields, bio and about, and a verified phone. */
export function isTutorProfileComplete(
  user: UserView,
  meta: Pick<TutorMeta, "bio" | "about"> | null,
): boolean {
  return isProfileComplete(user) && Boolean(meta?.bio && meta.about && user.phone && user.verifiedPhone);
}

/** The phone needs a code when it is new, changed, or never verified. */
export function phoneNeedsVerifying(user: Pick<UserView, "phone" | "verifiedPhone">, phone: string): boolean {
  return !user.verifiedPhone || user.phone !== phone;
}
