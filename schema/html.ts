// xss is CommonJS: take the class from its default export so every bundler (Vite, workerd) agrees.
import xss from "xss";
import type * as XssModule from "xss";

const { FilterXSS } = xss as unknown as typeof XssModule;

/** The only tags and attributes rich text may keep. */
const allowList = {
  p: [],
  br: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  ul: [],
  ol: [],
  li: [],
  a: ["href", "title"],
  blockquote: [],
  code: [],
};

const safeHref = /^(?:https?:\/\/|mailto:)/i;

const filter = new FilterXSS({
  whiteList: allowList,
  stripIgnoreTag: true,
  // Drop what is inside these, not just the tags.
  stripIgnoreTagBody: ["script", "style"],
  onTagAttr(tag, name, value) {
    // An unsafe link loses its href altogether (the default would keep a bare `href`).
    if (tag === "a" && name === "href" && !safeHref.test(value.trim())) return "";
    return undefined;
  },
});

/** Rich text reduced to the allow-list; unknown tags go, their text stays. */
export function sanitizeHtml(html: string): string {
  // Text with no angle bracket holds no tag, and the filter returns it unchanged (the common case:
  // every chat message goes through here).
  if (!/[<>]/.test(html)) return html;
  // A "<" that cannot open a tag (as in "1 < 2" or "<3") is text to a browser; keep it as text.
  return filter.process(html.replace(/<(?![a-zA-Z/!])/g, "&lt;"));
}

/**
 * True when the input tried something a user typing text never does: a script or style
 * element, a script URL, or an event handler attribute. Rules reject these rather than
 * silently cleaning them.
 */
export function hasDangerousHtml(html: string): boolean {
  return (
    /<\s*(?:script|style)\b/i.test(html) ||
    /<[^>]*(?:java|vb)script\s*:/i.test(html) ||
    /<[^>]*\son[a-z]+\s*=/i.test(html)
  );
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** The visible text of (sanitised) HTML: block ends become line breaks, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>|<\/\s*(?:p|li|blockquote)\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
      if (ref[0] === "#") {
        const point =
          ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
      }
      return entities[ref.toLowerCase()] ?? whole;
    })
    .replace(/[ \t\u00a0]+/g, " ")
    .replace(/ *\n */g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
