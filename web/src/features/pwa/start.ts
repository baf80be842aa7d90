/**
 * The installed app's start (docs/phone.md), loaded once the page has loaded (web/src/boot.tsx):
 * registers the service worker (web/src/features/pwa/sw.ts, built to /sw.js), keeps the install
 * event for later, watches for a new version, and shows both offers in a small root of their own
 * (web/src/features/pwa/pwa-prompts.tsx). Outside a production build (Vite's dev server) it does nothing.
 */
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { session } from "../../lib/session";
import { countVisit } from "./install-moments";
import { PwaPrompts } from "./pwa-prompts";
import { createPwaStore, type InstallEvent, type PwaStore } from "./pwa-store";
import { cacheNames } from "./sw-rules";

/** A new version is looked for on a navigation at most this often (the browser also looks every day). */
const updateCheckMs = 60 * 60 * 1000;

/** The Navigation API where the browser has it (Chromium, the only one with an install prompt). */
type NavigationLike = { addEventListener(type: "navigatesuccess", listener: () => void): void };

export function startPwa(): PwaStore | null {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return null;
  countVisit();
  const store = createPwaStore(window.location.pathname);
  const sync = () =>
    store.sync(window.location.pathname, document.querySelector("[data-booking-flow]") !== null);

  window.addEventListener("beforeinstallprompt", (event) => {
    // Kept for later: the browser's own mini bar stays hidden, the prompt is offered at a better moment.
    event.preventDefault();
    store.set({ install: event as InstallEvent });
  });
  window.addEventListener("appinstalled", () => store.set({ install: null }));

  // A signed-out device keeps no one's lessons (the worker keeps them per user).
  const forgetLessons = () => {
    if (session.getState().token === null) void caches.delete(cacheNames.lessons).catch(() => undefined);
  };
  forgetLessons();
  session.subscribe(forgetLessons);

  let lastCheck = Date.now();
  let registration: ServiceWorkerRegistration | null = null;
  const onNavigation = () => {
    sync();
    if (registration && Date.now() - lastCheck > updateCheckMs) {
      lastCheck = Date.now();
      void registration.update().catch(() => undefined);
    }
  };
  (window as unknown as { navigation?: NavigationLike }).navigation?.addEventListener(
    "navigatesuccess",
    onNavigation,
  );
  window.addEventListener("popstate", onNavigation);
  // A booking opening or closing changes the page, not its address.
  new MutationObserver(sync).observe(document.body, { childList: true, subtree: true });

  void navigator.serviceWorker
    .register("/sw.js", { scope: "/", updateViaCache: "none" })
    .then((registered) => {
      registration = registered;
      watchForUpdates(registered, store);
    })
    .catch(() => undefined);

  const host = document.createElement("div");
  host.id = "dars-pwa";
  document.body.append(host);
  createRoot(host).render(createElement(PwaPrompts, { store }));
  return store;
}

/** A new version that has installed while this page runs (not the first install) is offered. */
function watchForUpdates(registration: ServiceWorkerRegistration, store: PwaStore) {
  const offer = (worker: ServiceWorker) => {
    if (navigator.serviceWorker.controller) store.set({ waiting: worker });
  };
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
}
