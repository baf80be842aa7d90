import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../web/src/lib/api-error";
import { renderWithApp } from "./render-with-app";

const post = vi.fn();
vi.mock("../../web/src/lib/api", () => ({ api: { post: (...args: unknown[]) => post(...args) } }));

const { TelegramLinkNotice } = await import("../../web/src/features/verification/telegram-link");
const { ar, errorMessage } = await import("../../web/src/i18n/ar-EG-all");

afterEach(() => {
  cleanup();
  post.mockReset();
});

describe("TelegramLinkNotice", () => {
  it("asks for the one-time deep link and offers it to open the bot in a new tab", async () => {
    post.mockResolvedValue({
      url: "https://t.me/dars_bot?start=abc",
      botUsername: "dars_bot",
      expiresAt: "2026-01-01T00:15:00.000Z",
    });
    renderWithApp(<TelegramLinkNotice />);
    fireEvent.click(screen.getByRole("button", { name: ar.telegramLink.getLink }));
    const link = await screen.findByRole("link", { name: ar.telegramLink.open });
    expect(post).toHaveBeenCalledWith("/telegram/link");
    expect([link.getAttribute("href"), link.getAttribute("target"), link.getAttribute("rel")]).toEqual([
      "https://t.me/dars_bot?start=abc",
      "_blank",
      "noopener noreferrer",
    ]);
  });

  it("shows the Arabic message when the link cannot be made", async () => {
    post.mockRejectedValue(new ApiError("service-unavailable", 503));
    renderWithApp(<TelegramLinkNotice />);
    fireEvent.click(screen.getByRole("button", { name: ar.telegramLink.getLink }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(errorMessage("service-unavailable")),
    );
  });
});
