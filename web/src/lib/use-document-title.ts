import { useEffect } from "react";

const siteName = "درس";

/** The shell's own title and description (web/index.html; tests/web/document-title.test.tsx checks they agree). */
export const SHELL_TITLE = "درس | تعلّم الإنجليزي أونلاين";
export const SHELL_DESCRIPTION = "درس: دروس إنجليزي أونلاين مع مدرسين موثوقين في مصر";

/** The page's name in the tab and in search results: "<title> | درس" (or the title alone if it names the site). */
export function documentTitle(title: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

/** What the last page rendered on the server asked for (the build's prerender writes it in the HTML). */
export const serverRenderedHead: { title: string | null; description: string | null } = {
  title: null,
  description: null,
};

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
    // A prerendered page arrives with its own title and description already in the HTML: leaving
    // it then puts back the shell's, not the page's own (which would stay on the next screen).
    const own = documentTitle(title);
    const previous = document.title === own ? SHELL_TITLE : document.title;
    document.title = own;
    const meta = description ? document.querySelector<HTMLMetaElement>('meta[name="description"]') : null;
    const previousDescription = meta && meta.content === description ? SHELL_DESCRIPTION : meta?.content;
    if (meta && description) meta.content = description;
    return () => {
      document.title = previous;
      if (meta && previousDescription !== undefined) meta.content = previousDescription;
    };
  }, [title, description]);
}
