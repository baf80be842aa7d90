/**
 * The units of time in milliseconds: the one copy the Worker, the Durable Objects, the emulators
 * and the SPA all use. It imports nothing, so any SPA chunk may take it for free.
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
/** Minutes in a calendar day (a zone's clock day can be 23 or 25 hours: schema/calendar.ts). */
export const MINUTES_PER_DAY = 24 * 60;
