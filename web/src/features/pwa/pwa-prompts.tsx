import { useId, useSyncExternalStore } from "react";
import { arPwa } from "../../i18n/ar-EG-pwa";
import { Button } from "../../ui/button";
import { finishInstallPrompt, mayOfferInstall } from "./install-moments";
import { applyUpdate, type PwaStore } from "./pwa-store";

/**
 * The installed app's two offers, at the bottom of the screen (docs/phone.md): a new version
 * («تحديث جديد متاح», «حدّث» reloads into it) and, from a second visit or a first booking on, the
 * install prompt (dismissed for good). Neither shows on the first screen of a visit's page nor
 * while booking, paying or in a lesson (web/src/features/pwa/sw-rules.ts, isBusyPath).
 */
export function PwaPrompts({ store }: { store: PwaStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const updateTitle = useId();
  const installTitle = useId();
  if (state.busy) return null;
  const showUpdate = state.waiting !== null;
  const showInstall = !showUpdate && state.install !== null && state.movedOn && mayOfferInstall();
  if (!showUpdate && !showInstall) return null;

  async function install() {
    const event = store.getState().install;
    if (!event) return;
    store.set({ install: null });
    finishInstallPrompt();
    await event.prompt().catch(() => undefined);
  }

  function dismiss() {
    finishInstallPrompt();
    store.set({ install: null });
  }

  return (
    <aside
      aria-label={arPwa.region}
      data-pwa-prompts=""
      className="fixed inset-x-0 bottom-0 z-40 flex justify-center p-3 sm:p-4"
    >
      {showUpdate && state.waiting ? (
        <div
          role="status"
          aria-labelledby={updateTitle}
          data-pwa-update=""
          className="flex w-full max-w-xl flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-white p-4 shadow-lg"
        >
          <div className="min-w-48 flex-1">
            <h2 id={updateTitle} className="font-bold text-slate-900">
              {arPwa.update.title}
            </h2>
            <p className="text-sm text-slate-700">{arPwa.update.body}</p>
          </div>
          <div className="flex gap-2">
            <Button onClick={() => state.waiting && applyUpdate(state.waiting)}>{arPwa.update.apply}</Button>
            <Button variant="ghost" onClick={() => store.set({ waiting: null })}>
              {arPwa.update.later}
            </Button>
          </div>
        </div>
      ) : (
        <section
          aria-labelledby={installTitle}
          data-pwa-install=""
          className="flex w-full max-w-xl flex-col gap-3 rounded-xl border border-brand-200 bg-white p-4 shadow-lg"
        >
          <div className="flex items-start gap-3">
            <img
              src="/icons/icon-192.png"
              alt=""
              width={48}
              height={48}
              className="size-12 shrink-0 rounded-xl"
            />
            <div>
              <h2 id={installTitle} className="font-bold text-slate-900">
                {arPwa.install.title}
              </h2>
              <p className="text-sm text-slate-700">{arPwa.install.body}</p>
            </div>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" onClick={dismiss}>
              {arPwa.install.dismiss}
            </Button>
            <Button onClick={() => void install()}>{arPwa.install.accept}</Button>
          </div>
        </section>
      )}
    </aside>
  );
}
