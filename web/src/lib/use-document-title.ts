import { useEffect } from "react";

const siteName = "درس";

/** The page's name in the tab and in search results: "<title> | درس" (or the title alone if it names the site). */
export function documentTitle(title: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/** Sets document.title while the page is shown and puts the previous one back after. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
