import { retentionDays } from "@schema/retention";
import { MarketingPage, TextSections } from "../../features/marketing/marketing-page";
import { durationCounts } from "../../i18n/ar-EG-durations";
import { marketingPrivacy as text, yearCounts } from "../../i18n/ar-EG-marketing-privacy";
import { countOf } from "../../lib/plural";

/** A keeping period in words: whole years as years («سنة»، «٣ سنين»), the rest in days. */
const period = (days: number) =>
  days % 365 === 0 ? countOf(yearCounts, days / 365) : countOf(durationCounts.days, days);

const r = text.retention;

/** The periods of schema/rules.ts (retentionDays), the ones the daily retention job enforces. */
const retention = {
  heading: r.heading,
  paragraphs: [r.intro],
  list: [
    r.spentCodes,
    r.endedSessions(period(retentionDays.endedSessions)),
    r.debugLogs(period(retentionDays.debugLogs)),
    r.sentNotificationRows(period(retentionDays.sentNotificationRows)),
    r.notificationRows(period(retentionDays.notificationRows)),
    r.notificationBodies(period(retentionDays.notificationBodies)),
    r.contactRequests(period(retentionDays.contactRequests)),
    r.idleChatMessages(period(retentionDays.idleChatMessages)),
    r.dataExports(period(retentionDays.dataExports)),
    r.consents(period(retentionDays.consents)),
  ],
};

/** /privacy — what is held, why, how long, where, who processes it, and how to use each right. */
export function PrivacyPage() {
  return (
    <MarketingPage title={text.title} lead={text.lead}>
      <TextSections sections={[...text.before, retention, ...text.after]} />
    </MarketingPage>
  );
}
