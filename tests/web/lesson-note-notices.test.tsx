// A new lesson note or a reply on it is told in the app wherever the person is, with the way to the
// lesson (web/src/features/learning/notes/use-note-notices.ts); the homework's mark is not a notice.
import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ServerEvent } from "@schema/events";

type Listener = (event: ServerEvent) => void;
let listener: Listener | null = null;
const navigate = vi.fn();

vi.mock("../../web/src/lib/realtime", () => ({
  useUserChannelEvents: (next: Listener) => {
    listener = next;
  },
}));
vi.mock("react-router-dom", async (original) => ({
  ...(await original<typeof import("react-router-dom")>()),
  useNavigate: () => navigate,
}));

const { useNoteNotices } = await import("../../web/src/features/learning/notes/use-note-notices");
const { toasts } = await import("../../web/src/ui/toast-store");
const { arNotes } = await import("../../web/src/i18n/ar-EG-notes");

function Probe() {
  useNoteNotices();
  return null;
}

afterEach(() => {
  cleanup();
  for (const toast of toasts.getToasts()) toasts.dismiss(toast.id);
  navigate.mockReset();
});

describe("lesson note notices", () => {
  it("tells of a new note and a reply, each with a way to the lesson, and not of the homework's mark", () => {
    render(
      <MemoryRouter>
        <Probe />
      </MemoryRouter>,
    );
    listener!({ type: "LessonNoteChanged", payload: { lessonId: 7, what: "homework" } });
    expect(toasts.getToasts()).toEqual([]);
    listener!({ type: "LessonNoteChanged", payload: { lessonId: 7, what: "note" } });
    const [shown] = toasts.getToasts();
    expect(shown?.title).toBe(arNotes.notices.note);
    shown!.actions![0]!.onClick();
    expect(navigate).toHaveBeenCalledWith("/lesson/7");
    listener!({ type: "LessonNoteChanged", payload: { lessonId: 8, what: "reply" } });
    expect(toasts.getToasts().map((toast) => toast.title)).toContain(arNotes.notices.reply);
  });
});
