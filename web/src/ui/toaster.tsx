import { useRef, useState, useSyncExternalStore, type PointerEvent } from "react";
import { createPortal } from "react-dom";
import { ar } from "../i18n/ar-EG";
import { cx } from "./class-names";
import { CloseIcon } from "./close-icon";
import { toasts as appToasts, toastSwipeThresholdPx, type Toast, type ToastStore } from "./toast-store";
import { useHydrated } from "../lib/use-hydrated";

const typeStyles: Record<Toast["type"], string> = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-950",
  info: "border-sky-300 bg-sky-50 text-sky-950",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  error: "border-red-300 bg-red-50 text-red-950",
};

/** Where toasts appear: the top-left corner (the end side in RTL), newest last. */
export function Toaster({ store = appToasts }: { store?: ToastStore }) {
  const shown = useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
  // Browser only (a prerendered page has no <body> to render into until it hydrates).
  const hydrated = useHydrated();
  if (!hydrated) return null;
  // On <body>, outside the app root, so toasts stay usable while a dialog makes the page inert.
  return createPortal(
    <div className="pointer-events-none fixed end-0 top-0 z-50 flex w-full max-w-sm flex-col gap-2 p-4">
      {shown.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={() => store.dismiss(toast.id)} />
      ))}
    </div>,
    document.body,
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const urgent = toast.type === "error" || toast.type === "warning";

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if ((event.target as HTMLElement).closest("button")) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (swipeStart.current !== null) setOffset(event.clientX - swipeStart.current);
  }
  function onPointerUp() {
    if (swipeStart.current === null) return;
    swipeStart.current = null;
    if (Math.abs(offset) > toastSwipeThresholdPx) onClose();
    else setOffset(0);
  }

  return (
    <div
      role={urgent ? "alert" : "status"}
      aria-live={urgent ? "assertive" : "polite"}
      data-toast-id={toast.id}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.3, 1 - Math.abs(offset) / 200) : undefined,
      }}
      className={cx(
        "pointer-events-auto flex touch-pan-y items-start gap-3 rounded-xl border p-3 shadow-lg select-none",
        typeStyles[toast.type],
      )}
    >
      <div className="min-w-0 flex-1">
        <p className="font-bold">{toast.title}</p>
        {toast.description && <p className="mt-0.5 text-sm">{toast.description}</p>}
        {toast.actions && toast.actions.length > 0 && (
          <div className="mt-2 flex gap-2">
            {toast.actions.map((action) => (
              <button
                key={action.label}
                type="button"
                onClick={action.onClick}
                disabled={action.disabled || action.loading}
                aria-busy={action.loading || undefined}
                className="rounded-md px-2 py-1 text-sm font-medium underline"
              >
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={ar.ui.closeNotification}
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-black/5"
      >
        <CloseIcon />
      </button>
    </div>
  );
}
