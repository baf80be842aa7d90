import {
  imageVariantField,
  imageVariantHeight,
  imageVariantKinds,
  variantSrcSet,
  type ImageVariantKind,
  type ImageVariantWidth,
} from "@schema/image-variants";

/** A canvas of `width` × `height` px: an OffscreenCanvas where there is one, a detached <canvas> otherwise. */
function canvasOf(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality: 0.82 }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.82));
}

/**
 * One small version of a kind: the image's centre cropped to the kind's aspect and scaled to
 * `width`, WebP, or JPEG where the browser cannot encode WebP. None when the crop is narrower than
 * `width` (it would only be the original made larger: the server serves the original in its place).
 */
async function smallVersion(
  bitmap: ImageBitmap,
  kind: ImageVariantKind,
  width: number,
  maxBytes: number,
): Promise<Blob | null> {
  const aspect = imageVariantKinds[kind].aspect;
  const cropWidth = Math.min(bitmap.width, bitmap.height * aspect);
  const cropHeight = cropWidth / aspect;
  if (cropWidth < width) return null;
  const height = imageVariantHeight(kind, width);
  const canvas = canvasOf(width, height);
  const context = canvas.getContext("2d") as
    CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D | null;
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(
    bitmap,
    (bitmap.width - cropWidth) / 2,
    (bitmap.height - cropHeight) / 2,
    cropWidth,
    cropHeight,
    0,
    0,
    width,
    height,
  );
  for (const type of ["image/webp", "image/jpeg"]) {
    const blob = await encode(canvas, type);
    // A browser that cannot encode a type answers a PNG instead: try the next one.
    if (blob && blob.type === type && blob.size > 0 && blob.size <= maxBytes) return blob;
  }
  return null;
}

/**
 * The small versions of a photo (square) or a video thumbnail (16:9), made in the browser before
 * upload (a list then loads a few KB per image instead of the original). Best effort: a browser
 * that cannot decode or encode answers fewer versions (none at worst), and the server serves the
 * original in their place.
 */
export async function makeImageVariants(
  file: Blob,
  kind: ImageVariantKind,
): Promise<Map<ImageVariantWidth, Blob>> {
  const variants = new Map<ImageVariantWidth, Blob>();
  if (typeof createImageBitmap !== "function") return variants;
  const { widths, maxBytes } = imageVariantKinds[kind];
  try {
    const bitmap = await createImageBitmap(file);
    try {
      for (const width of widths) {
        const blob = await smallVersion(bitmap, kind, width, maxBytes);
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

/** Adds the versions to an upload form, each in its own field beside the original's (image@96, thumbnail@640). */
export function appendImageVariants(
  form: FormData,
  kind: ImageVariantKind,
  variants: Map<ImageVariantWidth, Blob>,
): void {
  for (const [width, blob] of variants) {
    const field = imageVariantField(kind, width);
    form.set(
      field,
      new File([blob], `${field}.${blob.type === "image/webp" ? "webp" : "jpg"}`, { type: blob.type }),
    );
  }
}

/** `srcset` of a stored upload's versions (schema/image-variants.ts: the Worker's painted pages use it too). */
export { variantSrcSet };

/** How an image loads: `lazy` below the fold, `eager` at the top of every page (the header), `high` for the page's first visible image (fetched early: it may be the largest paint). */
type Load = "lazy" | "eager" | "high";

function loadingProps(load: Load) {
  return {
    decoding: "async" as const,
    loading: load === "lazy" ? ("lazy" as const) : ("eager" as const),
    fetchPriority: load === "high" ? ("high" as const) : undefined,
  };
}

/**
 * The attributes of a square photo shown at `side` CSS px: its small versions in `srcset` (the
 * browser picks by density), the width and height so the layout does not move while it loads, and
 * how it loads.
 */
export function squareImageProps(url: string, side: number, load: Load = "lazy") {
  const srcSet = variantSrcSet(url, "image");
  return {
    src: url,
    srcSet,
    sizes: srcSet ? `${side}px` : undefined,
    width: side,
    height: side,
    ...loadingProps(load),
  };
}

/**
 * The attributes of a 16:9 video thumbnail whose box is `sizes` wide (a media condition list, as the
 * layout gives it): its versions in `srcset`, a 16:9 width and height (the box keeps its shape
 * while it loads) and how it loads.
 */
export function thumbnailImageProps(url: string, sizes: string, load: Load = "lazy") {
  const srcSet = variantSrcSet(url, "thumbnail");
  const width = imageVariantKinds.thumbnail.widths[0];
  return {
    src: url,
    srcSet,
    sizes: srcSet ? sizes : undefined,
    width,
    height: imageVariantHeight("thumbnail", width),
    ...loadingProps(load),
  };
}
