import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../web/src/lib/api-error";
import { renderWithApp } from "./render-with-app";

const post = vi.fn();
vi.mock("../../web/src/lib/api", () => ({ api: { post: (...args: unknown[]) => post(...args) } }));

const { AbsenceReport } = await import("../../web/src/features/live-session/absence-report");
const { ar, errorMessage } = await import("../../web/src/i18n/ar-EG-all");

afterEach(() => {
  cleanup();
  post.mockReset();
});

describe("reporting that the tutor did not come", () => {
  it("posts the report and says the lesson's minutes came back", async () => {
    post.mockResolvedValue({ sessionId: "lesson:7", reportedAbsentAt: "", canceledAt: "" });
    renderWithApp(<AbsenceReport sessionId="lesson:7" />);
    fireEvent.click(screen.getByRole("button", { name: ar.liveSession.reportAbsence }));
    await screen.findByText(ar.liveSession.reportedAbsence);
    expect(post).toHaveBeenCalledWith("/session/lesson:7/report-absence");
  });

  it.each(["absence-report-too-early", "tutor-attended", "illegal"])(
    "shows the Arabic message of %s",
    async (code) => {
      post.mockRejectedValue(new ApiError(code, 409));
      renderWithApp(<AbsenceReport sessionId="lesson:7" />);
      fireEvent.click(screen.getByRole("button", { name: ar.liveSession.reportAbsence }));
      await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(errorMessage(code)));
    },
  );
});
