import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { ar } from "../../i18n/ar-EG";
import { useAppConfig } from "../config/use-app-config";

/**
 * Cloudflare Turnstile on the public forms (registration, forgot-password, contact). Shown only
 * when the deployment has a site key (GET /config); its token goes with the form's request in
 * the x-turnstile-token header and is used once, so the widget is reset after every submission.
 */

type TurnstileApi = {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
let loading: Promise<TurnstileApi> | null = null;

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error("turnstile missing"));
    script.onerror = () => {
      loading = null;
      reject(new Error("turnstile not loaded"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export { turnstileHeaders } from "./turnstile-headers";

/** How long a submission waits for the widget's token when it is sent before the check is done. */
const TOKEN_WAIT_MS = 10_000;

/**
 * The widget and its current token. `element` renders nothing without a site key; `reset()`
 * after a submission asks for a fresh token (each is single-use). `ready()` answers the token,
 * waiting for the widget (up to 10 s) when the person sent the form before the check was done
 * (a slow phone or network), so the form is not refused for a check still on its way.
 */
export function useTurnstile(): {
  element: ReactNode;
  token: string | null;
  reset: () => void;
  ready: () => Promise<string | null>;
} {
  const siteKey = useAppConfig().data?.turnstileSiteKey ?? null;
  const container = useRef<HTMLDivElement>(null);
  const widgetId = useRef<string | null>(null);
  const [token, setTokenState] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  const waiters = useRef<Array<(value: string | null) => void>>([]);
  const setToken = useCallback((value: string | null) => {
    current.current = value;
    setTokenState(value);
    if (value === null) return;
    for (const wake of waiters.current.splice(0)) wake(value);
  }, []);

  useEffect(() => {
    if (!siteKey || !container.current) return;
    let cancelled = false;
    const target = container.current;
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled) return;
        widgetId.current = turnstile.render(target, {
          sitekey: siteKey,
          language: "ar-eg",
          callback: (value: string) => setToken(value),
          "expired-callback": () => setToken(null),
          "error-callback": () => setToken(null),
        });
      })
      .catch(() => setToken(null));
    return () => {
      cancelled = true;
      if (widgetId.current && window.turnstile) window.turnstile.remove(widgetId.current);
      widgetId.current = null;
    };
  }, [siteKey, setToken]);

  const reset = useCallback(() => {
    setToken(null);
    if (widgetId.current && window.turnstile) window.turnstile.reset(widgetId.current);
  }, [setToken]);

  const ready = useCallback((): Promise<string | null> => {
    if (!siteKey || current.current !== null) return Promise.resolve(current.current);
    return new Promise((resolve) => {
      const wake = (value: string | null) => {
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.current = waiters.current.filter((waiter) => waiter !== wake);
        resolve(null);
      }, TOKEN_WAIT_MS);
      waiters.current.push(wake);
    });
  }, [siteKey]);

  const element = siteKey ? (
    <div ref={container} role="group" aria-label={ar.ui.captcha} className="min-h-16" />
  ) : null;
  return { element, token, reset, ready };
}
