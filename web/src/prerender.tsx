/**
 * The build's prerender entry (scripts/prerender.mjs bundles it for Node with `vite build --ssr`):
 * renders a public route of web/src/routes.tsx (the browser's own <AppRoutes>) to HTML with
 * react-dom/static, waiting for its lazy screen, as a visitor with no session and no data sees it
 * before any request. The SPA hydrates that markup (web/src/boot.tsx) instead of painting an empty
 * page first.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { prerenderedFiles, prerenderPathOf } from "@schema/prerendered-pages";
import { StaticRouter } from "react-router-dom";
import { AppRoutes } from "./app/app-routes";
import { createQueryClient } from "./lib/query-client";
import { serverRenderedHead } from "./lib/use-document-title";

/** The pages prerendered at build: path → the file name under web/dist/prerendered/. */
export { prerenderedFiles, prerenderPathOf };

/**
 * The markup of #root for one path. Rendered twice: the first render loads the lazy screens
 * (React.lazy keeps them), so the second suspends nowhere and every boundary is complete in the
 * HTML (React outlines a large boundary that had suspended, to be revealed by an inline script,
 * which the CSP would refuse and which cannot run before JavaScript does).
 */
export async function renderPage(
  path: string,
): Promise<{ markup: string; title: string | null; description: string | null }> {
  await renderOnce(path);
  serverRenderedHead.title = null;
  serverRenderedHead.description = null;
  const markup = await renderOnce(path);
  // The page's title and description (useDocumentTitle), for the HTML's <title> and meta description.
  return { markup, ...serverRenderedHead };
}

async function renderOnce(path: string): Promise<string> {
  // No fetching on the server: queries stay pending, as on the client's first render.
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { enabled: false, retry: false } });
  const { prelude } = await prerender(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>,
    // Never outline a large boundary for a later reveal: the page is complete as it stands.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return new Response(prelude).text();
}
