import { devContracts } from "../../schema/api/dev";
import { listOutbox } from "../notifications/outbox";
import { fail } from "../core/failure";
import { route } from "../http/route";
import type { LocalServices } from "../integrations/emulated";
import { Role } from "../../schema/enums";
import { addWords } from "../domain/learning/words";

/** The emulators and seeds the local entry passed in; 404 without them (the production entry). */
function local(services: { local?: LocalServices | null }): LocalServices {
  if (!services.local) fail("not-found");
  return services.local;
}

/** The local environment's emulator routes; not mounted anywhere else (404 there). */
export const devRoutes = [
  route(devContracts.outbox, {
    access: "public",
    localOnly: true,
    summary: "Local mailbox: every email, WhatsApp and Telegram message sent, with its code.",
    handle: ({ c, query }) =>
      listOutbox(c.get("db"), query.to || undefined, query.page, query.size, {
        secret: c.get("config").TOKEN_SECRET,
        origin: new URL(c.req.url).origin,
      }),
  }),
  route(devContracts.seed, {
    access: "public",
    localOnly: true,
    summary: "Seed the demo data (idempotent); npm start calls it.",
    handle: ({ c }) => local(c.get("services")).seedDemo(c.get("db"), new Date(), c.env.MEDIA),
  }),
  route(devContracts.benchSeed, {
    access: "public",
    localOnly: true,
    summary:
      "Seed benchmark data in one batch (listed tutors, subscribed students) and answer their ids and tokens; npm run bench calls it.",
    handle: ({ c, body }) =>
      local(c.get("services")).seedBench(c.get("db"), c.get("config").TOKEN_SECRET, body),
  }),
  route(devContracts.benchFill, {
    access: "public",
    localOnly: true,
    summary:
      "Add one bounded batch of benchmark history (past lessons, payments, audit rows, outbox rows, or chat rooms with messages); npm run bench calls it.",
    handle: ({ c, body }) => local(c.get("services")).fillBench(c.env, c.get("db"), body),
  }),
  route(devContracts.words, {
    access: [Role.Student],
    localOnly: true,
    summary:
      "Local only: adds words to the signed-in student's «كلماتي» list (a word already there is kept); the browser tests' setup.",
    handle: async ({ c, user, body }) => {
      local(c.get("services"));
      return { ids: await addWords(c.get("db"), user.id, body.lessonId ?? null, body.words, c.get("now")) };
    },
  }),
];
