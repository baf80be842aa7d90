import { type ContactRequestView, contactRequestContracts } from "../../schema/api/contact-request";
import { contactRequestMessage, contactTeam, createContactRequest } from "../domain/staff/contact-requests";
import { takeAttempt } from "../domain/identity/rate-limit";
import { settings } from "../core/settings";
import { clientAddress } from "../http/respond";
import { notify } from "../notifications/notify";
import { route } from "../http/route";
import { TURNSTILE_TOKEN_HEADER, requireHuman } from "../integrations/turnstile";
import { scopeOf } from "../http/scope";

export const contactRequestRoutes = [
  route(contactRequestContracts.create, {
    access: "public",
    summary:
      "Send the team a message (name, email or phone, title 5..128, message 10..1000); one per address per 6 hours (429); every admin is emailed. With Turnstile on, the x-turnstile-token header (captcha-failed).",
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
];
