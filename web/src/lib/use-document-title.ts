import { useEffect } from "react";

const siteName = "درس";

/** The page's name in the tab and in search results: "<title> | درس" (or the title alone if it names the site). */
export function documentTitle(title: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/** What the last page rendered on the server asked for (the build's prerender writes it in the HTML). */
export const serverRenderedHead: { title: string | null; description: string | null } = { title: null, description: null };

/**
 * Sets document.title (and, when given, the meta description search results show) while the
 * page is shown, and puts the previous ones back after.
 */
export function useDocumentTitle(title: string, description?: string): void {
  // Effects do not run in the build's prerender (web/src/prerender.tsx): it reads these instead.
  if (import.meta.env.SSR) {
    serverRenderedHead.title = documentTitle(title);
    serverRenderedHead.description = description ?? null;
  }
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle(title);
    const meta = description ? document.querySelector<HTMLMetaElement>('meta[name="description"]') : null;
    const previousDescription = meta?.content;
    if (meta && description) meta.content = description;
    return () => {
      document.title = previous;
      if (meta && previousDescription !== undefined) meta.content = previousDescription;
    };
  }, [title, description]);
}
