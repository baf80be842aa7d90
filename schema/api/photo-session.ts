// Onboarding step 5: a photo session with a studio, which uploads the tutor's photo, video and
// thumbnail (docs/rules.md, Tutors: onboarding and listing). Also the studio's own views.
import { z } from "zod";
import { paged, pageQuery, idParam } from "./common";
import { introVideoPart, introVideoTypes, introVideoUpload, storedUploadParts } from "./intro-video";
import { isoInstant } from "./interview";
import { bounds } from "../rules";
import { PhotoSessionStatus, photoSessionStatuses } from "../enums";
import { contract } from "./contract";

const id = z.number({ error: "bad-request" }).int("bad-request").positive("bad-request");
const queryId = z.coerce.number({ error: "bad-request" }).int("bad-request").positive("bad-request");

// The statuses are schema/enums.ts PhotoSessionStatus (the same strings in D1, the API and the SPA).
const status = z.enum(photoSessionStatuses, { error: "bad-request" });

/**
 * POST /photo-session — a tutor (for themselves) or an admin (tutorId required) asks a studio for
 * a session, optionally proposing a time (in the future, else slot-time-passed). Answers 201 with
 * the PhotoSessionView, status "pending". Codes: user-not-found (no such studio),
 * tutor-not-found, photo-session-exists.
 */
export const photoSessionCreateBody = z.object({
  tutorId: id.optional(),
  studioId: id,
  scheduledAt: isoInstant.optional(),
});
export type PhotoSessionCreateBody = z.infer<typeof photoSessionCreateBody>;

/**
 * PATCH /photo-session/:id — answers the PhotoSessionView.
 * - the session's studio: scheduledAt (a future time; sets status "scheduled" if it was pending),
 *   status "scheduled" | "done" | "canceled", note;
 * - an admin: the same, plus studioId (move it to another studio);
 * - the session's tutor: status "canceled" only (forbidden otherwise).
 * A done or canceled session cannot change any more (illegal). "done" needs image, video and
 * thumbnail uploaded first (illegal). "scheduled" needs a time (slot-time-passed if in the past).
 */
