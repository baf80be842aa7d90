import { z } from "zod";
import { IntroVideoStatus } from "../enums";
import { bounds, interviewFeedbackRule } from "../rules";
import { pageQuery } from "./common";

export const introVideoTypes = ["video/mp4", "video/webm"] as const;
export type IntroVideoType = (typeof introVideoTypes)[number];

const contentType = z.enum(introVideoTypes, { error: "invalid-type" });
const size = z
  .number({ error: "bad-request" })
  .int("bad-request")
  .positive("bad-request")
  .max(bounds.fileBytes.introVideo, "large-file-size");

/** POST /intro-video/upload — starts an R2 multipart upload for a large video. */
/** The client's `duration` is accepted for older clients and ignored: the container's duration is checked. */
const claimedDuration = z.unknown().optional();

export const introVideoUploadBody = z.object({ duration: claimedDuration, contentType, size });
export type IntroVideoUploadBody = z.infer<typeof introVideoUploadBody>;
export type IntroVideoUpload = { uploadId: string; key: string; partSize: number };

/** PUT /intro-video/upload/part?key=&uploadId=&partNumber= — the raw part bytes as the body. */
export const introVideoPartQuery = z.object({
  key: z.string({ error: "bad-request" }).min(1, "bad-request"),
  uploadId: z.string({ error: "bad-request" }).min(1, "bad-request"),
  partNumber: z.coerce.number({ error: "bad-request" }).int("bad-request").min(1, "bad-request").max(10_000, "bad-request"),
});
export type IntroVideoPart = { partNumber: number; etag: string };

/** POST /intro-video/upload/complete. */
export const introVideoCompleteBody = z.object({
  key: z.string({ error: "bad-request" }).min(1, "bad-request"),
  uploadId: z.string({ error: "bad-request" }).min(1, "bad-request"),
  duration: claimedDuration,
  parts: z
    .array(z.object({ partNumber: z.number({ error: "bad-request" }).int("bad-request").positive("bad-request"), etag: z.string({ error: "bad-request" }) }), {
      error: "bad-request",
    })
    .min(1, "bad-request"),
});

/** POST /intro-video/upload/abort. */
export const introVideoAbortBody = z.object({
  key: z.string({ error: "bad-request" }).min(1, "bad-request"),
  uploadId: z.string({ error: "bad-request" }).min(1, "bad-request"),
});

/** PUT /intro-video/:id — the reviewer's decision. */
export const introVideoReviewBody = z.object({
  status: z.union([z.literal(IntroVideoStatus.Approved), z.literal(IntroVideoStatus.Rejected)], { error: "bad-request" }),
  feedback: interviewFeedbackRule.optional(),
});
export type IntroVideoReviewBody = z.infer<typeof introVideoReviewBody>;

export const introVideoListQuery = pageQuery.extend({
  status: z.coerce.number({ error: "bad-request" }).int("bad-request").min(1, "bad-request").max(3, "bad-request").optional(),
});
export type IntroVideoListQuery = z.infer<typeof introVideoListQuery>;

export type IntroVideoView = {
  id: number;
  tutorId: number;
  tutorName: string | null;
  reviewerId: number | null;
  url: string;
  duration: number;
  size: number;
  contentType: string;
  status: IntroVideoStatus;
  feedback: string | null;
  reviewedAt: string | null;
  createdAt: string;
};
