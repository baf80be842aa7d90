// The map is shared with the Worker, which answers /url/{name} with a 301 (worker/seo/pages.ts).
export { resolveShortUrl, shortUrls } from "@schema/short-urls";
