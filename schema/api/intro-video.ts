import { z } from "zod";
import { IntroVideoStatus } from "../enums";
import { bounds, interviewFeedbackRule } from "../rules";
import { paged, pageQuery, idParam } from "./common";
import { contract } from "./contract";

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
export const introVideoUpload = z.object({ uploadId: z.string(), key: z.string(), partSize: z.number() });
export type IntroVideoUpload = z.output<typeof introVideoUpload>;

/** PUT /intro-video/upload/part?key=&uploadId=&partNumber= — the raw part bytes as the body. */
export const introVideoPartQuery = z.object({
  key: z.string({ error: "bad-request" }).min(1, "bad-request"),
  uploadId: z.string({ error: "bad-request" }).min(1, "bad-request"),
  partNumber: z.coerce
    .number({ error: "bad-request" })
    .int("bad-request")
    .min(1, "bad-request")
    .max(10_000, "bad-request"),
});
export const introVideoPart = z.object({ partNumber: z.number(), etag: z.string() });
export type IntroVideoPart = z.output<typeof introVideoPart>;

/** GET /intro-video/upload/parts?key=&uploadId= — the parts already stored, to resume an upload. */
export const introVideoPartsQuery = z.object({
  key: z.string({ error: "bad-request" }).min(1, "bad-request"),
  uploadId: z.string({ error: "bad-request" }).min(1, "bad-request"),
});
export const storedUploadParts = z.object({
  parts: z.array(z.object({ partNumber: z.number(), etag: z.string(), size: z.number() })),
});
export type StoredUploadParts = z.output<typeof storedUploadParts>;

/** POST /intro-video/upload/complete. */
export const introVideoCompleteBody = z.object({
  key: z.string({ error: "bad-request" }).min(1, "bad-request"),
  uploadId: z.string({ error: "bad-request" }).min(1, "bad-request"),
  duration: claimedDuration,
  parts: z
    .array(
      z.object({
        partNumber: z.number({ error: "bad-request" }).int("bad-request").positive("bad-request"),
        etag: z.string({ error: "bad-request" }),
      }),
      {
        error: "bad-request",
      },
    )
    .min(1, "bad-request"),
});

/** POST /intro-video/upload/abort. */
export const introVideoAbortBody = z.object({
  key: z.string({ error: "bad-request" }).min(1, "bad-request"),
  uploadId: z.string({ error: "bad-request" }).min(1, "bad-request"),
});

/** PUT /intro-video/:id — the reviewer's decision. */
export const introVideoReviewBody = z.object({
  status: z.union([z.literal(IntroVideoStatus.Approved), z.literal(IntroVideoStatus.Rejected)], {
    error: "bad-request",
  }),
  feedback: interviewFeedbackRule.optional(),
});
export type IntroVideoReviewBody = z.infer<typeof introVideoReviewBody>;

export const introVideoListQuery = pageQuery.extend({
  status: z.coerce
    .number({ error: "bad-request" })
    .int("bad-request")
    .min(1, "bad-request")
    .max(3, "bad-request")
    .optional(),
});
export type IntroVideoListQuery = z.infer<typeof introVideoListQuery>;

export const introVideoView = z.object({
  id: z.number(),
  tutorId: z.number(),
  tutorName: z.string().nullable(),
  reviewerId: z.number().nullable(),
  url: z.string(),
  duration: z.number(),
  size: z.number(),
  contentType: z.string(),
  status: z.enum(IntroVideoStatus),
  feedback: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type IntroVideoView = z.output<typeof introVideoView>;

/** The intro video endpoints (worker/routes/intro-video.ts). */
export const introVideoContracts = {
  list: contract({
    method: "get",
    path: "/intro-video/list",
    query: introVideoListQuery,
    response: paged(introVideoView),
  }),
  create: contract({
    method: "post",
    path: "/intro-video/with/asset",
    body: "multipart",
    status: 201,
    response: introVideoView,
  }),
  startUpload: contract({
    method: "post",
    path: "/intro-video/upload",
    body: introVideoUploadBody,
    status: 201,
    response: introVideoUpload,
  }),
  uploadPart: contract({
    method: "put",
    path: "/intro-video/upload/part",
    query: introVideoPartQuery,
    response: introVideoPart,
  }),
  uploadParts: contract({
    method: "get",
    path: "/intro-video/upload/parts",
    query: introVideoPartsQuery,
    response: storedUploadParts,
  }),
  completeUpload: contract({
    method: "post",
    path: "/intro-video/upload/complete",
    body: introVideoCompleteBody,
    status: 201,
    response: introVideoView,
  }),
  abortUpload: contract({
    method: "post",
    path: "/intro-video/upload/abort",
    body: introVideoAbortBody,
    status: 204,
    response: "empty",
  }),
  review: contract({
    method: "put",
    path: "/intro-video/:id",
    body: introVideoReviewBody,
    params: idParam,
    response: introVideoView,
  }),
};
