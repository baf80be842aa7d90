import { Navigate, useParams } from "react-router-dom";
import { resolveShortUrl } from "../../features/marketing/short-urls";
import { NotFoundPage } from "../not-found/not-found-page";

/** /url/{name} — a short link: replaced by its target, or the not-found page for an unknown name. */
export function ShortUrlPage() {
  const target = resolveShortUrl(useParams().name);
  return target ? <Navigate to={target} replace /> : <NotFoundPage />;
}
