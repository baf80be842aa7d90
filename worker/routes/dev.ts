import { z } from "zod";
import { pageQuery } from "../../schema/api/common";
import { listOutbox } from "../notifications/outbox";
import { benchSeedBody } from "../../schema/api/bench";
import { fail } from "../core/failure";
import { route } from "../http/route";
import type { LocalServices } from "../integrations/emulated";

/** The emulators and seeds the local entry passed in; 404 without them (the production entry). */
function local(services: { local?: LocalServices | null }): LocalServices {
  if (!services.local) fail("not-found");
  return services.local;
}

/** The local environment's emulator routes; not mounted anywhere else (404 there). */
export const devRoutes = [
  route({
    method: "get",
    path: "/dev/outbox",
    access: "public",
    localOnly: true,
    summary: "Local mailbox: every email, WhatsApp and Telegram message sent, with its code.",
    query: pageQuery.extend({ to: z.string().trim().toLowerCase().max(100, "bad-request").optional() }),
    handle: ({ c, query }) => listOutbox(c.get("db"), query.to || undefined, query.page, query.size),
  }),
  route({
    method: "post",
    path: "/dev/seed",
    access: "public",
    localOnly: true,
    summary: "Seed the demo data (idempotent); npm start calls it.",
    handle: ({ c }) => local(c.get("services")).seedDemo(c.get("db"), new Date(), c.env.MEDIA),
  }),
  route({
    method: "post",
    path: "/dev/bench/seed",
    access: "public",
    localOnly: true,
    summary: "Seed benchmark data in one batch (listed tutors, subscribed students) and answer their ids and tokens; npm run bench calls it.",
    body: benchSeedBody,
    handle: ({ c, body }) => local(c.get("services")).seedBench(c.get("db"), c.get("config").TOKEN_SECRET, body),
  }),
];
