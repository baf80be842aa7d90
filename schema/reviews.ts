/**
 * Reviews: the rated tutor's reply (docs/rules.md, Reviews), shared by the Worker and the SPA. No
 * zod here, so the SPA's screens import it as it is (web/build/contract-stubs.ts drops functions
 * from schema/api/).
 */
import { HOUR_MS } from "./time";

/** The reply is written once and can be edited for 24 hours after it was first written. */
export const RATING_REPLY_EDIT_MS = 24 * HOUR_MS;

/** May the reply first written at `repliedAt` still be changed at `now`? (null: none yet, so it may be written). */
export const mayEditReply = (repliedAt: string | null, now: number): boolean =>
  repliedAt === null || now < Date.parse(repliedAt) + RATING_REPLY_EDIT_MS;
