import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, type Location } from "react-router-dom";

/** Where each history entry was scrolled to, by its location key; kept in the tab across reloads. */
const storageKey = "dars.scroll-positions";
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (positions) return positions;
  positions = {};
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? "{}");
    if (stored && typeof stored === "object") {
      for (const [key, y] of Object.entries(stored)) if (typeof y === "number") positions[key] = y;
    }
  } catch {
    // Unreadable or blocked storage: start without saved positions.
  }
  return positions;
}

function persistPositions() {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(savedPositions()));
  } catch {
    // Full or blocked storage: positions are kept for this page's life only.
  }
}

function scrollToHash(hash: string): boolean {
  if (!hash) return false;
  try {
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    element?.scrollIntoView();
    return element !== null;
  } catch {
    return false; // "#%" is not a decodable id.
  }
}

/**
 * The scroll position across screens, as react-router's <ScrollRestoration> kept it: a new entry
 * (a link, navigate(), a redirect) starts at the top or at its #hash element; back and forward
 * (and a reload) return to where that entry was left. The first load keeps the browser's position,
 * so a prerendered page the visitor already scrolled does not jump when the SPA takes it over.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const currentKey = useRef(location.key);
  const handled = useRef<Location | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const remember = () => {
      savedPositions()[currentKey.current] = window.scrollY;
    };
    const onPageHide = () => {
      remember();
      persistPositions();
      window.history.scrollRestoration = "auto";
    };
    const onPageShow = () => {
      window.history.scrollRestoration = "manual";
    };
    window.addEventListener("scroll", remember, { passive: true });
    window.addEventListener("pagehide", onPageHide);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      window.removeEventListener("scroll", remember);
      window.removeEventListener("pagehide", onPageHide);
      window.removeEventListener("pageshow", onPageShow);
      window.history.scrollRestoration = "auto";
    };
  }, []);

  useLayoutEffect(() => {
    // StrictMode runs this twice for one location; only a new location moves the page.
    if (handled.current === location) return;
    const firstLoad = handled.current === null;
    handled.current = location;
    currentKey.current = location.key;
    const saved = savedPositions()[location.key];
    // A page opened afresh has no key of its own ("default", shared with every such page in the
    // tab), so only an entry the app made (a reload of it, back into it) finds its own position.
    if (firstLoad) {
      if (location.key !== "default" && typeof saved === "number") window.scrollTo(0, saved);
      return;
    }
    if (typeof saved === "number") window.scrollTo(0, saved);
    else if (!scrollToHash(location.hash)) window.scrollTo(0, 0);
  }, [location]);

  return null;
}
