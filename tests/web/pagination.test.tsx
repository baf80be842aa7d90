import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lastServedPage } from "@schema/api/common";
import { ar } from "../../web/src/i18n/ar-EG";
import { formatNumber } from "../../web/src/lib/format";
import { Pagination, pageCount, shownTotal } from "../../web/src/ui/pagination";

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

  it("with a capped total, says «من أكتر من», leaves out «الأخيرة» and keeps the next page open", () => {
    const onPage = vi.fn();
    // 1,000 counted and more exist: page 49 of 20 is far from the deepest page served (50).
    render(
      <Pagination label="صفحات النتائج" page={49} total={1000} totalIsLowerBound size={20} onPage={onPage} />,
    );
    expect(screen.getByText(ar.ui.pageOfMore(formatNumber(49), formatNumber(50)))).toBeTruthy();
    expect(screen.queryByRole("button", { name: ar.ui.last })).toBeNull();
    expect(screen.queryByText(ar.ui.narrowToSeeMore)).toBeNull();
    const next = screen.getByRole("button", { name: ar.ui.next }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onPage).toHaveBeenCalledWith(50);
    // A page number typed past what is served goes as far as the deepest page served.
    fireEvent.change(screen.getByRole("textbox", { name: ar.ui.goToPage }), { target: { value: "٩٠٠" } });
    fireEvent.click(screen.getByRole("button", { name: ar.ui.go }));
    expect(onPage).toHaveBeenLastCalledWith(lastServedPage(20));
  });

  it("on the deepest page a capped list serves, closes «التالي» and says to narrow the search", () => {
    const onPage = vi.fn();
    for (const size of [12, 20]) {
      const deepest = lastServedPage(size);
      render(
        <Pagination
          label="صفحات النتائج"
          page={deepest}
          total={1000}
          totalIsLowerBound
          size={size}
          onPage={onPage}
        />,
      );
      const next = screen.getByRole("button", { name: ar.ui.next }) as HTMLButtonElement;
      expect(next.disabled).toBe(true);
      expect(screen.getByText(ar.ui.narrowToSeeMore)).toBeTruthy();
      expect(screen.queryByRole("button", { name: ar.ui.last })).toBeNull();
      fireEvent.click(next);
      expect(onPage).not.toHaveBeenCalled();
      cleanup();
    }
    // An exact total's last page is the list's end: no hint.
    render(<Pagination label="صفحات النتائج" page={3} total={25} size={10} onPage={onPage} />);
    expect(screen.queryByText(ar.ui.narrowToSeeMore)).toBeNull();
  });

  it("counts the pages known to exist: at least one more than a capped total fills, up to the deepest served", () => {
    expect(pageCount(25, 10)).toEqual({ pages: 3, shown: 3 });
    expect(pageCount(0, 10)).toEqual({ pages: 1, shown: 1 });
    // More than 1,000 rows: at least 84 pages of 12, so «أكتر من ٨٣» is true; the 84th would end
    // past the 1,000th row, so the 83rd is the deepest served, and never shown past the count.
    expect(pageCount(1000, 12, true)).toEqual({ pages: 83, shown: 83 });
    expect(lastServedPage(12)).toBe(83);
    // Pages of 20: the 51st exists, but it would start at the 1,001st row, past the deepest served.
    expect(pageCount(1000, 20, true)).toEqual({ pages: 50, shown: 50 });
    expect(lastServedPage(20)).toBe(50);
    // An exact total is not limited (only capped lists refuse deep pages).
    expect(pageCount(5000, 20)).toEqual({ pages: 250, shown: 250 });
  });

  it("shows a capped count as «أكتر من», an exact one as it is", () => {
    const counted = formatNumber(1000);
    expect(shownTotal(counted, true)).toBe(ar.ui.moreThan(counted));
    expect(shownTotal(counted, true)).toContain("١٬٠٠٠");
    expect(shownTotal(counted, false)).toBe(counted);
  });
});
