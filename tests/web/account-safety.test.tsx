import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "@schema/enums";
import { userWith } from "./fixtures";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
const post = vi.fn();
const del = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    delete: (...args: unknown[]) => del(...args),
    put: vi.fn(),
  },
  handleSessionEnded: vi.fn(),
}));

const { DevicesPanel } = await import("../../web/src/features/user/devices-panel");
const { SuspensionCard } = await import("../../web/src/features/admin-area/suspension-card");
const { accountSafety } = await import("../../web/src/i18n/ar-EG-account-safety");
const { formatCountry, formatWhen } = await import("../../web/src/lib/format");
const { useSignOut } = await import("../../web/src/features/session/use-sign-out");
const { session } = await import("../../web/src/lib/session");

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => signOut()}>
      خروج
    </button>
  );
}

const devices = [
  {
    id: "11111111-1111-4111-8111-111111111111",
    device: "Firefox · Windows",
    country: "EG",
    createdAt: "2026-11-20T10:00:00.000Z",
    lastSeenAt: "2026-11-24T18:00:00.000Z",
    current: true,
  },
  {
    id: "22222222-2222-4222-8222-222222222222",
    device: "Chrome · Android",
    country: "SA",
    createdAt: "2026-11-01T09:00:00.000Z",
    lastSeenAt: "2026-11-23T08:00:00.000Z",
    current: false,
  },
  {
    id: "33333333-3333-4333-8333-333333333333",
    device: "—",
    country: null,
    createdAt: "2026-10-01T09:00:00.000Z",
    lastSeenAt: "2026-10-02T08:00:00.000Z",
    current: false,
  },
];

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  del.mockReset();
});
afterEach(cleanup);

describe("the signed-in devices tab", () => {
  it("lists each device with its place and Intl-formatted first and last seen, this device marked and not endable", async () => {
    get.mockResolvedValue(devices);
    renderWithApp(<DevicesPanel />);
    const list = await screen.findByRole("list", { name: accountSafety.devices.listLabel });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText(accountSafety.devices.thisDevice)).toBeTruthy();
    expect(within(items[0]!).getByText("مصر")).toBeTruthy();
    expect(within(items[0]!).getByText(formatWhen(devices[0]!.lastSeenAt))).toBeTruthy();
    expect(within(items[0]!).queryByRole("button")).toBeNull();
    expect(within(items[1]!).getByText(formatCountry("SA")!)).toBeTruthy();
    expect(within(items[2]!).getByText(accountSafety.devices.unknownDevice)).toBeTruthy();
    expect(within(items[2]!).getByText(accountSafety.devices.unknownPlace)).toBeTruthy();
    expect(get).toHaveBeenCalledWith("/auth/sessions", expect.anything());
  });

  it("ends one other device and the others at once", async () => {
    get.mockResolvedValue(devices);
    del.mockResolvedValue(null);
    post.mockResolvedValue(null);
    renderWithApp(<DevicesPanel />);
    fireEvent.click(
      await screen.findByRole("button", { name: accountSafety.devices.endLabel("Chrome · Android") }),
    );
    await waitFor(() => expect(del).toHaveBeenCalledWith(`/auth/sessions/${devices[1]!.id}`));
    fireEvent.click(screen.getByRole("button", { name: accountSafety.devices.endOthers }));
    await waitFor(() => expect(post).toHaveBeenCalledWith("/auth/sessions/end-all", { keepCurrent: true }));
  });

  it("asks before signing out of every device, this one too", async () => {
    get.mockResolvedValue(devices);
    post.mockResolvedValue(null);
    renderWithApp(<DevicesPanel />);
    fireEvent.click(await screen.findByRole("button", { name: accountSafety.devices.endAll }));
    const dialog = await screen.findByRole("dialog", { name: accountSafety.devices.endAllTitle });
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: accountSafety.devices.confirmEndAll }));
    await waitFor(() => expect(post).toHaveBeenCalledWith("/auth/sessions/end-all", { keepCurrent: false }));
  });
});

