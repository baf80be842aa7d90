// /admin/audit (web/src/pages/admin-audit/audit-page.tsx): every field the audit rows carry by an
// Arabic label (a field no label names yet is «بيان تاني», never its stored English name), state
// names in Arabic, and the from/to filters as lists of named days (docs/glossary.md), not a
// browser date input showing mm/dd/yyyy.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: { get: (...args: unknown[]) => get(...args), post: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const { AdminAuditPage, pastDayOptions } = await import("../../web/src/pages/admin-audit/audit-page");
const { arAdmin } = await import("../../web/src/i18n/ar-EG-admin");
const { ar } = await import("../../web/src/i18n/ar-EG");
const { formatNumber } = await import("../../web/src/lib/format");
const t = arAdmin.staff.audit;

afterEach(() => {
  cleanup();
  get.mockReset();
});

/**
 * The fields the Worker's audit rows carry (worker/domain/**: the before/after of auditStatement
 * and withAudit, the profile and settings fields they copy).
 */
const written = [
  // users, suspension, profile
  "email",
  "role",
  "name",
  "birthYear",
  "gender",
  "city",
  "notificationMethod",
  "timeZone",
  "image",
  "verifiedEmail",
  "suspended",
  "reason",
  "phone",
  // tutors, topics, media
  "bio",
  "about",
  "notice",
  "nameAr",
  "nameEn",
  "tutorId",
  "video",
  "thumbnail",
  // onboarding
  "activated",
  "bypassOnboarding",
  "status",
  "feedback",
  "note",
  "level",
  "decidedAt",
  "scheduledAt",
  "studioId",
  // payments, plans, coupons, invites, invoices, refunds
  "code",
  "discount",
  "expiresAt",
  "maxUses",
  "userId",
  "planId",
  "weeklyMinutes",
  "baseMonthPrice",
  "monthDiscount",
  "quarterDiscount",
  "yearDiscount",
  "active",
  "inviteOnly",
  "refundedAmount",
  "refund",
  "anotherRefund",
  "amount",
  "method",
  "proposed",
  "receipt",
  // lessons, reports, contact requests, notifications, privacy
  "start",
  "canceled",
  "resolved",
  "state",
  "replyLength",
  "notesLength",
  "dueAt",
  "graceDays",
  "requestId",
  // settings
  "minInvoiceAmount",
  "maxInvoiceAmount",
  "hourlyRate",
  "tutorHourlyRate",
  "trialMinutes",
  "cancelWindowHours",
  "refundFeeBasisPoints",
  "deletionGraceDays",
  "notificationsChannel",
  "tutorsGroup",
];

const entry = (id: number, before: unknown, after: unknown, action = "user.suspend") => ({
  id,
  actor: { id: 1, name: "مدير", email: "admin@dars.test" },
  action,
  targetType: "user",
  targetId: "12",
  before,
  after,
  requestId: null,
  createdAt: "2026-11-25T10:00:00.000Z",
});

describe("/admin/audit", () => {
  it("has an Arabic label for every field the audit rows carry", () => {
    const missing = written.filter((key) => !Object.hasOwn(t.fields, key));
    expect(missing).toEqual([]);
    for (const key of written) expect(t.fields[key]).toMatch(/[\u0600-\u06FF]/);
  });

  it("shows fields and states in Arabic, never their stored names, and an unknown field as «بيان تاني»", async () => {
    get.mockResolvedValue({
      list: [
        entry(1, { suspended: false }, { suspended: true, reason: "مخالفة" }),
        entry(2, { status: "failed" }, { status: "pending" }, "notification.retry"),
        entry(3, null, { someNewField: 3 }, "user.update"),
        { ...entry(4, { status: 0 }, { status: 3 }, "invoice.approve"), targetType: "invoice" },
      ],
      total: 3,
    });
    renderWithApp(<AdminAuditPage />);
    await screen.findByText("مخالفة");
    const table = document.querySelector("table")!;
    const text = table.textContent ?? "";
    for (const raw of ["suspended", "status", "reason", "failed", "pending", "someNewField"])
      expect(text).not.toContain(raw);
    expect(screen.getAllByText(t.fields.suspended!).length).toBeGreaterThan(0);
    expect(screen.getByText(t.values.failed!)).toBeTruthy();
    // A numeric status by what it is the status of: a withdrawal request approved, not «٠ ← ٣».
    expect(screen.getByText(t.statusByTarget.invoice![3]!)).toBeTruthy();
    expect(screen.getByText(t.statusByTarget.invoice![0]!)).toBeTruthy();
    expect(screen.getByText(t.otherField).getAttribute("title")).toBe("someNewField");
  });

  it("says «أكتر من ١٬٠٠٠ سجل» for a capped total, and the next page is a click away", async () => {
    get.mockResolvedValue({
      list: Array.from({ length: 20 }, (_, index) => entry(index + 1, null, { suspended: true })),
      total: 1000,
      totalIsLowerBound: true,
    });
    renderWithApp(<AdminAuditPage />);
    expect(await screen.findByText(ar.ui.moreThan(t.total(1000)))).toBeTruthy();
    expect(ar.ui.moreThan(t.total(1000))).toContain("١٬٠٠٠");
    expect(screen.getByText(ar.ui.pageOfMore(formatNumber(1), formatNumber(50)))).toBeTruthy();
    expect(screen.queryByRole("button", { name: ar.ui.last })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: ar.ui.next }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        "/admin/audit",
        expect.objectContaining({ query: expect.objectContaining({ page: 2 }) }),
      ),
    );
  });

  it("says an exact total as it is", async () => {
    get.mockResolvedValue({
      list: [entry(1, null, { suspended: true })],
      total: 1,
      totalIsLowerBound: false,
    });
    renderWithApp(<AdminAuditPage />);
    expect(await screen.findByText(t.total(1))).toBeTruthy();
    expect(screen.queryByText(ar.ui.moreThan(t.total(1)))).toBeNull();
  });

  it("picks the from/to days from lists of named days, and filters by them", async () => {
    get.mockResolvedValue({ list: [], total: 0 });
    renderWithApp(<AdminAuditPage />);
    await waitFor(() => expect(get).toHaveBeenCalled());
    expect(document.querySelector('input[type="date"]')).toBeNull();
    const from = screen.getByLabelText(t.from) as HTMLSelectElement;
    expect(from.tagName).toBe("SELECT");
    const labels = [...from.options].map((option) => option.textContent ?? "");
    expect(labels[0]).toBe(t.anyDay);
    expect(labels[1]).toMatch(/^النهارده — /);
    expect(labels[2]).toMatch(/^امبارح — /);
    expect(labels.join(" ")).not.toMatch(/[0-9]|\//);
    const day = from.options[2]!.value;
    fireEvent.change(from, { target: { value: day } });
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        "/admin/audit",
        expect.objectContaining({ query: expect.objectContaining({ from: expect.any(String) }) }),
      ),
    );
  });

  it("offers today and the 89 days before it, newest first", () => {
    const options = pastDayOptions(new Date("2026-11-26T10:00:00Z"));
    expect(options).toHaveLength(91);
    expect(options[1]!.value).toBe("2026-11-26");
    expect(options[90]!.value).toBe("2026-08-29");
  });
});
