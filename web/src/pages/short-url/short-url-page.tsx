import { useEffect } from "react";
import { Navigate, useParams } from "react-router-dom";
import { linkSourceOf, rememberLinkSource } from "../../features/marketing/link-source";
import { resolveShortUrl } from "../../features/marketing/short-urls";
import { NotFoundPage } from "../not-found/not-found-page";

/** /url/{name} — a short link: replaced by its target, or the not-found page for an unknown name. */
export function ShortUrlPage() {
  const { name } = useParams();
  const target = resolveShortUrl(name);
  const source = linkSourceOf(name);
  useEffect(() => {
    if (source) rememberLinkSource(source);
  }, [source]);
  return target ? <Navigate to={target} replace /> : <NotFoundPage />;
}
