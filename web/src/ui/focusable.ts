const focusableSelector = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The elements inside `container` that Tab can reach, in document order. */
export function focusableElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (element) => !element.hasAttribute("inert"),
  );
}

/** True when the element lays out right-to-left (arrow keys are mirrored). */
export function isRightToLeft(element: HTMLElement): boolean {
  return (element.closest("[dir]")?.getAttribute("dir") ?? document.documentElement.dir) === "rtl";
}
