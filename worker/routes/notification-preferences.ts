import { notificationPreferencesContracts } from "../../schema/api/notification-preferences";
import { route } from "../http/route";
import { readPreferences, savePreferences } from "../notifications/preferences";

/** Who gets what, where (docs/rules.md, "Notifications: channels, preferences, quiet hours"). */
export const notificationPreferencesRoutes = [
  route(notificationPreferencesContracts.get, {
    access: "signed-in",
    summary:
      "One's notification choices: the channels one can be reached on (push, the verified messaging app, email), each choosable kind's channels, the required kinds (always sent) and the quiet hours (HH:MM on one's clock, or null).",
    handle: ({ c, user }) => readPreferences(c.get("db"), user.id),
  }),
  route(notificationPreferencesContracts.put, {
    access: "signed-in",
    summary:
      "Choose the channels of some kinds (the others keep theirs) and the quiet hours (null = none; invalid-quiet-hours when malformed or start = end). Answers the choices now in force.",
    handle: ({ c, body, user }) => savePreferences(c.get("db"), user.id, body, c.get("now")),
  }),
];
