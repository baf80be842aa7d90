import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createToastStore, toastDurationMs } from "../../web/src/ui/toast-store";
import { Toaster } from "../../web/src/ui/toaster";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("replaces a toast shown with the same id instead of adding one", () => {
    const store = createToastStore();
    store.show({ id: "save", type: "info", title: "جارٍ الحفظ" });
    store.show({ id: "save", type: "success", title: "تم الحفظ" });
    expect(store.getToasts()).toEqual([{ id: "save", type: "success", title: "تم الحفظ" }]);
  });

  it("keeps toasts with different ids side by side", () => {
    const store = createToastStore();
    store.show({ type: "info", title: "أ" });
    store.show({ type: "info", title: "ب" });
    expect(store.getToasts()).toHaveLength(2);
  });

  it("closes a toast after 4000 ms, counted again from a replacement", () => {
    vi.useFakeTimers();
    const store = createToastStore();
    store.show({ id: "save", type: "info", title: "أ" });
    vi.advanceTimersByTime(3000);
    store.show({ id: "save", type: "info", title: "ب" });
    vi.advanceTimersByTime(3000);
    expect(store.getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(toastDurationMs - 3000);
    expect(store.getToasts()).toHaveLength(0);
  });

  it("renders errors as alerts and others as status, with a close button", () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ id: "a", type: "error", title: "فشل" });
      store.show({ id: "b", type: "success", title: "تم" });
    });
    expect(screen.getByRole("alert").textContent).toContain("فشل");
    expect(screen.getByRole("status").textContent).toContain("تم");
    fireEvent.click(screen.getAllByRole("button", { name: "إغلاق الإشعار" })[0]!);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("closes a toast swiped further than 50 px, and keeps one swiped less", () => {
    const store = createToastStore();
    render(<Toaster store={store} />);
    act(() => {
      store.show({ id: "a", type: "info", title: "مرحبًا" });
    });
    const toast = screen.getByRole("status");
    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 130, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 130, pointerId: 1 });
    expect(store.getToasts()).toHaveLength(1);
    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(toast, { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 160, pointerId: 1 });
    expect(store.getToasts()).toHaveLength(0);
  });
});
