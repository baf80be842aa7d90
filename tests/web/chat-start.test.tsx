import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomView } from "@schema/api/chat";
import { Role } from "@schema/enums";
import { ApiError } from "../../web/src/lib/api-error";
import { userWith } from "./fixtures";

const get = vi.fn();
const post = vi.fn();
vi.mock("../../web/src/lib/api", () => ({
  api: { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) },
}));

const { StartChat } = await import("../../web/src/features/chat/start-chat");
const { fetchAllRooms } = await import("../../web/src/features/chat/use-chat");
const { session } = await import("../../web/src/lib/session");
const { ar } = await import("../../web/src/i18n/ar-EG-all");

const t = ar.chatStart;
const tutorId = 5;

function liveToken(): string {
  const now = Math.floor(Date.now() / 1000);
  return `header.${btoa(JSON.stringify({ id: 7, iat: now, exp: now + 30 * 86400 })).replace(/=+$/, "")}.signature`;
}

const room = (id: number): RoomView => ({
  id,
  members: [],
  lastMessage: null,
  unreadCount: 0,
  pinned: false,
  muted: false,
  createdAt: "2026-01-01T00:00:00.000Z",
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderStartChat() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/t/${tutorId}`]}>
        <Routes>
          <Route path="/t/:id" element={<StartChat otherId={tutorId} otherName="أحمد" />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function signInStudent(verifiedEmail: boolean) {
  session.signIn({ token: liveToken(), user: { ...userWith(Role.Student), verifiedEmail } });
}

beforeEach(() => {
  get.mockImplementation((path: string) =>
    path === "/chat/room/by/members"
      ? Promise.resolve({ room: null })
      : Promise.reject(new ApiError("not-found", 404)),
  );
});

afterEach(() => {
  cleanup();
  session.logout();
  get.mockReset();
  post.mockReset();
});

describe("starting a chat from a profile", () => {
  it("sends a visitor to sign in and back", () => {
    renderStartChat();
    const link = screen.getByRole("link", { name: t.signInToMessage });
    expect(link.getAttribute("href")).toBe(`/login?next=${encodeURIComponent(`/t/${tutorId}`)}`);
  });

  it("opens the existing room instead of starting another", async () => {
    signInStudent(true);
    get.mockResolvedValue({ room: room(31) });
    renderStartChat();
    const link = await screen.findByRole("link", { name: t.openChat });
    expect(link.getAttribute("href")).toBe("/chat?room=31");
    expect(get).toHaveBeenCalledWith(
      "/chat/room/by/members",
      expect.objectContaining({ query: { members: `7,${tutorId}` } }),
    );
  });

  it("starts a room with the first message and opens it in /chat", async () => {
    signInStudent(true);
    post.mockResolvedValue({ room: room(44), message: {} });
    renderStartChat();
    fireEvent.click(await screen.findByRole("button", { name: t.messageTutor }));
    fireEvent.change(await screen.findByLabelText(t.firstMessageLabel), {
      target: { value: "مرحبًا، عندي سؤال" },
    });
    fireEvent.click(screen.getByRole("button", { name: t.send }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/chat?room=44"));
    expect(post).toHaveBeenCalledWith("/chat/new", { userId: tutorId, message: "مرحبًا، عندي سؤال" });
  });

  it("opens the room that appeared meanwhile when the server says room-exists", async () => {
    signInStudent(true);
    post.mockRejectedValue(new ApiError("room-exists", 409));
    renderStartChat();
    fireEvent.click(await screen.findByRole("button", { name: t.messageTutor }));
    get.mockResolvedValue({ room: room(52) });
    fireEvent.change(await screen.findByLabelText(t.firstMessageLabel), { target: { value: "مرحبًا" } });
    fireEvent.click(screen.getByRole("button", { name: t.send }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/chat?room=52"));
  });

  it("asks a student to verify the email before writing", async () => {
    signInStudent(false);
    renderStartChat();
    fireEvent.click(await screen.findByRole("button", { name: t.messageTutor }));
    expect(screen.getByText(t.verifyFirst)).toBeTruthy();
    expect(screen.getByRole("button", { name: t.verifyEmail })).toBeTruthy();
    expect(screen.queryByLabelText(t.firstMessageLabel)).toBeNull();
  });

  it("shows the verification path when the server refuses with email-not-verified", async () => {
    signInStudent(true);
    post.mockRejectedValue(new ApiError("email-not-verified", 422));
    renderStartChat();
    fireEvent.click(await screen.findByRole("button", { name: t.messageTutor }));
    fireEvent.change(await screen.findByLabelText(t.firstMessageLabel), { target: { value: "مرحبًا" } });
    fireEvent.click(screen.getByRole("button", { name: t.send }));
    expect(await screen.findByText(t.verifyFirst)).toBeTruthy();
  });
});

describe("the rooms list behind the unread badge", () => {
  it("reads every page so the unread total counts every room", async () => {
    const pages = [
      { list: [room(1), room(2)], total: 5 },
      { list: [room(3), room(4)], total: 5 },
      { list: [room(5)], total: 5 },
    ];
    const fetchPage = vi.fn((page: number) => Promise.resolve(pages[page - 1]!));
    const all = await fetchAllRooms(fetchPage);
    expect(all.list.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it("stops on an empty page when rooms disappeared meanwhile", async () => {
    const fetchPage = vi.fn((page: number) =>
      Promise.resolve(page === 1 ? { list: [room(1)], total: 3 } : { list: [], total: 1 }),
    );
    expect((await fetchAllRooms(fetchPage)).list).toHaveLength(1);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
