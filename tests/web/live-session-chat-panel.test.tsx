import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../web/src/lib/api-error";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
vi.mock("../../web/src/lib/api", () => ({ api: { get: (...args: unknown[]) => get(...args) } }));

const { ChatPanel } = await import("../../web/src/features/live-session/chat-panel");
const { ar } = await import("../../web/src/i18n/ar-EG-all");
const t = ar.liveSession;

/** The screen's width as the panel asks it (matchMedia "(min-width: 1024px)"). */
const screenWidth = (px: number) =>
  vi.spyOn(window, "matchMedia").mockImplementation(() => ({ matches: px >= 1024 }) as MediaQueryList);

beforeEach(() => {
  screenWidth(360);
});

afterEach(() => {
  cleanup();
  get.mockReset();
  vi.restoreAllMocks();
});

describe("the chat panel beside the call", () => {
  it("starts closed on a phone-sized screen and loads nothing until opened", () => {
    renderWithApp(<ChatPanel selfId={1} otherId={2} otherName="منى" />);
    const toggle = screen.getByRole("button", { name: t.showChat });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(document.getElementById(toggle.getAttribute("aria-controls")!)?.hidden).toBe(true);
    expect(get).not.toHaveBeenCalled();
  });

  it("opens the pair's room, and says so when the pair has none yet", async () => {
    get.mockResolvedValue({ room: null });
    renderWithApp(<ChatPanel selfId={1} otherId={2} otherName="منى" />);
    fireEvent.click(screen.getByRole("button", { name: t.showChat }));
    await screen.findByText(t.noChatYet("منى"));
    expect(get).toHaveBeenCalledWith(
      "/chat/room/by/members",
      expect.objectContaining({ query: { members: "1,2" } }),
    );
    const toggle = screen.getByRole("button", { name: t.hideChat });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    expect(screen.getByRole("button", { name: t.showChat })).toBeTruthy();
  });

  it("starts open beside the video on a laptop", async () => {
    screenWidth(1280);
    get.mockResolvedValue({ room: null });
    renderWithApp(<ChatPanel selfId={1} otherId={2} otherName="منى" />);
    expect(screen.getByRole("button", { name: t.hideChat }).getAttribute("aria-expanded")).toBe("true");
    await screen.findByText(t.noChatYet("منى"));
  });

  it("shows the Arabic error when the room cannot be read", async () => {
    get.mockRejectedValue(new ApiError("unexpected", 500));
    renderWithApp(<ChatPanel selfId={1} otherId={2} otherName="منى" />);
    fireEvent.click(screen.getByRole("button", { name: t.showChat }));
    await screen.findByText(new RegExp(t.chatUnavailable));
  });
});
