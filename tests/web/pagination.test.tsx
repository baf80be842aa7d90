import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ar } from "../../web/src/i18n/ar-EG";
import { Pagination } from "../../web/src/ui/pagination";

afterEach(cleanup);

describe("the shared pager", () => {
  it("shows nothing when everything fits on one page", () => {
    const { container } = render(
      <Pagination label="صفحات النتائج" page={1} total={10} size={10} onPage={() => {}} />,
    );
    expect(container.innerHTML).toBe("");
  });

  it("names its navigation, says the page in Arabic digits and moves within bounds", () => {
    const onPage = vi.fn();
    render(<Pagination label="صفحات النتائج" page={1} total={25} size={10} onPage={onPage} />);
    expect(screen.getByRole("navigation", { name: "صفحات النتائج" })).toBeTruthy();
    expect(screen.getByText("صفحة ١ من ٣")).toBeTruthy();
    const previous = screen.getByRole("button", { name: ar.ui.previous }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: ar.ui.next }));
    expect(onPage).toHaveBeenCalledWith(2);
    cleanup();
    render(<Pagination label="صفحات النتائج" page={3} total={25} size={10} onPage={onPage} />);
    expect((screen.getByRole("button", { name: ar.ui.next }) as HTMLButtonElement).disabled).toBe(true);
  });
});
