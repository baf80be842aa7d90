import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { retentionDays } from "@schema/retention";
import { durationCounts } from "../../web/src/i18n/ar-EG-durations";
import { marketingPrivacy } from "../../web/src/i18n/ar-EG-marketing-privacy";
import { countOf } from "../../web/src/lib/plural";
import { PrivacyPage } from "../../web/src/pages/privacy/privacy-page";
import { renderWithApp } from "./render-with-app";

const r = marketingPrivacy.retention;

describe("/privacy states every keeping period the retention job enforces (schema/retention.ts)", () => {
  it("has a line for every kind of retentionDays, so a new kind cannot go unsaid", () => {
    expect(Object.keys(retentionDays).filter((kind) => !(kind in r))).toEqual([]);
  });

  it("says how long a notification sent, one that failed and its text are kept, in days", () => {
    renderWithApp(<PrivacyPage />);
    const days = (n: number) => countOf(durationCounts.days, n);
    const items = screen.getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toContain(r.sentNotificationRows(days(retentionDays.sentNotificationRows)));
    expect(items).toContain(r.notificationRows(days(retentionDays.notificationRows)));
    expect(items).toContain(r.notificationBodies(days(retentionDays.notificationBodies)));
    // A sent row goes whole first; a failed one is never deleted before its text is erased.
    expect(retentionDays.sentNotificationRows).toBeLessThan(retentionDays.notificationRows);
    expect(retentionDays.notificationRows).toBeGreaterThanOrEqual(retentionDays.notificationBodies);
  });
});
