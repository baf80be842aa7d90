import {
  type PhotoSessionView,
  type StudioTutorView,
  type TutorAssets,
  type TutorVideoPart,
  type TutorVideoUpload,
  photoSessionContracts,
} from "../../schema/api/photo-session";
import { PhotoSessionStatus, Role } from "../../schema/enums";
import { bounds } from "../../schema/rules";
import {
  assertMayUploadFor,
  changePhotoSession,
  createPhotoSession,
  findPhotoSessionFor,
  findStudioTutor,
  listPhotoSessions,
  listStudioTutors,
  listStudios,
  saveTutorAssets,
} from "../domain/onboarding/photo-sessions";
import { tutorMessages } from "../notifications/tutor-messages";
import {
  MAX_PART_BYTES,
  PART_BYTES,
  checkImage,
  checkImageContent,
  checkImageVariants,
  checkVideo,
  type CheckedVariant,
  checkVideoContent,
  deleteReplacedUploads,
  publicUrl,
  storeTutorAsset,
  tutorVideoKey,
  tutorVideoPrefix,
} from "../domain/media/uploads";
import { fileReader, r2Reader } from "../domain/media/sniff";
import {
  assertOpenUpload,
  closeUpload,
  recordPart,
  recordUpload,
  storedParts,
} from "../domain/media/multipart";
import { imageVariantsOf } from "../domain/media/assets";
import type { AppContext } from "../http/context";
import { fail } from "../core/failure";
import { auditActorOf } from "../domain/staff/audit";
import { route } from "../http/route";
import { scopeOf } from "../http/scope";
import { notifyUser } from "../notifications/notify";
import { tutorChanged } from "../realtime/tutor-events";

const admins = [Role.SuperAdmin, Role.RegularAdmin] as const;
const tutorSide = [Role.Tutor, Role.TutorManager] as const;
/** Who uploads a tutor's image, video and thumbnail: the studio of an open session, or an admin. */
const uploaders = [Role.Studio, ...admins] as const;

/** Tells the other side what changed in a session (outbox, Arabic). */
async function notifyChange(
  c: AppContext,
  before: PhotoSessionView,
  after: PhotoSessionView,
  actorId: number,
): Promise<void> {
  if (after.status === PhotoSessionStatus.Canceled) {
    const text = tutorMessages.photoSessionCanceled(after.scheduledAt);
    await Promise.all(
      [after.tutorId, after.studioId]
        .filter((id) => id !== null && id !== actorId)
        .map((id) => notifyUser(scopeOf(c), id, text)),
    );
    return;
  }
  if (after.status === PhotoSessionStatus.Done)
    return notifyUser(scopeOf(c), after.tutorId, tutorMessages.photoSessionDone());
  if (after.studioId !== before.studioId)
    await notifyUser(
      scopeOf(c),
      after.studioId,
      tutorMessages.photoSessionRequested(after.tutorName, after.scheduledAt),
    );
  if (
    after.status === PhotoSessionStatus.Scheduled &&
    after.scheduledAt &&
    after.scheduledAt !== before.scheduledAt &&
    after.tutorId !== actorId
  )
    await notifyUser(
      scopeOf(c),
      after.tutorId,
      tutorMessages.photoSessionScheduled(after.scheduledAt, after.studioName),
    );
}

/** A video sent in one request is at most one part's size (larger ones go through the chunked upload); checked by its container. */
async function checkSingleVideo(file: File): Promise<string> {
  checkVideo(file.type, file.size);
  if (file.size > MAX_PART_BYTES) fail("large-file-size");
  return (await checkVideoContent(fileReader(file), file.type)).type;
}

