import { notificationPreferencesContracts } from "../../schema/api/notification-preferences";
import { fail } from "../core/failure";
import { route } from "../http/route";
import { unsubscribeEmail } from "../notifications/preferences";
import { readUnsubscribeToken } from "../notifications/unsubscribe";
import { unsubscribePage } from "../notifications/unsubscribe-page";

/**
 * The unsubscribe link of every email of a choosable kind (RFC 8058; docs/rules.md, "Notifications:
 * channels, preferences, quiet hours"): no sign-in, the signed token names the person and the kind.
 */
export const unsubscribeRoutes = [
  route(notificationPreferencesContracts.unsubscribe, {
    access: "public",
    summary:
      "One-click unsubscribe (RFC 8058, List-Unsubscribe-Post): turns the token's kind of email off for its person, nothing else; idempotent. invalid-unsubscribe-link for a malformed or tampered token.",
    async handle({ c, params }) {
      const named = await readUnsubscribeToken(c.get("config").TOKEN_SECRET, params.token);
      if (!named || !(await unsubscribeEmail(c.get("db"), named.userId, named.kind, c.get("now"))))
        fail("invalid-unsubscribe-link");
      return { kind: named.kind, email: false as const };
    },
  }),
  route(notificationPreferencesContracts.unsubscribePage, {
    access: "public",
    summary:
      "The unsubscribe link opened in a browser: does what the one-click POST does and answers a small Arabic page saying so, with a link to the notification settings (400 and a page saying the link is not valid otherwise).",
    async handle({ c, params }) {
      const named = await readUnsubscribeToken(c.get("config").TOKEN_SECRET, params.token);
      const person = named
        ? await unsubscribeEmail(c.get("db"), named.userId, named.kind, c.get("now"))
        : null;
      return new Response(unsubscribePage(person && named ? { kind: named.kind, role: person.role } : null), {
        status: person ? 200 : 400,
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
      });
    },
  }),
];
