/**
 * Makes the page look as it does on a phone `width` CSS px wide, inside a desktop window (the local
 * phone frame, ./simulated-mobile.tsx): the app's root narrowed and framed in the middle of the
 * window, every width media query of the page's stylesheets answered for that width (the others,
 * hover or reduced motion, untouched), and window.matchMedia likewise for the screens that ask it.
 * Returns the undo. `vw` units still measure the real window.
 */

const remPx = 16;
const frameAttribute = "data-simulated-mobile";

/** A length of a media feature in CSS px (px, rem or em), or null. */
function pixels(value: string, unit: string): number {
  return Number(value) * (unit.toLowerCase() === "px" ? 1 : remPx);
}

/** One width feature at `width`: (width >= 40rem), (min-width: 640px), (max-width: 767px)…; null for any other feature. */
function widthFeature(feature: string, width: number): boolean | null {
  const range = /^\(\s*width\s*(>=|<=|>|<|=)\s*([\d.]+)(px|rem|em)\s*\)$/i.exec(feature);
  if (range) {
    const limit = pixels(range[2]!, range[3]!);
    const compare = range[1];
    if (compare === ">=") return width >= limit;
    if (compare === "<=") return width <= limit;
    if (compare === ">") return width > limit;
    if (compare === "<") return width < limit;
    return width === limit;
  }
  const minMax = /^\(\s*(min|max)-width\s*:\s*([\d.]+)(px|rem|em)\s*\)$/i.exec(feature);
  if (minMax) {
    const limit = pixels(minMax[2]!, minMax[3]!);
    return minMax[1]!.toLowerCase() === "min" ? width >= limit : width <= limit;
  }
  return null;
}

/**
 * Whether a media query list matches on a screen `width` px wide, when it depends on the width only
 * ("(width>=40rem)", "not all and (width>=380px)", "screen and (max-width: 600px)"); null when it
 * asks anything else, so it is left to the browser.
 */
export function mediaMatchesAt(mediaText: string, width: number): boolean | null {
  const answers = mediaText.split(",").map((query) => {
    let rest = query.trim();
    let negate = false;
    const prefix = /^(not\s+)?(all|screen)\s+and\s+/i.exec(rest);
    if (prefix) {
      negate = Boolean(prefix[1]);
      rest = rest.slice(prefix[0].length);
    }
    let result: boolean | null = true;
    for (const feature of rest.split(/\s+and\s+/i)) {
      const answer = widthFeature(feature.trim(), width);
      if (answer === null) return null;
      result = result && answer;
    }
    return negate ? !result : result;
  });
  if (answers.some((answer) => answer === null)) return null;
  return answers.some(Boolean);
}

type MediaHolder = { media: MediaList };

/** Every @media rule of the page's stylesheets, nested ones (in @layer, @supports, nesting) included. */
function mediaRules(rules: CSSRuleList, into: MediaHolder[] = []): MediaHolder[] {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSMediaRule) into.push(rule);
    if ("cssRules" in rule) mediaRules((rule as CSSGroupingRule).cssRules, into);
  }
  return into;
}

function allMediaRules(): MediaHolder[] {
  const found: MediaHolder[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      mediaRules(sheet.cssRules, found);
    } catch {
      // Another origin's sheet: its rules cannot be read.
    }
  }
  return found;
}

/** The frame: a narrow root in the middle of a dark window, with a visible border (logical properties). */
function frameStyle(width: number): string {
  return `html[${frameAttribute}] { background: #1e293b; }
html[${frameAttribute}] body { background: transparent; }
html[${frameAttribute}] #root {
  max-inline-size: ${width}px;
  margin-inline: auto;
  min-block-size: 100dvh;
  background: #fff;
  outline: 8px solid #020617;
  box-shadow: 0 0 0 9px #475569, 0 25px 50px -12px rgb(0 0 0 / 0.5);
}`;
}

export function phoneViewport(width: number): () => void {
  const original = new Map<MediaHolder, string>();
  function answerRules() {
    for (const rule of allMediaRules()) {
      if (original.has(rule)) continue;
      const text = rule.media.mediaText;
      const answer = mediaMatchesAt(text, width);
      if (answer === null) continue;
      original.set(rule, text);
      rule.media.mediaText = answer ? "all" : "not all";
    }
  }
  answerRules();
  // Styles added later (a lazy screen's, or the dev server's hot reload) are answered too.
  const observer = new MutationObserver(() => answerRules());
  observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  const onLoad = (event: Event) => {
    if (event.target instanceof HTMLLinkElement) answerRules();
  };
  document.addEventListener("load", onLoad, true);

  const style = document.createElement("style");
  style.textContent = frameStyle(width);
  document.head.append(style);
  document.documentElement.setAttribute(frameAttribute, "");

  const realMatchMedia = window.matchMedia;
  window.matchMedia = (query: string) => {
    const answer = mediaMatchesAt(query, width);
    if (answer === null) return realMatchMedia.call(window, query);
    // Stands for a real list: the answer is fixed while the frame is on.
    return {
      matches: answer,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  };

  return () => {
    observer.disconnect();
    document.removeEventListener("load", onLoad, true);
    window.matchMedia = realMatchMedia;
    for (const [rule, text] of original) rule.media.mediaText = text;
    style.remove();
    document.documentElement.removeAttribute(frameAttribute);
  };
}
