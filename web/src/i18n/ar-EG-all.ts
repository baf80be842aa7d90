/**
 * Every string table merged into one `ar`, for tests only: a test reads any screen's strings as
 * `ar.<section>`. The product imports the core table (ar-EG.ts) and each area's table where it is
 * shown, so a screen's strings load with its chunk.
 */
import { ar as core } from "./ar-EG";
import { arAdmin } from "./ar-EG-admin";
import { arAuth } from "./ar-EG-auth";
import { counts, gendered } from "./ar-EG-counts";
import { arLessons } from "./ar-EG-lessons";
import { arLive } from "./ar-EG-live";
import { market } from "./ar-EG-marketplace";
import { arPayments } from "./ar-EG-payments";
import { privacyDeletion } from "./ar-EG-privacy-deletion";
import { arProfile } from "./ar-EG-profile";
import { reviews } from "./ar-EG-reviews";
import { support } from "./ar-EG-support";
import { arTutorJourney } from "./ar-EG-tutor-journey";
import { words } from "./ar-EG-words";
import { arPush } from "./ar-EG-push";

// Tests read any code's message through errorMessage(): the whole catalogue is registered here
// (the product loads it with forms or after the page has loaded, web/src/i18n/error-catalogue.ts).
import "./error-catalogue";

export * from "./ar-EG";
/** The whole error catalogue (schema/error-messages.ts), for tests that read every message. */
export { errorMessage as errorMessages } from "@schema/error-messages";
export const ar = {
  ...core,
  support,
  counts,
  gendered,
  market,
  privacyDeletion,
  words,
  push: arPush,
  reviews,
  ...arAdmin,
  ...arAuth,
  ...arLessons,
  ...arLive,
  ...arPayments,
  ...arProfile,
  ...arTutorJourney,
} as const;
