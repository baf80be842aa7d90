import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "./render-with-app";

// One code: registration emails it, the dialog asks for it, and another is sent only on request,
// after which the resend button waits a minute and says so.

const post = vi.fn();
vi.mock("../../web/src/lib/api", () => ({ api: { post: (...args: unknown[]) => post(...args) } }));

const { EmailVerificationDialog, RESEND_COOLDOWN_SECONDS } =
  await import("../../web/src/features/verification/email-verification-dialog");
const { ar } = await import("../../web/src/i18n/ar-EG-all");
const { formatNumber } = await import("../../web/src/lib/format");
const { userWith } = await import("./fixtures");

afterEach(() => {
  cleanup();
  post.mockReset();
  vi.useRealTimers();
});

describe("verifying the email", () => {
  it("asks for the code registration sent, without sending another", async () => {
    renderWithApp(<EmailVerificationDialog user={userWith()} open onClose={() => {}} />);
    expect(await screen.findByLabelText(new RegExp(ar.fields.code))).toBeTruthy();
    expect(screen.getByText(ar.verification.codeSentOnRegister, { exact: false })).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("sends another code only when asked, then makes the resend button wait and say how long", async () => {
    post.mockResolvedValue({});
    renderWithApp(<EmailVerificationDialog user={userWith()} open onClose={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: ar.verification.resend }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const waiting = await screen.findByRole("button", {
      name: ar.verification.resendIn(formatNumber(RESEND_COOLDOWN_SECONDS)),
    });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(waiting);
    expect(post).toHaveBeenCalledTimes(1);
  });
});
