import { Role } from "@schema/enums";

/** Students, tutors and tutor managers chat (docs/rules.md, Chat). Its own module: the header reads it without loading the chat. */
export const chatRoles: readonly Role[] = [Role.Student, Role.Tutor, Role.TutorManager];