export const photoSessionPatchBody = z
  .object({
    scheduledAt: isoInstant,
    status: z.enum([PhotoSessionStatus.Scheduled, PhotoSessionStatus.Done, PhotoSessionStatus.Canceled], {
      error: "bad-request",
    }),
    note: z.string({ error: "bad-request" }).trim().max(1000, "bad-request"),
    studioId: id,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "empty-request");
export type PhotoSessionPatchBody = z.infer<typeof photoSessionPatchBody>;

/**
 * GET /photo-session/list — paged, newest first. A tutor sees their own, a studio the sessions
 * booked with it, an admin all (filter by tutorId / studioId: the admin page /photo-session/{tutorId}).
 */
export const photoSessionListQuery = pageQuery.extend({
  status: status.optional(),
  tutorId: queryId.optional(),
  studioId: queryId.optional(),
});
export type PhotoSessionListQuery = z.infer<typeof photoSessionListQuery>;

/** GET /photo-session/:id — the tutor, the studio, or an admin (else photo-session-not-found). */
export const photoSessionView = z.object({
  id: z.number(),
  tutorId: z.number(),
  tutorName: z.string().nullable(),
  studioId: z.number().nullable(),
  studioName: z.string().nullable(),
  /** The appointment (ISO UTC), or the time the tutor proposed while pending. */
  scheduledAt: z.string().nullable(),
  status: z.enum(PhotoSessionStatus),
  /** Public URLs (/api/v1/assets/uploads/...) of what the studio uploaded in this session. */
  image: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
  note: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PhotoSessionView = z.output<typeof photoSessionView>;

/**
 * PUT /user/asset/tutor?tutorId= — multipart with any of the fields image (jpg/png/gif ≤ 8 MB),
 * video (mp4/webm ≤ 95 MB in one request; larger ones through the chunked upload below) and
 * thumbnail (jpg/png/gif ≤ 8 MB); the image and the thumbnail may bring their small versions
 * (`image@96`, `thumbnail@640`…, schema/image-variants.ts). The studio of an open
 * (pending/scheduled) session of the tutor, or an admin. Type and size are checked before anything is stored (invalid-type,
 * large-file-size, empty-request when no file). Sets users.image / tutors.video /
 * tutors.thumbnail and the open session's copies. Answers TutorAssets.
 */
export const tutorAssetQuery = z.object({ tutorId: queryId });
export const tutorAssets = z.object({
  tutorId: z.number(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
});
export type TutorAssets = z.output<typeof tutorAssets>;

/** Chunked tutor video (≤ 400 MB) through an R2 multipart upload, as for intro videos. */
const contentType = z.enum(introVideoTypes, { error: "invalid-type" });
const key = z.string({ error: "bad-request" }).min(1, "bad-request");
const uploadId = z.string({ error: "bad-request" }).min(1, "bad-request");

/** POST /user/asset/tutor/video/upload → TutorVideoUpload (201). */
export const tutorVideoUploadBody = z.object({
  tutorId: id,
  contentType,
  size: z
    .number({ error: "bad-request" })
    .int("bad-request")
    .positive("bad-request")
    .max(bounds.fileBytes.introVideo, "large-file-size"),
});
export type TutorVideoUploadBody = z.infer<typeof tutorVideoUploadBody>;
export const tutorVideoUpload = introVideoUpload;
export type TutorVideoUpload = z.output<typeof tutorVideoUpload>;

/** GET /user/asset/tutor/video/upload/parts?tutorId=&key=&uploadId= → the parts already stored. */
export const tutorVideoPartsQuery = z.object({ tutorId: queryId, key, uploadId });

/** PUT /user/asset/tutor/video/upload/part?tutorId=&key=&uploadId=&partNumber= (raw bytes) → TutorVideoPart. */
export const tutorVideoPartQuery = z.object({
  tutorId: queryId,
  key,
  uploadId,
  partNumber: z.coerce
    .number({ error: "bad-request" })
    .int("bad-request")
    .min(1, "bad-request")
    .max(10_000, "bad-request"),
});
export const tutorVideoPart = introVideoPart;
export type TutorVideoPart = z.output<typeof tutorVideoPart>;

/** POST /user/asset/tutor/video/upload/complete → TutorAssets (the video becomes the tutor's). */
export const tutorVideoCompleteBody = z.object({
  tutorId: id,
  key,
  uploadId,
  parts: z
    .array(z.object({ partNumber: id, etag: z.string({ error: "bad-request" }) }), { error: "bad-request" })
    .min(1, "bad-request"),
});
export type TutorVideoCompleteBody = z.infer<typeof tutorVideoCompleteBody>;

/** POST /user/asset/tutor/video/upload/abort → 204. */
export const tutorVideoAbortBody = z.object({ tutorId: id, key, uploadId });

/**
 * GET /user/tutor/all/for/studio — paged: a studio sees the tutors with a session booked with
 * it (any status but canceled), an admin every tutor with a photo session. Filter by name / status
 * of that latest session.
 */
export const studioTutorListQuery = pageQuery.extend({
  name: z.string({ error: "bad-request" }).trim().min(1, "bad-request").max(50, "bad-request").optional(),
  status: status.optional(),
});
export type StudioTutorListQuery = z.infer<typeof studioTutorListQuery>;

/**
 * A tutor as a studio sees it: contact details, current media and the latest photo session with
 * that studio (for an admin: the tutor's latest one). GET /user/tutor/{tutorId}/for/studio answers
 * one (tutor-not-found when the studio has no session with the tutor).
 */
export const studioTutorView = z.object({
  id: z.number(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  thumbnail: z.string().nullable(),
  photoSession: z
    .object({
      id: z.number(),
      status: z.enum(PhotoSessionStatus),
      scheduledAt: z.string().nullable(),
      studioId: z.number().nullable(),
    })
    .nullable(),
});
export type StudioTutorView = z.output<typeof studioTutorView>;

/** GET /user/studio/list — paged, by name: studios a tutor can book (also admins and studios). */
export const studioListQuery = pageQuery;
export const studioView = z.object({
  id: z.number(),
  name: z.string().nullable(),
  image: z.string().nullable(),
});
export type StudioView = z.output<typeof studioView>;

/** The photo session and studio endpoints (worker/routes/photo-session.ts). */
export const photoSessionContracts = {
  create: contract({
    method: "post",
    path: "/photo-session",
    body: photoSessionCreateBody,
    status: 201,
    response: photoSessionView,
  }),
  list: contract({
    method: "get",
    path: "/photo-session/list",
    query: photoSessionListQuery,
    response: paged(photoSessionView),
  }),
  get: contract({
    method: "get",
    path: "/photo-session/:id{[0-9]+}",
    params: idParam,
    response: photoSessionView,
  }),
  update: contract({
    method: "patch",
    path: "/photo-session/:id{[0-9]+}",
    body: photoSessionPatchBody,
    params: idParam,
    response: photoSessionView,
  }),
  uploadTutorAssets: contract({
    method: "put",
    path: "/user/asset/tutor",
    body: "multipart",
    query: tutorAssetQuery,
    response: tutorAssets,
  }),
  startTutorVideo: contract({
    method: "post",
    path: "/user/asset/tutor/video/upload",
    body: tutorVideoUploadBody,
    status: 201,
    response: tutorVideoUpload,
  }),
  uploadTutorVideoPart: contract({
    method: "put",
    path: "/user/asset/tutor/video/upload/part",
    query: tutorVideoPartQuery,
    response: tutorVideoPart,
  }),
  tutorVideoParts: contract({
    method: "get",
    path: "/user/asset/tutor/video/upload/parts",
    query: tutorVideoPartsQuery,
    response: storedUploadParts,
  }),
  completeTutorVideo: contract({
    method: "post",
    path: "/user/asset/tutor/video/upload/complete",
    body: tutorVideoCompleteBody,
    response: tutorAssets,
  }),
  abortTutorVideo: contract({
    method: "post",
    path: "/user/asset/tutor/video/upload/abort",
    body: tutorVideoAbortBody,
    status: 204,
    response: "empty",
  }),
  studioTutors: contract({
    method: "get",
    path: "/user/tutor/all/for/studio",
    query: studioTutorListQuery,
    response: paged(studioTutorView),
  }),
  studioTutor: contract({
    method: "get",
    path: "/user/tutor/:id{[0-9]+}/for/studio",
    params: idParam,
    response: studioTutorView,
  }),
  studios: contract({
    method: "get",
    path: "/user/studio/list",
    query: studioListQuery,
    response: paged(studioView),
  }),
};
