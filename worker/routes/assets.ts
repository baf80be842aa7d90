import { systemContracts } from "../../schema/api/system";
import { parseVariantName } from "../../schema/image-variants";
import { parseRange } from "../domain/media/assets";
import { PUBLIC_PREFIX } from "../domain/media/uploads";
import { fail } from "../core/failure";
import { route } from "../http/route";

export const assetRoutes = [
  route(systemContracts.upload, {
    access: "public",
    summary:
      "A public file (avatar, intro video, thumbnail), with range requests; <name>@<width> is its small version, or the file itself when it has none.",
    async handle({ c, params }) {
      let key = PUBLIC_PREFIX + params.name;
      let head = await c.env.MEDIA.head(key);
      const variant = head ? null : parseVariantName(params.name);
      if (variant) {
        // Uploads made before small versions existed (and seed data) have none: the original stands in.
        key = PUBLIC_PREFIX + variant.original;
        head = await c.env.MEDIA.head(key);
      }
      if (!head) fail("asset-not-found");
      const range = parseRange(c.req.header("range"), head.size);
      const object = await c.env.MEDIA.get(key, range ? { range } : undefined);
      if (!object) fail("asset-not-found");
      const headers = new Headers({
        "content-type": head.httpMetadata?.contentType ?? "application/octet-stream",
        "accept-ranges": "bytes",
        "cache-control": "public, max-age=31536000, immutable",
        etag: head.httpEtag,
        // User files are served as what they were checked to be, never sniffed into something else.
        "x-content-type-options": "nosniff",
      });
      const type = head.httpMetadata?.contentType ?? "";
      if (!type.startsWith("image/") && !type.startsWith("video/"))
        headers.set("content-disposition", "attachment");
      if (range) {
        headers.set("content-range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
        headers.set("content-length", String(range.length));
        return new Response(object.body, { status: 206, headers });
      }
      headers.set("content-length", String(head.size));
      return new Response(object.body, { status: 200, headers });
    },
  }),
];
