import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { IntroVideoType } from "@schema/api/intro-video";
import {
  photoSessionContracts,
  type PhotoSessionCreateBody,
  type PhotoSessionPatchBody,
  type TutorAssets,
} from "@schema/api/photo-session";
import type { PhotoSessionStatus } from "@schema/enums";
import { apiUrl } from "../../lib/api-url";
import { onboardingKeys } from "../onboarding/use-onboarding";
import { uploadInParts } from "../onboarding/upload";
import { call, upload } from "../../lib/client";
import { appendImageVariants, makeImageVariants } from "../../lib/image-variants";

export const studioKeys = {
  all: ["studio"] as const,
  sessions: (status: PhotoSessionStatus | undefined, page: number) =>
    ["studio", "sessions", status ?? "all", page] as const,
  session: (id: number) => ["studio", "session", id] as const,
  tutor: (tutorId: number) => ["studio", "tutor", tutorId] as const,
  tutors: (name: string, page: number) => ["studio", "tutors", name, page] as const,
  studios: ["studio", "studios"] as const,
};

export const sessionsPageSize = 20;

/** GET /photo-session/list — a studio's sessions (a tutor's own, an admin's all), newest first. */
export function usePhotoSessionsQuery(status: PhotoSessionStatus | undefined, page: number) {
  return useQuery({
    queryKey: studioKeys.sessions(status, page),
    queryFn: ({ signal }) =>
      call(photoSessionContracts.list, { query: { status, page, size: sessionsPageSize }, signal }),
  });
}

/** GET /photo-session/{id} */
export function usePhotoSessionQuery(id: number | null) {
  return useQuery({
    queryKey: studioKeys.session(id ?? 0),
    queryFn: ({ signal }) => call(photoSessionContracts.get, { params: { id: id! }, signal }),
    enabled: id !== null && id > 0,
  });
}

/** GET /user/tutor/{tutorId}/for/studio — contact details, current media and the latest session. */
export function useStudioTutorQuery(tutorId: number) {
  return useQuery({
    queryKey: studioKeys.tutor(tutorId),
    queryFn: ({ signal }) => call(photoSessionContracts.studioTutor, { params: { id: tutorId }, signal }),
    enabled: tutorId > 0,
  });
}

/** GET /user/tutor/all/for/studio — the tutors with a session booked with this studio, by name. */
export function useStudioTutorsQuery(name: string, page: number) {
  return useQuery({
    queryKey: studioKeys.tutors(name, page),
    queryFn: ({ signal }) =>
      call(photoSessionContracts.studioTutors, {
        query: { name: name || undefined, page, size: sessionsPageSize },
        signal,
      }),
  });
}

/** GET /user/studio/list — the studios a tutor can book. */
export function useStudiosQuery(enabled: boolean) {
  return useQuery({
    queryKey: studioKeys.studios,
    queryFn: ({ signal }) => call(photoSessionContracts.studios, { query: { page: 1, size: 100 }, signal }),
    enabled,
  });
}

function useInvalidateStudio() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: studioKeys.all }),
      queryClient.invalidateQueries({ queryKey: onboardingKeys.all }),
    ]);
}

/** POST /photo-session — the tutor asks a studio for a session. */
export function useRequestPhotoSession() {
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: (body: PhotoSessionCreateBody) => call(photoSessionContracts.create, { body }),
    onSettled: invalidate,
  });
}

/** PATCH /photo-session/{id} — set the time, finish, cancel or note. */
export function usePatchPhotoSession() {
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: ({ id, ...body }: PhotoSessionPatchBody & { id: number }) =>
      call(photoSessionContracts.update, { params: { id }, body }),
    onSettled: invalidate,
  });
}

export type TutorAssetKind = "image" | "video" | "thumbnail";

export type AssetUpload = {
  tutorId: number;
  kind: TutorAssetKind;
  file: File;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
};

/** The tutor's video in R2 multipart parts through /user/asset/tutor/video/upload/*, with progress and abort. */
export function uploadTutorVideoInParts({
  tutorId,
  file,
  signal,
  onProgress,
}: Omit<AssetUpload, "kind">): Promise<TutorAssets> {
  return uploadInParts(
    file,
    {
      purpose: `studio-video:${tutorId}`,
      start: (startSignal) =>
        call(photoSessionContracts.startTutorVideo, {
          body: { tutorId, contentType: file.type as IntroVideoType, size: file.size },
          signal: startSignal,
        }),
      partUrl: (upload, partNumber) =>
        apiUrl("/user/asset/tutor/video/upload/part", {
          tutorId,
          key: upload.key,
          uploadId: upload.uploadId,
          partNumber,
        }),
      storedParts: (upload) =>
        call(photoSessionContracts.tutorVideoParts, {
          query: { tutorId, key: upload.key, uploadId: upload.uploadId },
        }),
      complete: (upload, parts) =>
        call(photoSessionContracts.completeTutorVideo, {
          body: { tutorId, key: upload.key, uploadId: upload.uploadId, parts },
        }),
      abort: (upload) =>
        call(photoSessionContracts.abortTutorVideo, {
          body: { tutorId, key: upload.key, uploadId: upload.uploadId },
        }),
    },
    signal,
    onProgress,
  );
}

/** Photos and thumbnails (with their small versions): PUT /user/asset/tutor?tutorId= (one request); videos (up to 400 MB): the chunked routes. */
export function useUploadTutorAsset() {
  const invalidate = useInvalidateStudio();
  return useMutation({
    mutationFn: async ({ tutorId, kind, file, signal, onProgress }: AssetUpload): Promise<TutorAssets> => {
      if (kind === "video") return uploadTutorVideoInParts({ tutorId, file, signal, onProgress });
      const form = new FormData();
      form.set(kind, file);
      // The photo and the thumbnail show on lists: their small versions go with them.
      appendImageVariants(form, kind, await makeImageVariants(file, kind));
      return upload(photoSessionContracts.uploadTutorAssets, form, {
        query: { tutorId },
        signal,
        onProgress,
      });
    },
    onSuccess: invalidate,
  });
}