export const photoSessionRoutes = [
  route(photoSessionContracts.create, {
    access: [...tutorSide, ...admins],
    summary:
      "Ask a studio for a photo session (a tutor for themselves, an admin for tutorId); one open session per tutor.",
    async handle({ c, body, user }): Promise<PhotoSessionView> {
      const session = await createPhotoSession(c.get("db"), user, body, new Date(), auditActorOf(c, user.id));
      await notifyUser(
        scopeOf(c),
        session.studioId,
        tutorMessages.photoSessionRequested(session.tutorName, session.scheduledAt),
      );
      tutorChanged(scopeOf(c), session.tutorId);
      return session;
    },
  }),
  route(photoSessionContracts.list, {
    access: [...tutorSide, Role.Studio, ...admins],
    summary:
      "Photo sessions, newest first, paged: a tutor's own, a studio's, all for admins (filters status, tutorId, studioId).",
    handle: ({ c, query, user }) => listPhotoSessions(c.get("db"), user, query),
  }),
  route(photoSessionContracts.get, {
    access: [...tutorSide, Role.Studio, ...admins],
    summary: "A photo session (its tutor, its studio, admins).",
    handle: ({ c, params, user }) => findPhotoSessionFor(c.get("db"), user, params.id),
  }),
  route(photoSessionContracts.update, {
    access: [...tutorSide, Role.Studio, ...admins],
    summary:
      "The studio schedules, finishes (after the uploads) or cancels; admins also move it to another studio; the tutor cancels.",
    async handle({ c, params, body, user }): Promise<PhotoSessionView> {
      const { before, after } = await changePhotoSession(scopeOf(c), {
        actor: user,
        id: params.id,
        body,
        auditBy: auditActorOf(c, user.id),
      });
      await notifyChange(c, before, after, user.id);
      tutorChanged(scopeOf(c), after.tutorId);
      return after;
    },
  }),
  route(photoSessionContracts.uploadTutorAssets, {
    access: uploaders,
    summary:
      "Upload a tutor's image (with its optional small versions image@96 and image@192), video (≤ 95 MB here) and/or thumbnail (with thumbnail@320, @640 and @960) (multipart; ?tutorId=): the session's studio or an admin.",
    async handle({ c, query, user }): Promise<TutorAssets> {
      const db = c.get("db");
      const sessionId = await assertMayUploadFor(db, user, query.tutorId);
      const form = await c.req.formData().catch(() => fail("bad-request"));
      const files = { image: form.get("image"), video: form.get("video"), thumbnail: form.get("thumbnail") };
      const present = Object.entries(files).filter(
        (entry): entry is [keyof typeof files, File] => entry[1] instanceof File,
      );
      if (present.length === 0) fail("empty-request");
      // Every file is checked by its content before any is stored; each is stored as its real type.
      const types = new Map<File, string>();
      for (const [kind, file] of present) {
        if (kind === "video") types.set(file, await checkSingleVideo(file));
        else {
          const maxBytes = kind === "image" ? bounds.fileBytes.avatar : bounds.fileBytes.thumbnail;
          checkImage(file.type, file.size, maxBytes);
          types.set(file, await checkImageContent(file, maxBytes, ["image/jpeg", "image/png", "image/gif"]));
        }
      }
      // The small versions the browser made of the photo (image@96, …) and of the thumbnail (thumbnail@320, …) go with them.
      const variants = new Map<keyof typeof files, CheckedVariant[]>();
      for (const [kind] of present)
        if (kind !== "video") variants.set(kind, await checkImageVariants(imageVariantsOf(form, kind), kind));
      const stored: Partial<Record<keyof typeof files, string>> = {};
      for (const [kind, file] of present)
        stored[kind] = await storeTutorAsset(scopeOf(c), {
          tutorId: query.tutorId,
          kind,
          file,
          type: types.get(file)!,
          variants: variants.get(kind),
        });
      // The clock read after the uploads, as before.
      const { assets, replaced } = await saveTutorAssets(scopeOf(c, new Date()), {
        tutorId: query.tutorId,
        sessionId,
        assets: stored,
        auditBy: auditActorOf(c, user.id),
      });
      c.executionCtx.waitUntil(
        deleteReplacedUploads(db, c.env.MEDIA, query.tutorId, replaced, c.get("logger")),
      );
      tutorChanged(scopeOf(c), query.tutorId);
      return assets;
    },
  }),
  route(photoSessionContracts.startTutorVideo, {
    access: uploaders,
    summary: "Start a chunked upload of a tutor's video (≤ 400 MB) to an R2 multipart upload.",
    async handle({ c, body, user }): Promise<TutorVideoUpload> {
      await assertMayUploadFor(c.get("db"), user, body.tutorId);
      const key = tutorVideoKey(body.tutorId, body.contentType);
      const upload = await c.env.MEDIA.createMultipartUpload(key, {
        httpMetadata: { contentType: body.contentType },
      });
      await recordUpload(c.get("db"), {
        uploadId: upload.uploadId,
        key: upload.key,
        userId: user.id,
        purpose: "studio-video",
        size: body.size,
      });
      return { uploadId: upload.uploadId, key: upload.key, partSize: PART_BYTES };
    },
  }),
  route(photoSessionContracts.tutorVideoParts, {
    access: uploaders,
    summary:
      "The parts already stored of a tutor's open chunked video upload started by the caller, to resume it.",
    async handle({ c, query, user }) {
      assertTutorVideoKey(query.tutorId, query.key);
      await assertMayUploadFor(c.get("db"), user, query.tutorId);
      return {
        parts: await storedParts(c.get("db"), { key: query.key, uploadId: query.uploadId, userId: user.id }),
      };
    },
  }),
  route(photoSessionContracts.uploadTutorVideoPart, {
    access: uploaders,
    summary:
      "Upload one part (raw body, ≤ 95 MB, Content-Length required) of a tutor's chunked video upload.",
    async handle({ c, query, user }): Promise<TutorVideoPart> {
      assertTutorVideoKey(query.tutorId, query.key);
      await assertMayUploadFor(c.get("db"), user, query.tutorId);
      const length = Number(c.req.header("content-length") ?? NaN);
      if (!Number.isInteger(length) || length <= 0 || !c.req.raw.body) fail("empty-request");
      if (length > MAX_PART_BYTES) fail("large-file-size");
      const db = c.get("db");
      await assertOpenUpload(db, { key: query.key, uploadId: query.uploadId, userId: user.id });
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
  route(photoSessionContracts.completeTutorVideo, {
    access: uploaders,
    summary:
      "Finish a tutor's chunked video upload (type and size re-checked on the whole file); it becomes the tutor's video.",
    async handle({ c, body, user }): Promise<TutorAssets> {
      assertTutorVideoKey(body.tutorId, body.key);
      const db = c.get("db");
      const sessionId = await assertMayUploadFor(db, user, body.tutorId);
      await assertOpenUpload(db, { key: body.key, uploadId: body.uploadId, userId: user.id });
      const upload = c.env.MEDIA.resumeMultipartUpload(body.key, body.uploadId);
      const object = await upload.complete(body.parts).catch(() => fail("asset-not-found"));
      await closeUpload(db, body.uploadId, "completed");
      try {
        const declared = object.httpMetadata?.contentType ?? "";
        checkVideo(declared, object.size);
        await checkVideoContent(r2Reader(c.env.MEDIA, body.key, object.size), declared);
      } catch (error) {
        await c.env.MEDIA.delete(body.key);
        throw error;
      }
      // The clock read after the upload's check, as before.
      const { assets, replaced } = await saveTutorAssets(scopeOf(c, new Date()), {
        tutorId: body.tutorId,
        sessionId,
        assets: { video: publicUrl(body.key) },
        auditBy: auditActorOf(c, user.id),
      });
      c.executionCtx.waitUntil(
        deleteReplacedUploads(db, c.env.MEDIA, body.tutorId, replaced, c.get("logger")),
      );
      tutorChanged(scopeOf(c), body.tutorId);
      return assets;
    },
  }),
  route(photoSessionContracts.abortTutorVideo, {
    access: uploaders,
    summary: "Abort a tutor's chunked video upload; its parts are discarded.",
    async handle({ c, body, user }) {
      assertTutorVideoKey(body.tutorId, body.key);
      await assertMayUploadFor(c.get("db"), user, body.tutorId);
      await assertOpenUpload(c.get("db"), { key: body.key, uploadId: body.uploadId, userId: user.id });
      await c.env.MEDIA.resumeMultipartUpload(body.key, body.uploadId)
        .abort()
        .catch(() => fail("asset-not-found"));
      await closeUpload(c.get("db"), body.uploadId, "aborted");
    },
  }),
  route(photoSessionContracts.studioTutors, {
    access: [Role.Studio, ...admins],
    summary:
      "The studio's tutors (admins: every tutor with a photo session), with contact details, media and latest session; paged.",
    handle: ({ c, query, user }) => listStudioTutors(c.get("db"), user, query),
  }),
  route(photoSessionContracts.studioTutor, {
    access: [Role.Studio, ...admins],
    summary: "One tutor as the studio sees them (tutor-not-found without a session with this studio).",
    handle: ({ c, params, user }): Promise<StudioTutorView> => findStudioTutor(c.get("db"), user, params.id),
  }),
  route(photoSessionContracts.studios, {
    access: [...tutorSide, Role.Studio, ...admins],
    summary: "The studios a tutor can book a photo session with, by name, paged.",
    handle: ({ c, query }) => listStudios(c.get("db"), query),
  }),
];

/** A chunked upload's key must be one of the tutor's own video keys. */
function assertTutorVideoKey(tutorId: number, key: string): void {
  if (!key.startsWith(tutorVideoPrefix(tutorId)) || key.includes("..")) fail("forbidden");
}
