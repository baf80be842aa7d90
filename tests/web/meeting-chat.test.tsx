import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "@schema/enums";
import { userWith } from "./fixtures";

const get = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: { get: (...args: unknown[]) => get(...args), post: vi.fn() },
}));

const { MeetingChat } = await import("../../web/src/features/onboarding/meeting-chat");
const { session } = await import("../../web/src/lib/session");
const { ar } = await import("../../web/src/i18n/ar-EG-all");

const tutor = { id: 11, name: "مروة" };
const manager = { id: 22, name: "خالد" };

function liveToken(id: number): string {
  const now = Math.floor(Date.now() / 1000);
  return `header.${btoa(JSON.stringify({ id, iat: now, exp: now + 30 * 86400 })).replace(/=+$/, "")}.signature`;
}

function renderAs(role: Role, id: number) {
  session.signIn({ token: liveToken(id), user: { ...userWith(role), id } });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <MeetingChat selfId={id} tutor={tutor} manager={manager} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  get.mockImplementation(() => Promise.resolve({ room: null }));
});
afterEach(() => {
  cleanup();
  session.logout();
  get.mockReset();
});

describe("the pair's chat on an interview or demo-session page", () => {
  it("lets the tutor write to the manager", async () => {
    renderAs(Role.Tutor, tutor.id);
    expect(await screen.findByRole("button", { name: ar.chatStart.messageManager })).toBeTruthy();
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        "/chat/room/by/members",
        expect.objectContaining({ query: { members: `${tutor.id},${manager.id}` } }),
      ),
    );
  });

  it("lets the manager write to the tutor", async () => {
    renderAs(Role.TutorManager, manager.id);
    expect(await screen.findByRole("button", { name: ar.chatStart.messageTutor })).toBeTruthy();
  });

  it("shows nothing to staff who are not in the meeting", () => {
    const { container } = renderAs(Role.SuperAdmin, 99);
    expect(container.textContent).toBe("");
  });
});
