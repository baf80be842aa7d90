import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Composer, composerRefusal } from "../../web/src/features/chat/composer";
import { ar } from "../../web/src/i18n/ar-EG-all";

afterEach(cleanup);

function setup(onSend = vi.fn(async () => true)) {
  render(<Composer onSend={onSend} />);
  const box = screen.getByLabelText(ar.chat.composerLabel) as HTMLTextAreaElement;
  return { onSend, box };
}

describe("chat composer", () => {
  it("sends on Enter and clears the text once accepted", async () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: "Hello أستاذ" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("Hello أستاذ");
    await waitFor(() => expect(box.value).toBe(""));
  });

  it("starts right-to-left while empty, then follows the text's own direction", () => {
    const { box } = setup();
    expect(box.getAttribute("dir")).toBe("rtl");
    fireEvent.change(box, { target: { value: "Hello" } });
    expect(box.getAttribute("dir")).toBe("auto");
  });

  it("does not send on Shift+Enter (a new line)", () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: "line one" } });
    const notPrevented = fireEvent.keyDown(box, { key: "Enter", shiftKey: true });
    expect(notPrevented).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it("refuses empty text", () => {
    const { onSend, box } = setup();
    fireEvent.change(box, { target: { value: "   \n  " } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: ar.chat.send })).toHaveProperty("disabled", true);
    expect(composerRefusal("<b> </b>")).toBe("empty");
    expect(composerRefusal("x".repeat(1001))).toBe("long");
  });

  it("keeps the text when the room refused it", async () => {
    const { onSend, box } = setup(vi.fn(async () => false));
    fireEvent.change(box, { target: { value: "kept" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(box.value).toBe("kept");
  });
});
