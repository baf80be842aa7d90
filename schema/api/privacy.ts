import { z } from "zod";
import { contract } from "./contract";
import { idParam, instant, paged, pageQuery } from "./common";

/**
 * A person's data rights in the product (docs/rules.md, "Your data: export, consents, retention";
 * Egypt's Personal Data Protection Law 151 of 2020): a copy of their data as a ZIP, and their
 * consent choices (analytics, marketing), signed in or as a visitor's device.
 */

/** DataExportState (schema/db/privacy.ts). */
export const dataExportStates = ["pending", "ready", "failed", "expired"] as const;
export type DataExportState = (typeof dataExportStates)[number];

/** One export as its owner sees it; `url` (the download, with the bearer token) once ready. */
export const dataExportView = z.object({
  id: z.number().int(),
  state: z.enum(dataExportStates),
  createdAt: instant,
  readyAt: instant.nullable(),
  /** The ZIP is deleted after this (7 days after it was ready). */
  expiresAt: instant.nullable(),
  /** Bytes of the ZIP, once ready. */
  size: z.number().int().nullable(),
  /** GET /api/v1/user/current/export/{id} while ready, else null. */
  url: z.string().nullable(),
});
export type DataExportView = z.output<typeof dataExportView>;

/** ConsentKind (schema/db/privacy.ts). */
export const consentKinds = ["analytics", "marketing"] as const;
export type ConsentKind = (typeof consentKinds)[number];

/**
 * The version of each consent text in force (docs/rules.md lists them): a record keeps the version
 * the person saw, so a later change of the text can be told from their choice. Change the version
 * whenever the text in web/src/i18n changes its meaning.
 */
export const consentTextVersions: Record<ConsentKind, string> = {
  analytics: "analytics-2026-11",
  marketing: "marketing-2026-11",
};

/** One recorded choice. */
export const consentRecordView = z.object({
  kind: z.enum(consentKinds),
  granted: z.boolean(),
  textVersion: z.string(),
  at: instant,
});
export type ConsentRecordView = z.output<typeof consentRecordView>;

/** The choice in force per kind (null = never asked: analytics off, marketing off) and the history, newest first. */
export const consentsView = z.object({
  analytics: consentRecordView.nullable(),
  marketing: consentRecordView.nullable(),
  /** The latest 50 records of this person or device, newest first (kept three years). */
  history: z.array(consentRecordView),
});
export type ConsentsView = z.output<typeof consentsView>;

/** PUT …/consents — one choice: giving and withdrawing are the same call. */
export const consentBody = z.object({
  kind: z.enum(consentKinds, { error: "bad-request" }),
  granted: z.boolean({ error: "bad-request" }),
});
export type ConsentBody = z.infer<typeof consentBody>;

/** A visitor's device: a random id the browser made (crypto.randomUUID), kept in localStorage. */
export const deviceIdRule = z
  .string({ error: "invalid-device-id" })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "invalid-device-id");

export const deviceConsentBody = consentBody.extend({ deviceId: deviceIdRule });
export type DeviceConsentBody = z.infer<typeof deviceConsentBody>;

/** The data-rights endpoints (worker/routes/privacy.ts). */
export const privacyContracts = {
  requestExport: contract({
    method: "post",
    path: "/user/current/export",
    status: 202,
    response: dataExportView,
  }),
  listExports: contract({
    method: "get",
    path: "/user/current/export",
    query: pageQuery,
    response: paged(dataExportView),
  }),
  downloadExport: contract({
    method: "get",
    path: "/user/current/export/:id{[0-9]+}",
    params: idParam,
    response: "file",
  }),
  consents: contract({ method: "get", path: "/user/current/consents", response: consentsView }),
  setConsent: contract({
    method: "put",
    path: "/user/current/consents",
    body: consentBody,
    response: consentsView,
  }),
  setDeviceConsent: contract({
    method: "put",
    path: "/consents",
    body: deviceConsentBody,
    response: consentsView,
  }),
};
