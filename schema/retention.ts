// Personal data: how long each kind is kept (docs/rules.md, "Your data: export, consents,
// retention"; Law 151 of 2020). The daily retention job (worker/domain/privacy/retention.ts)
// enforces them and the /privacy page states them, both from here.

export const retentionDays = {
  /** Verification codes and socket tickets: removed once expired (no extra keeping). */
  spentCodes: 0,
  /** Signed-in devices (auth sessions) after they ended. */
  endedSessions: 90,
  /** Debug logs attached to problem reports (R2 "log" assets). */
  debugLogs: 30,
  /** Notification history: the message's text (body, code, last error) is erased this long after it was written. */
  notificationBodies: 180,
  /**
   * A notification sent: its whole row (text, channel, recipient, dedupe key) deleted this long
   * after it was sent. Nothing reads a sent row that old: every dedupe key's event is over within
   * days, and no screen lists sent messages (docs/rules.md, "Your data: export, consents, retention").
   */
  sentNotificationRows: 30,
  /**
   * A notification that failed for good: its row deleted this long after it failed (staff's
   * undelivered list, /admin/outbox/dead, sends it again until then); never while pending (queued,
   * retrying, held). At least notificationBodies and sentNotificationRows.
   */
  notificationRows: 180,
  /** Contact requests, from their last change. */
  contactRequests: 365,
  /** Chat messages of a room with no message for this long. */
  idleChatMessages: 730,
  /** A data export's ZIP, from when it was ready: the download window. */
  dataExports: 7,
  /** Consent records (each choice), from when it was made. */
  consents: 1095,
} as const;

/** A person may ask for one data export per this many hours (a failed one does not count). */
export const dataExportEveryHours = 24;
