import { useCallback, useRef, useState } from "react";

/**
 * Whether an element has come within `margin` of the viewport (it stays true once it has): a list
 * item below the fold asks for its own data when the reader scrolls near it, not with the page.
 * Without IntersectionObserver (an old browser) the element counts as near at once.
 * Returns the ref callback to put on the element, and the flag.
 */
export function useNearView<T extends Element>(margin = "300px"): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== "function");
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || near) return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.current?.disconnect();
          setNear(true);
        },
        { rootMargin: margin },
      );
      observer.current.observe(element);
    },
    [margin, near],
  );
  return [ref, near];
}
