import { isBusyPath } from "./sw-rules";

/** Chromium's install event (not in the DOM's types): the prompt is shown when the page asks. */
export type InstallEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

export type PwaState = {
  /** The browser's install event, kept until the prompt is shown (null: not installable, or used). */
  install: InstallEvent | null;
  /** A new version of the service worker, installed and waiting to take over. */
  waiting: ServiceWorker | null;
  /** Whether the user has gone past the page they opened (the prompt never shows on the first screen). */
  movedOn: boolean;
  /** Booking, paying or in a lesson: nothing is offered and nothing reloads. */
  busy: boolean;
};

/** The installed app's state, for web/src/features/pwa/pwa-prompts.tsx. */
export function createPwaStore(firstPath: string) {
  let state: PwaState = { install: null, waiting: null, movedOn: false, busy: false };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<PwaState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set,
    /** Reads the page where it is now: a path other than the first one, whether a booking is open. */
    sync(pathname: string, bookingOpen: boolean) {
      const busy = isBusyPath(pathname, bookingOpen);
      const movedOn = state.movedOn || pathname !== firstPath;
      if (busy !== state.busy || movedOn !== state.movedOn) set({ busy, movedOn });
    },
  };
}

export type PwaStore = ReturnType<typeof createPwaStore>;

/** Lets the waiting version take over, then reloads once it controls the page. */
export function applyUpdate(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: "skip-waiting" });
}
