import {
  type IntroVideoPart,
  type IntroVideoUpload,
  type IntroVideoView,
  introVideoContracts,
} from "../../schema/api/intro-video";
import { Role } from "../../schema/enums";
import {
  assertMayUpload,
  createIntroVideo,
  listIntroVideos,
  reviewIntroVideo,
} from "../domain/onboarding/intro-videos";
import { tutorMessages } from "../notifications/tutor-messages";
import {
  MAX_PART_BYTES,
  PART_BYTES,
  assertOwnVideoKey,
  checkVideo,
  checkVideoContent,
  introVideoKey,
  introVideoSeconds,
  publicUrl,
} from "../domain/media/uploads";
import { fileReader, r2Reader } from "../domain/media/sniff";
import {
  assertOpenUpload,
  closeUpload,
  recordPart,
  recordUpload,
  storedParts,
} from "../domain/media/multipart";
import { bounds } from "../../schema/rules";
import { fail } from "../core/failure";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import { auditActorOf } from "../domain/staff/audit";
import { notifyUser } from "../notifications/notify";
import { tutorChanged } from "../realtime/tutor-events";

const uploaders = [Role.Tutor] as const;
const reviewers = [Role.TutorManager, Role.SuperAdmin, Role.RegularAdmin] as const;

export const introVideoRoutes = [
  route(introVideoContracts.list, {
    access: [Role.Tutor, ...reviewers],
    summary: "Intro videos, newest first: a tutor's own, a manager's assigned reviews, all for admins.",
    handle: ({ c, query, user }) => listIntroVideos(c.get("db"), user, query),
  }),
  route(introVideoContracts.create, {
    access: uploaders,
    summary:
      "Upload a small intro video in one request (multipart field video: MP4 or WebM by its container, 1–3 minutes by the container's duration).",
    async handle({ c, user }): Promise<IntroVideoView> {
      const form = await c.req.formData().catch(() => fail("bad-request"));
      const file = form.get("video");
      if (!(file instanceof File)) return fail("empty-request");
      checkVideo(file.type, file.size);
      // The container says what the file is and how long it lasts; the client's claim is not used.
      const { type, seconds } = await checkVideoContent(fileReader(file), file.type);
      const duration = introVideoSeconds(seconds);
      const db = c.get("db");
      await assertMayUpload(db, user.id);
      const key = introVideoKey(user.id, type);
      await c.env.MEDIA.put(key, file.stream(), { httpMetadata: { contentType: type } });
      try {
        const video = await createIntroVideo(db, {
          tutorId: user.id,
          url: publicUrl(key),
          duration,
          size: file.size,
          contentType: type,
        });
        tutorChanged(scopeOf(c), user.id);
        return video;
      } catch (error) {
        await c.env.MEDIA.delete(key);
        throw error;
      }
    },
  }),
  route(introVideoContracts.startUpload, {
    access: uploaders,
    summary: "Start a chunked upload of a large intro video (≤ 400 MB) to an R2 multipart upload.",
    async handle({ c, body, user }): Promise<IntroVideoUpload> {
      await assertMayUpload(c.get("db"), user.id);
      const key = introVideoKey(user.id, body.contentType);
      const upload = await c.env.MEDIA.createMultipartUpload(key, {
        httpMetadata: { contentType: body.contentType },
      });
      await recordUpload(c.get("db"), {
        uploadId: upload.uploadId,
        key: upload.key,
        userId: user.id,
        purpose: "intro-video",
        size: body.size,
      });
      return { uploadId: upload.uploadId, key: upload.key, partSize: PART_BYTES };
    },
  }),
  route(introVideoContracts.uploadParts, {
    access: uploaders,
    summary:
      "The parts already stored of the tutor's open chunked upload, so a reload or a dropped connection resumes from them.",
    async handle({ c, query, user }) {
      assertOwnVideoKey(user.id, query.key);
      return { parts: await storedParts(c.get("db"), { ...query, userId: user.id }) };
    },
  }),
  route(introVideoContracts.uploadPart, {
    access: uploaders,
    summary: "Upload one part (raw body, ≤ 95 MB, Content-Length required) of a chunked intro video upload.",
    async handle({ c, query, user }): Promise<IntroVideoPart> {
      assertOwnVideoKey(user.id, query.key);
      const length = Number(c.req.header("content-length") ?? NaN);
      if (!Number.isInteger(length) || length <= 0 || !c.req.raw.body) fail("empty-request");
      if (length > MAX_PART_BYTES || length > bounds.fileBytes.introVideo) fail("large-file-size");
      const db = c.get("db");
      await assertOpenUpload(db, { ...query, userId: user.id });
      const upload = c.env.MEDIA.resumeMultipartUpload(query.key, query.uploadId);
      const part = await upload
        .uploadPart(query.partNumber, c.req.raw.body)
        .catch(() => fail("asset-not-found"));
      await recordPart(db, {
        uploadId: query.uploadId,
        partNumber: part.partNumber,
        etag: part.etag,
        size: length,
      });
      return { partNumber: part.partNumber, etag: part.etag };
    },
  }),
  route(introVideoContracts.completeUpload, {
    access: uploaders,
    summary: "Finish a chunked upload and submit the video for review (size re-checked on the whole file).",
    async handle({ c, body, user }): Promise<IntroVideoView> {
      assertOwnVideoKey(user.id, body.key);
      await assertOpenUpload(c.get("db"), { key: body.key, uploadId: body.uploadId, userId: user.id });
      const upload = c.env.MEDIA.resumeMultipartUpload(body.key, body.uploadId);
      const object = await upload.complete(body.parts).catch(() => fail("asset-not-found"));
      await closeUpload(c.get("db"), body.uploadId, "completed");
      const contentType = object.httpMetadata?.contentType ?? "";
      try {
        checkVideo(contentType, object.size);
        const { seconds } = await checkVideoContent(
          r2Reader(c.env.MEDIA, body.key, object.size),
          contentType,
        );
        const duration = introVideoSeconds(seconds);
        const video = await createIntroVideo(c.get("db"), {
          tutorId: user.id,
          url: publicUrl(body.key),
          duration,
          size: object.size,
          contentType,
        });
        tutorChanged(scopeOf(c), user.id);
        return video;
      } catch (error) {
        await c.env.MEDIA.delete(body.key);
        throw error;
      }
    },
  }),
  route(introVideoContracts.abortUpload, {
    access: uploaders,
    summary: "Abort a chunked upload; its parts are discarded.",
    async handle({ c, body, user }) {
      assertOwnVideoKey(user.id, body.key);
      await assertOpenUpload(c.get("db"), { key: body.key, uploadId: body.uploadId, userId: user.id });
      await c.env.MEDIA.resumeMultipartUpload(body.key, body.uploadId)
        .abort()
        .catch(() => fail("asset-not-found"));
      await closeUpload(c.get("db"), body.uploadId, "aborted");
    },
  }),
  route(introVideoContracts.review, {
    access: reviewers,
    summary:
      "The assigned reviewer (or an admin) approves (3) or rejects (2) a pending intro video, with feedback.",
    async handle({ c, params, body, user }): Promise<IntroVideoView> {
      const { video, activated } = await reviewIntroVideo(scopeOf(c), {
        actor: user,
        id: params.id,
        body,
        auditBy: auditActorOf(c, user.id),
      });
      await notifyUser(
        scopeOf(c),
        video.tutorId,
        body.status === 3 ? tutorMessages.introVideoApproved() : tutorMessages.introVideoRejected(),
      );
      if (activated) await notifyUser(scopeOf(c), video.tutorId, tutorMessages.activated());
      tutorChanged(scopeOf(c), video.tutorId);
      return video;
    },
  }),
];
