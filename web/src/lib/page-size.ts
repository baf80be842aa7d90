import { useSyncExternalStore } from "react";

/**
 * docs/product.md §3 and §9: lists show 10 rows a page by default; the size the user picks is kept in local
 * storage (one setting for every paged list) and can be changed.
 */
export const defaultPageSize = 10;
export const pageSizeOptions = [10, 20, 50, 100] as const;
export const pageSizeStorageKey = "dars.pageSize";

type PageSizeStorage = Pick<Storage, "getItem" | "setItem">;

const isOption = (size: number) => (pageSizeOptions as readonly number[]).includes(size);

export function createPageSizeStore(storage: PageSizeStorage | null) {
  const listeners = new Set<() => void>();

  function read(): number {
    const stored = Number(storage?.getItem(pageSizeStorageKey));
    return isOption(stored) ? stored : defaultPageSize;
  }

  let current = read();

  function publish(next: number) {
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  }

  return {
    get: () => current,
    /** Keeps one of the offered sizes; anything else is ignored. */
    set(size: number) {
      if (!isOption(size)) return;
      try {
        storage?.setItem(pageSizeStorageKey, String(size));
      } catch {
        // Storage full or blocked: the size still applies for this visit.
      }
      publish(size);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Re-reads local storage (another tab changed the size). */
    reload: () => publish(read()),
  };
}

export type PageSizeStore = ReturnType<typeof createPageSizeStore>;

/** The browser's page size. */
export const pageSize = createPageSizeStore(typeof window === "undefined" ? null : window.localStorage);

if (typeof window !== "undefined")
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === pageSizeStorageKey) pageSize.reload();
  });

/** The saved page size and its setter. */
export function usePageSize(store: PageSizeStore = pageSize): [number, (size: number) => void] {
  const size = useSyncExternalStore(store.subscribe, store.get, store.get);
  return [size, store.set];
}
