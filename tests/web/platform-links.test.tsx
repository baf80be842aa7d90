import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PlatformLinks, PlatformSettingsView } from "@schema/api/platform-settings";
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
const { SiteFooter } = await import("../../web/src/features/marketing/site-footer");
const { SupportGroupStep } = await import("../../web/src/features/onboarding/support-group-step");
const { AdminPlatformSettingsPage } =
  await import("../../web/src/pages/admin-platform-settings/platform-settings-page");
const { ar, errorMessages } = await import("../../web/src/i18n/ar-EG-all");
const { session } = await import("../../web/src/lib/session");
const t = ar.adminArea.settings;

const channel = "https://whatsapp.com/channel/0029VaDars";
const group = "https://chat.whatsapp.com/KxDarsTutors";
let links: PlatformLinks = { notificationsChannel: null, tutorsGroup: null };
const view = (): PlatformSettingsView => ({
  withdrawals: { minInvoiceAmount: 10_000, maxInvoiceAmount: 5_000_000, updatedAt: null, updatedBy: null },
  business: { ...defaultBusinessSettings, updatedAt: null, updatedBy: null, history: [] },
  links: { ...links, updatedAt: null, updatedBy: null },
});

beforeEach(() => {
  get.mockImplementation(async (path: string) => {
    if (path === "/config")
      return {
        googleClientId: null,
        turnstileSiteKey: null,
        environment: "production",
        business: defaultBusinessSettings,
        notificationsChannel: links.notificationsChannel,
      };
    if (path === "/platform-settings") return view();
    return null;
  });
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  links = { notificationsChannel: null, tutorsGroup: null };
});

describe("the public messaging links", () => {
  it("puts the notifications channel in the footer when it is set", async () => {
    links = { notificationsChannel: channel, tutorsGroup: null };
    renderWithApp(<SiteFooter isLocal={false} />);
    const link = await screen.findByRole("link", { name: new RegExp(ar.footer.notificationsChannel) });
    expect(link.getAttribute("href")).toBe(channel);
    expect(link.getAttribute("rel")).toBe("noreferrer");
  });

  it("leaves no dead link in the footer or the onboarding step while they are unset", async () => {
    renderWithApp(<SiteFooter isLocal={false} />);
    await waitFor(() => expect(get).toHaveBeenCalledWith("/config", expect.anything()));
    expect(screen.queryByRole("link", { name: new RegExp(ar.footer.notificationsChannel) })).toBeNull();
    cleanup();
    renderWithApp(<SupportGroupStep supportGroup={{ joined: false, link: null, next: "join" }} />);
    expect(screen.queryByRole("link", { name: ar.onboarding.openGroup })).toBeNull();
    // The tutor can still say they joined.
    expect(screen.getByRole("button", { name: ar.onboarding.joined })).toBeTruthy();
  });

  it("opens the tutors' group from the onboarding step when it is set", () => {
    renderWithApp(<SupportGroupStep supportGroup={{ joined: false, link: group, next: "join" }} />);
    expect(screen.getByRole("link", { name: ar.onboarding.openGroup }).getAttribute("href")).toBe(group);
  });

  it("lets a SuperAdmin set them, refusing a link that is not WhatsApp or Telegram before sending", async () => {
    session.setUser({ ...userWith(Role.SuperAdmin), id: 1 });
    put.mockImplementation(async () => view());
    renderWithApp(<AdminPlatformSettingsPage />);
    const form = await screen.findByRole("form", { name: t.links });
    const channelField = within(form).getByLabelText(t.notificationsChannel);
    const groupField = within(form).getByLabelText(t.tutorsGroup);
    fireEvent.change(groupField, { target: { value: "https://example.com/group" } });
    fireEvent.click(within(form).getByRole("button", { name: t.saveLinks }));
    expect(await within(form).findByText(errorMessages["invalid-messaging-link"])).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    fireEvent.change(channelField, { target: { value: channel } });
    fireEvent.change(groupField, { target: { value: group } });
    fireEvent.click(within(form).getByRole("button", { name: t.saveLinks }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0]).toEqual([
      "/platform-settings/links",
      { notificationsChannel: channel, tutorsGroup: group },
    ]);
  });

  it("shows a RegularAdmin the links read-only, and says when one is unset", async () => {
    links = { notificationsChannel: channel, tutorsGroup: null };
    session.setUser({ ...userWith(Role.RegularAdmin), id: 2 });
    renderWithApp(<AdminPlatformSettingsPage />);
    const link = await screen.findByRole("link", { name: channel });
    expect(link.getAttribute("href")).toBe(channel);
    expect(screen.getByText(t.unset)).toBeTruthy();
    expect(screen.queryByRole("form", { name: t.links })).toBeNull();
  });
});
