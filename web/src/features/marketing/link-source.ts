import { LinkSource } from "@schema/enums";

const key = "dars.linkSource";
const codes = new Set<string>(Object.values(LinkSource));

/** The link-source code (docs/product.md §3: wa, sfb, ...) a short-link name stands for, or null. */
export function linkSourceOf(name: string | undefined): LinkSource | null {
  const code = name?.trim().toLowerCase() ?? "";
  return codes.has(code) ? (code as LinkSource) : null;
}

/** Remembers, for this browser tab, which link brought the visitor (attached to a problem report). */
export function rememberLinkSource(
  source: LinkSource,
  storage: Pick<Storage, "setItem"> = sessionStorage,
): void {
  try {
    storage.setItem(key, source);
  } catch {
    // Storage can be unavailable (private mode, quota): the source is only a nice-to-have.
  }
}

export function rememberedLinkSource(storage: Pick<Storage, "getItem"> = sessionStorage): LinkSource | null {
  try {
    return linkSourceOf(storage.getItem(key) ?? undefined);
  } catch {
    return null;
  }
}

/**
 * The link source a short link carried on (?src=), remembered for the tab. web/src/main.tsx calls
 * it first, before the app's chunk loads in a later task: a visitor who goes on at once (to sign in,
 * say) still has it.
 */
export function rememberPageLinkSource(location: Pick<Location, "search"> = window.location): void {
  const source = linkSourceOf(new URLSearchParams(location.search).get("src") ?? undefined);
  if (source) rememberLinkSource(source);
}
