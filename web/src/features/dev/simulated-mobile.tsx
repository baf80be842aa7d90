import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { ar } from "../../i18n/ar-EG";
import { formatNumber } from "../../lib/format";
import { cx } from "../../ui/class-names";
import { phoneViewport } from "./phone-viewport";

/**
 * The developer's phone frame (docs/local.md), local only: a switch in the page's corner shows the
 * app 360 px wide in a centred frame, to check phone layouts from a desktop, and keeps the choice
 * across reloads. Loaded lazily by web/src/app/root-layout.tsx only when GET /config says the
 * environment is "local", so a production build never loads it.
 *
 * The frame is not an iframe: the product's pages refuse to be framed (frame-ancestors 'none',
 * worker/http/security-headers.ts) locally as in production. Instead the app's root is narrowed
 * and the width media queries of the page's styles (and window.matchMedia) answer as on a 360 px
 * screen (./phone-viewport.ts), so the breakpoints switch as on a phone.
 */

/** The width of the phones the product is checked at (the e2e tests' narrow viewport). */
export const phoneWidth = 360;
/** On or off, kept across reloads. */
export const simulatedMobileKey = "dars:simulated-mobile";

function readStored(): boolean {
  try {
    return localStorage.getItem(simulatedMobileKey) === "on";
  } catch {
    return false;
  }
}

function store(on: boolean) {
  try {
    if (on) localStorage.setItem(simulatedMobileKey, "on");
    else localStorage.removeItem(simulatedMobileKey);
  } catch {
    // Private mode without storage: the switch still works for this page.
  }
}

export function SimulatedMobile() {
  const [on, setOn] = useState(readStored);

  useEffect(() => {
    if (!on) return;
    return phoneViewport(phoneWidth);
  }, [on]);

  function toggle() {
    store(!on);
    setOn(!on);
  }

  const label = ar.shell.simulatedMobile(formatNumber(phoneWidth));
  // After the app's root, at the very end of the page: it never covers a screen's own controls, and
  // with the frame on it sits under the frame.
  return createPortal(
    <aside aria-label={ar.shell.devTools} className="flex justify-center px-4 py-3">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        onClick={toggle}
        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span
          aria-hidden="true"
          className={cx(
            "inline-flex h-5 w-9 shrink-0 items-center rounded-full p-0.5",
            on ? "justify-end bg-brand-700" : "justify-start bg-slate-500",
          )}
        >
          <span className="size-4 rounded-full bg-white" />
        </span>
        {label}
      </button>
    </aside>,
    document.body,
  );
}
