import type { ToastType } from "@schema/enums";

/** docs/product.md §4 "Toasts": shown for 4000 ms; closed by swipe past 50 px or by a close button. */
export const toastDurationMs = 4000;
export const toastSwipeThresholdPx = 50;

export type ToastAction = { label: string; onClick: () => void; loading?: boolean; disabled?: boolean };

export type Toast = {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  actions?: ToastAction[];
};

export type ToastInput = Omit<Toast, "id"> & { id?: string };

type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The list of visible toasts. A toast with an id already shown replaces the older one in place
 * and restarts its timer; every toast closes by itself after `toastDurationMs`.
 */
export function createToastStore(timers: Timers = browserTimers) {
  let toasts: Toast[] = [];
  let nextId = 1;
  const expiry = new Map<string, unknown>();
  const listeners = new Set<() => void>();

  function publish(next: Toast[]) {
    toasts = next;
    for (const listener of listeners) listener();
  }

  function dismiss(id: string) {
    const handle = expiry.get(id);
    if (handle !== undefined) timers.clearTimeout(handle);
    expiry.delete(id);
    if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
  }

  function show(input: ToastInput): string {
    const toast: Toast = { ...input, id: input.id ?? `toast-${nextId++}` };
    const existing = toasts.findIndex((shown) => shown.id === toast.id);
    const previousTimer = expiry.get(toast.id);
    if (previousTimer !== undefined) timers.clearTimeout(previousTimer);
    expiry.set(
      toast.id,
      timers.setTimeout(() => dismiss(toast.id), toastDurationMs),
    );
    publish(
      existing === -1
        ? [...toasts, toast]
        : toasts.map((shown, index) => (index === existing ? toast : shown)),
    );
    return toast.id;
  }

  return {
    show,
    dismiss,
    getToasts: () => toasts,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's toasts. */
export const toasts = createToastStore();
