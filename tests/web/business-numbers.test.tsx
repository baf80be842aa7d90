import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BusinessSettings, PlatformSettingsView } from "@schema/api/platform-settings";
import { Role } from "@schema/enums";
import { defaultBusinessSettings } from "@schema/pricing";
import { userWith } from "./fixtures";

const get = vi.fn();
const put = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    put: (...args: unknown[]) => put(...args),
    post: vi.fn(),
    patch: vi.fn(),
    delete: vi.fn(),
  },
}));

const { renderWithApp } = await import("./render-with-app");
const { PricingPage } = await import("../../web/src/pages/pricing/pricing-page");
const { FaqPage } = await import("../../web/src/pages/faq/faq-page");
const { BecomeTutorPage } = await import("../../web/src/pages/become-tutor/become-tutor-page");
const { AdminPlatformSettingsPage } =
  await import("../../web/src/pages/admin-platform-settings/platform-settings-page");
const { ar } = await import("../../web/src/i18n/ar-EG-all");
const { formatMoney } = await import("../../web/src/lib/format");
const { session } = await import("../../web/src/lib/session");
const t = ar.adminArea.settings;

let business: BusinessSettings = defaultBusinessSettings;
const view = (): PlatformSettingsView => ({
  withdrawals: { minInvoiceAmount: 10_000, maxInvoiceAmount: 5_000_000, updatedAt: null, updatedBy: null },
  business: {
    ...business,
    updatedAt: "2026-11-20T10:00:00.000Z",
    updatedBy: 1,
    history: [
      {
        at: "2026-11-20T10:00:00.000Z",
        actorId: 1,
        actorName: "مدير المنصة",
        before: defaultBusinessSettings,
        after: business,
      },
    ],
  },
  links: { notificationsChannel: null, tutorsGroup: null, updatedAt: null, updatedBy: null },
});

beforeEach(() => {
  get.mockImplementation(async (path: string) => {
    if (path === "/config")
      return { googleClientId: null, turnstileSiteKey: null, environment: "local", business };
    if (path === "/platform-settings") return view();
    if (path.startsWith("/plan")) return { list: [], total: 0 };
    return null;
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  business = defaultBusinessSettings;
});

describe("public pages read the business numbers in force", () => {
  it("shows the configured trial length and cancel window on /pricing", async () => {
    business = { ...defaultBusinessSettings, trialMinutes: 30, cancelWindowHours: 12 };
    renderWithApp(<PricingPage />);
    expect(await screen.findByText(/أول حصة تجريبية مدتها ٣٠ دقيقة/)).toBeTruthy();
    expect(screen.getByText(/تقدر تلغي الحصة لحد ١٢ ساعة قبل ميعادها/)).toBeTruthy();
    expect(screen.queryByText(/٦ ساعات/)).toBeNull();
  });

  it("answers the FAQ with the cancel window, and without a trial when it is off", async () => {
    business = { ...defaultBusinessSettings, trialMinutes: 0, cancelWindowHours: 18 };
    renderWithApp(<FaqPage />);
    expect(await screen.findByText(/أيوه، لحد ١٨ ساعة قبل ميعادها/)).toBeTruthy();
    expect(screen.getByText(/أيوه، الحجز بيكون من دقائق باقتك/)).toBeTruthy();
    expect(screen.queryByText(/حصة تجريبية واحدة/)).toBeNull();
  });

  it("shows the configured tutor hourly rate on /tutor", async () => {
    business = { ...defaultBusinessSettings, hourlyRate: 30_000, tutorHourlyRate: 18_000 };
    renderWithApp(<BecomeTutorPage />);
    await waitFor(() =>
      expect(document.querySelector("[data-tutor-rate]")?.textContent).toContain(formatMoney(18_000)),
    );
  });
});

describe("the admin settings screen: business numbers", () => {
  it("lets a SuperAdmin change them in pounds, hours and percent, and lists the history", async () => {
    business = {
      ...defaultBusinessSettings,
      hourlyRate: 30_000,
      cancelWindowHours: 3,
      refundFeeBasisPoints: 250,
    };
    session.setUser({ ...userWith(Role.SuperAdmin), id: 1 });
    put.mockImplementation(async () => view());
    renderWithApp(<AdminPlatformSettingsPage />);
    const form = await screen.findByRole("form", { name: t.business });
    expect(
      (within(form).getByLabelText(new RegExp(t.hourlyRate.replace(/[()]/g, "."))) as HTMLInputElement).value,
    ).toBe("300");
    fireEvent.change(within(form).getByLabelText(new RegExp(t.cancelWindowHours.replace(/[()]/g, "."))), {
      target: { value: "12" },
    });
    fireEvent.change(within(form).getByLabelText(new RegExp(t.refundFee.replace(/[()]/g, "."))), {
      target: { value: "2.5" },
    });
    fireEvent.change(within(form).getByLabelText(new RegExp(t.trialMinutes)), { target: { value: "30" } });
    fireEvent.click(within(form).getByRole("button", { name: t.saveBusiness }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0]).toEqual([
      "/platform-settings/business",
      {
        hourlyRate: 30_000,
        tutorHourlyRate: 15_000,
        trialMinutes: 30,
        cancelWindowHours: 12,
        refundFeeBasisPoints: 250,
        // Not changed here: the grace period in force (the default) goes back as it was.
        deletionGraceDays: 14,
      },
    ]);
    const history = screen.getByRole("heading", { name: t.history }).parentElement!;
    expect(within(history).getByText(/مدير المنصة/)).toBeTruthy();
    const line = within(history).getByText(
      (_, element) =>
        element?.tagName === "LI" && element.textContent?.startsWith(`${t.hourlyRateShort}:`) === true,
    );
    expect(line.textContent).toBe(`${t.hourlyRateShort}: ${formatMoney(25_500)} ← ${formatMoney(30_000)}`);
    expect(within(history).getByText(`${t.cancelWindowShort}: ٦ ساعات ← ٣ ساعات`)).toBeTruthy();
    expect(within(history).getByText(`${t.refundFeeShort}: ٠٪ ← ٢٫٥٪`)).toBeTruthy();
  });

  it("refuses a tutor rate above the lesson price before sending, with its Arabic message", async () => {
    session.setUser({ ...userWith(Role.SuperAdmin), id: 1 });
    renderWithApp(<AdminPlatformSettingsPage />);
    const form = await screen.findByRole("form", { name: t.business });
    fireEvent.change(within(form).getByLabelText(new RegExp(t.tutorHourlyRate.replace(/[()]/g, "."))), {
      target: { value: "300" },
    });
    fireEvent.click(within(form).getByRole("button", { name: t.saveBusiness }));
    expect(
      await within(form).findByText(/أجر المدرّس في الساعة ما ينفعش يكون أكبر من سعر ساعة الحصة/),
    ).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it("shows a RegularAdmin the numbers read-only", async () => {
    session.setUser({ ...userWith(Role.RegularAdmin), id: 2 });
    renderWithApp(<AdminPlatformSettingsPage />);
    await screen.findByText(t.tutorHourlyRateShort);
    expect(screen.queryByRole("form", { name: t.business })).toBeNull();
    const facts = screen.getByText(t.tutorHourlyRateShort).parentElement!;
    expect(facts.textContent).toContain(formatMoney(15_000));
  });
});
