import { introVideoTypes } from "@schema/api/intro-video";
import { bounds } from "@schema/rules";
import type { TutorAssetKind } from "./use-studio";

export const imageTypes = ["image/jpeg", "image/png", "image/gif"] as const;

/** What the browser checks before anything is sent: the server's own type and size limits. */
export const assetLimits: Record<TutorAssetKind, { types: readonly string[]; maxBytes: number }> = {
  image: { types: imageTypes, maxBytes: bounds.fileBytes.avatar },
  video: { types: introVideoTypes, maxBytes: bounds.fileBytes.introVideo },
  thumbnail: { types: imageTypes, maxBytes: bounds.fileBytes.thumbnail },
};

export type AssetProblem = "asset-type" | "asset-size" | "asset-empty";

/** A wrong type or size gets its message in the browser first (docs/rules.md, file limits). */
export function assetProblem(kind: TutorAssetKind, file: Pick<File, "type" | "size">): AssetProblem | null {
  const limits = assetLimits[kind];
  if (!limits.types.includes(file.type)) return "asset-type";
  if (file.size <= 0) return "asset-empty";
  if (file.size > limits.maxBytes) return "asset-size";
  return null;
}

/** The accept attribute of the file input of a kind. */
export const acceptOf = (kind: TutorAssetKind) => assetLimits[kind].types.join(",");
