import { privacyContracts } from "../../schema/api/privacy";
import { settings } from "../core/settings";
import { takeAttempt } from "../domain/identity/rate-limit";
import { readConsents, recordConsent } from "../domain/privacy/consents";
import { downloadExport, listExports, requestExport } from "../domain/privacy/export";
import { clientAddress } from "../http/respond";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";

/** A person's data rights (docs/rules.md, "Your data: export, consents, retention"). */
export const privacyRoutes = [
  route(privacyContracts.requestExport, {
    access: "signed-in",
    duringDeletion: true,
    summary:
      "Ask for a copy of one's data: a ZIP (one JSON per kind, one's uploads, an Arabic README) built after the answer and kept 7 days; the person is told when it is ready. One a day (export-too-soon); a failed one may be asked again.",
    handle: ({ c, user }) => requestExport(scopeOf(c), user),
  }),
  route(privacyContracts.listExports, {
    access: "signed-in",
    duringDeletion: true,
    summary:
      "One's data exports, newest first, paged: state (pending|ready|failed|expired) and, while ready, the download url.",
    handle: ({ c, query, user }) => listExports(c.get("db"), user.id, query, c.get("now")),
  }),
  route(privacyContracts.downloadExport, {
    access: "signed-in",
    duringDeletion: true,
    summary:
      "Download one's data export (a ZIP); only its owner, while ready (export-not-ready while built); anyone else gets export-not-found.",
    handle: ({ c, params, user }) => downloadExport(scopeOf(c), user.id, params.id),
  }),
  route(privacyContracts.consents, {
    access: "signed-in",
    summary:
      "One's consent choices in force (analytics, marketing; null = never asked, which means no) and the latest 50 records.",
    handle: ({ c, user }) => readConsents(c.get("db"), { userId: user.id }),
  }),
  route(privacyContracts.setConsent, {
    access: "signed-in",
    summary:
      "Give or withdraw one consent (kind analytics|marketing, granted): a new record with the text version in force.",
    handle: ({ c, body, user }) => recordConsent(c.get("db"), { userId: user.id }, body, c.get("now")),
  }),
  route(privacyContracts.setDeviceConsent, {
    access: "public",
    summary:
      "A visitor's consent choice for their device (deviceId: a random UUID the browser keeps); 30 per hour per client address (429).",
    async handle({ c, body }) {
      const db = c.get("db");
      await takeAttempt(db, `consent:ip:${clientAddress(c)}`, settings.rateLimits.deviceConsent);
      return recordConsent(db, { deviceId: body.deviceId }, body, c.get("now"));
    },
  }),
];
