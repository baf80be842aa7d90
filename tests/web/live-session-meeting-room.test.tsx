import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionView } from "@schema/api/session";
import { renderWithApp } from "./render-with-app";

const get = vi.fn();
vi.mock("../../web/src/lib/api", () => ({ api: { get: (...args: unknown[]) => get(...args) } }));
vi.mock("../../web/src/lib/session", () => ({
  useSession: () => ({ user: { id: 7 } }),
  session: { liveToken: () => "tok" },
}));

const { MeetingRoom } = await import("../../web/src/features/live-session/live-room");
const { ar } = await import("../../web/src/i18n/ar-EG-all");
const w = ar.liveSession.kinds.interview;

const inTwoDays = Date.now() + 2 * 86_400_000;
const view = (members: SessionView["members"], overrides: Partial<SessionView> = {}): SessionView => ({
  id: "interview:5",
  kind: "interview",
  start: new Date(inTwoDays).toISOString(),
  end: new Date(inTwoDays + 30 * 60_000).toISOString(),
  canceled: false,
  members,
  attendance: [],
  media: { liveKit: false, iceServers: [] },
  earning: null,
  ...overrides,
});
const manager = { id: 7, name: "منى", image: null, role: "interviewer" as const };
const tutor = { id: 8, name: "أحمد", image: null, role: "interviewee" as const };

afterEach(() => {
  cleanup();
  get.mockReset();
});

describe("the interview and demo pages' session room", () => {
  it("shows a member the room's words for an interview, when it opens, and the page's details under it", async () => {
    get.mockResolvedValue(view([manager, tutor]));
    renderWithApp(
      <MeetingRoom sessionId="interview:5" selfId={7} title="المقابلة">
        <p>تفاصيل ونموذج القرار</p>
      </MeetingRoom>,
    );
    await screen.findByRole("heading", { level: 1, name: w.readyTitle });
    expect(get).toHaveBeenCalledWith("/session/interview:5", expect.anything());
    // The room's opening time, in the table's words (the time itself is the viewer's clock).
    const opens = ar.liveSession.opensAt("").split("،")[0]!;
    expect(screen.getByText(new RegExp(opens))).toBeTruthy();
    expect(screen.getByText(w.startsIn)).toBeTruthy();
    expect(screen.getByText("تفاصيل ونموذج القرار")).toBeTruthy();
  });

  it("gives staff who are not members the details alone, under the page's own title", async () => {
    get.mockResolvedValue(view([{ ...manager, id: 70 }, tutor]));
    renderWithApp(
      <MeetingRoom sessionId="interview:5" selfId={7} title="المقابلة">
        <p>تفاصيل ونموذج القرار</p>
      </MeetingRoom>,
    );
    await vi.waitFor(() => expect(get).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20)); // the view has arrived
    expect(screen.getByRole("heading", { level: 1, name: "المقابلة" })).toBeTruthy();
    expect(screen.queryByText(w.readyTitle)).toBeNull();
    expect(screen.getByText("تفاصيل ونموذج القرار")).toBeTruthy();
  });

  it("says a cancelled interview was cancelled, in the interview's words", async () => {
    get.mockResolvedValue(view([manager, tutor], { canceled: true }));
    renderWithApp(
      <MeetingRoom sessionId="interview:5" selfId={7} title="المقابلة">
        <p>تفاصيل</p>
      </MeetingRoom>,
    );
    await screen.findByText(w.canceled);
  });
});
