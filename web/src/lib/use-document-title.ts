import { useEffect } from "react";

const siteName = "درس";

/** The page's name in the tab and in search results: "<title> | درس" (or the title alone if it names the site). */
export function documentTitle(title: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/**
 * Sets document.title (and, when given, the meta description search results show) while the
 * page is shown, and puts the previous ones back after.
 */
export function useDocumentTitle(title: string, description?: string): void {
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
