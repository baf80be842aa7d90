import {
  type ContactRequestStaffView,
  type ContactRequestView,
  contactRequestContracts,
} from "../../schema/api/contact-request";
import { Role } from "../../schema/enums";
import {
  contactRequestMessage,
  contactTeam,
  countNewContactRequests,
  createContactRequest,
  getContactRequest,
  listContactRequests,
  replyToContactRequest,
  updateContactRequest,
} from "../domain/staff/contact-requests";
import { auditActorOf } from "../domain/staff/audit";
import { takeAttempt } from "../domain/identity/rate-limit";
import { settings } from "../core/settings";
import { clientAddress } from "../http/respond";
import { deliverLater, notify } from "../notifications/notify";
import { route } from "../http/route";
import { TURNSTILE_TOKEN_HEADER, requireHuman } from "../integrations/turnstile";
import { scopeOf } from "../http/scope";

/** Who answers contact requests (docs/product.md §6): the admins. */
const support = [Role.SuperAdmin, Role.RegularAdmin] as const;

export const contactRequestRoutes = [
  route(contactRequestContracts.create, {
    access: "public",
    summary:
      "Send the team a message (name, email or phone, title 5..128, message 10..1000, kind general|data-rights); one per address per 6 hours (429); every admin is emailed. With Turnstile on, the x-turnstile-token header (captcha-failed).",
    async handle({ c, body, user }): Promise<ContactRequestView> {
      const db = c.get("db");
      const ip = clientAddress(c);
      await requireHuman(scopeOf(c), { token: c.req.header(TURNSTILE_TOKEN_HEADER), remoteIp: ip });
      await takeAttempt(db, `contact:ip:${ip}`, settings.rateLimits.contactRequest);
      const row = await createContactRequest(db, body, { userId: user?.id ?? null, ip });
      const team = await contactTeam(db);
      await Promise.all(team.map((member) => notify(scopeOf(c), contactRequestMessage(row, member))));
      return { id: row.id, createdAt: row.createdAt };
    },
  }),
  route(contactRequestContracts.list, {
    access: support,
    summary:
      "Staff: contact requests, paged; ?q searches name, email, phone, title and message; ?state, ?kind; ?sort created|-created|state|-state (newest first by default).",
    handle: ({ c, query }) => listContactRequests(c.get("db"), query),
  }),
  route(contactRequestContracts.newCount, {
    access: support,
    summary: "Staff: how many contact requests are new (the admin home's figure).",
    handle: async ({ c }) => ({ new: await countNewContactRequests(c.get("db")) }),
  }),
  route(contactRequestContracts.get, {
    access: support,
    summary: "Staff: one contact request (contact-request-not-found).",
    handle: ({ c, params }) => getContactRequest(c.get("db"), params.id),
  }),
  route(contactRequestContracts.reply, {
    access: support,
    summary:
      "Staff: email a plain-text reply (1..4000) to the sender, their message quoted; the request becomes answered. contact-request-no-email when the sender left only a phone.",
    async handle({ c, params, body, user }): Promise<ContactRequestStaffView> {
      const { view, outbox } = await replyToContactRequest(c.get("db"), {
        id: params.id,
        body,
        staffId: user.id,
        actor: auditActorOf(c, user.id),
      });
      deliverLater(scopeOf(c), [outbox]);
      return view;
    },
  }),
  route(contactRequestContracts.update, {
    access: support,
    summary: "Staff: set a contact request's state (new|answered|closed) and/or its internal notes (≤ 2000).",
    handle: ({ c, params, body, user }) =>
      updateContactRequest(c.get("db"), {
        id: params.id,
        change: body,
        staffId: user.id,
        actor: auditActorOf(c, user.id),
      }),
  }),
];
