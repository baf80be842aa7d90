/**
 * Importing this module registers the whole error catalogue's Arabic messages
 * (schema/error-messages.ts) with errorMessage() in web/src/i18n/ar-EG.ts. A module that can show a
 * catalogue code it computed itself (a form's rules, a booking rule) imports it, so the message is
 * there before the code is; everything else gets it right after the first screen (web/src/boot.tsx).
 */
import { errorMessage as catalogue } from "@schema/error-messages";
import { learnErrorMessages } from "./ar-EG";

learnErrorMessages(catalogue);
