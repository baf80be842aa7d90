import { imageVariantField, imageVariantMaxBytes, imageVariantUrl, imageVariantWidths, type ImageVariantWidth } from "@schema/image-variants";

/** A square canvas of `side` px: an OffscreenCanvas where there is one, a detached <canvas> otherwise. */
function squareCanvas(side: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(side, side);
  const canvas = document.createElement("canvas");
  canvas.width = side;
  canvas.height = side;
  return canvas;
}

async function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality: 0.82 }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.82));
}

/** One square version: the image's centre cropped and scaled to `side`, WebP, or JPEG where the browser cannot encode WebP. */
async function squareVersion(bitmap: ImageBitmap, side: number): Promise<Blob | null> {
  const canvas = squareCanvas(side);
  const context = canvas.getContext("2d") as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) return null;
  const crop = Math.min(bitmap.width, bitmap.height);
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, (bitmap.width - crop) / 2, (bitmap.height - crop) / 2, crop, crop, 0, 0, side, side);
  for (const type of ["image/webp", "image/jpeg"]) {
    const blob = await encode(canvas, type);
    // A browser that cannot encode a type answers a PNG instead: try the next one.
    if (blob && blob.type === type && blob.size > 0 && blob.size <= imageVariantMaxBytes) return blob;
  }
  return null;
}

/**
 * The small square versions of a photo, made in the browser before upload (a list then loads a few
 * KB per avatar instead of the original). Best effort: a browser that cannot decode or encode
 * answers fewer versions (none at worst), and the server serves the original in their place.
 */
export async function makeImageVariants(file: Blob): Promise<Map<ImageVariantWidth, Blob>> {
  const variants = new Map<ImageVariantWidth, Blob>();
  if (typeof createImageBitmap !== "function") return variants;
  try {
    const bitmap = await createImageBitmap(file);
    try {
      for (const width of imageVariantWidths) {
        const blob = await squareVersion(bitmap, width);
        if (blob) variants.set(width, blob);
      }
    } finally {
      bitmap.close();
    }
  } catch {
    // Not decodable here (an odd JPEG, a very large GIF): the original alone is uploaded.
  }
  return variants;
}

/** Adds the versions to an upload form, each in its own field (image@96, image@192). */
export function appendImageVariants(form: FormData, variants: Map<ImageVariantWidth, Blob>): void {
  for (const [width, blob] of variants) {
    form.set(imageVariantField(width), new File([blob], `image@${width}.${blob.type === "image/webp" ? "webp" : "jpg"}`, { type: blob.type }));
  }
}

/** `srcset` of a stored upload's square versions, or undefined for an image that has none (external URLs). */
export function squareSrcSet(url: string): string | undefined {
  const candidates = imageVariantWidths.map((width) => {
    const variant = imageVariantUrl(url, width);
    return variant ? `${variant} ${width}w` : null;
  });
  return candidates.every(Boolean) ? candidates.join(", ") : undefined;
}

/**
 * The attributes of a square photo shown at `side` CSS px: its small versions in `srcset` (the
 * browser picks by density), the width and height so the layout does not move while it loads, and
 * how it loads: `lazy` below the fold, `eager` at the top of every page (the header), `high` for
 * the page's first visible photo (fetched early: it may be the largest paint).
 */
export function squareImageProps(url: string, side: number, load: "lazy" | "eager" | "high" = "lazy") {
  const srcSet = squareSrcSet(url);
  return {
    src: url,
    srcSet,
    sizes: srcSet ? `${side}px` : undefined,
    width: side,
    height: side,
    decoding: "async" as const,
    loading: load === "lazy" ? ("lazy" as const) : ("eager" as const),
    fetchPriority: load === "high" ? ("high" as const) : undefined,
  };
}
