import type { UserView } from "@schema/api/user";
import { Role } from "@schema/enums";

/** A signed-up user as the API shows it; pass a role to get a tutor or staff member. */
export function userWith(role: Role = Role.Student): UserView {
  return {
    id: 7,
    name: "منى",
    email: "mona@example.com",
    role,
    image: null,
    birthYear: 2000,
    gender: "female",
    phone: null,
    city: 1,
    notificationMethod: 1,
    timeZone: "Africa/Cairo",
    verifiedEmail: false,
    verifiedPhone: false,
    hasPassword: true,
    creditScore: 0,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}