describe("signing out", () => {
  it("ends the session on the server and forgets it here", async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal("fetch", fetchMock);
    session.signIn({ user: userWith(Role.Student), token: "tok-signed-in" });
    renderWithApp(<SignOutButton />);
    fireEvent.click(screen.getByRole("button", { name: "خروج" }));
    expect(session.getState().token).toBeNull();
    expect(session.getState().logoutReason).toBe("signed-out");
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, new Headers(init.headers).get("Authorization")]).toEqual([
      "/api/v1/auth/sign-out",
      "POST",
      "Bearer tok-signed-in",
    ]);
    vi.unstubAllGlobals();
  });
});

describe("the admin's suspension card", () => {
  it("requires a reason before suspending, then sends it", async () => {
    post.mockResolvedValue({
      suspendedAt: "2026-11-25T10:00:00.000Z",
      suspensionReason: "سبب واضح",
      canceledLessons: 2,
    });
    renderWithApp(<SuspensionCard user={userWith(Role.Student)} canAct />);
    expect(screen.getByText(accountSafety.suspension.active)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: accountSafety.suspension.suspend }));
    const dialog = await screen.findByRole("dialog", { name: accountSafety.suspension.suspendTitle });
    fireEvent.click(within(dialog).getByRole("button", { name: accountSafety.suspension.confirmSuspend }));
    expect(await within(dialog).findByText("اكتب سبب الإيقاف (من ٣ إلى ٥٠٠ حرف)")).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(new RegExp(accountSafety.suspension.reason)), {
      target: { value: "سبب واضح" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: accountSafety.suspension.confirmSuspend }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(expect.stringMatching(/^\/user\/\d+\/suspend$/), {
        reason: "سبب واضح",
      }),
    );
  });

  it("shows a suspended account's state and reason, and offers the restore", async () => {
    post.mockResolvedValue({ suspendedAt: null, suspensionReason: null, canceledLessons: 0 });
    const user = {
      ...userWith(Role.Tutor),
      suspendedAt: "2026-11-25T10:00:00.000Z",
      suspensionReason: "مخالفة الشروط",
    };
    renderWithApp(<SuspensionCard user={user} canAct />);
    expect(screen.getByText(accountSafety.suspension.suspended)).toBeTruthy();
    expect(screen.getByText("مخالفة الشروط")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: accountSafety.suspension.restore }));
    const dialog = await screen.findByRole("dialog", { name: accountSafety.suspension.restoreTitle });
    fireEvent.click(within(dialog).getByRole("button", { name: accountSafety.suspension.confirmRestore }));
    await waitFor(() => expect(post).toHaveBeenCalledWith(`/user/${user.id}/restore`));
  });

  it("the restore dialog's two buttons cannot be confused: «تراجع» closes it, «إلغاء الإيقاف» restores", async () => {
    const user = {
      ...userWith(Role.Student),
      suspendedAt: "2026-11-25T10:00:00.000Z",
      suspensionReason: "مخالفة الشروط",
    };
    renderWithApp(<SuspensionCard user={user} canAct />);
    fireEvent.click(screen.getByRole("button", { name: accountSafety.suspension.restore }));
    const dialog = await screen.findByRole("dialog", { name: accountSafety.suspension.restoreTitle });
    const names = within(dialog)
      .getAllByRole("button")
      .map((button) => button.textContent?.trim())
      .filter((name) => name !== "");
    expect(names).toContain("تراجع");
    expect(names).toContain("إلغاء الإيقاف");
    // No «إلغاء» next to «إلغاء الإيقاف».
    expect(names).not.toContain("إلغاء");
    fireEvent.click(within(dialog).getByRole("button", { name: "تراجع" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });

  it("offers no action where the admin may not act", () => {
    renderWithApp(<SuspensionCard user={userWith(Role.RegularAdmin)} canAct={false} />);
    expect(screen.queryByRole("button")).toBeNull();
  });
});
