import {
  introVideoContracts,
  type IntroVideoPart,
  type IntroVideoUpload,
  type IntroVideoView,
  type IntroVideoType,
} from "@schema/api/intro-video";
import { ApiError, apiErrorFromBody } from "../../lib/api-error";
import { apiUrl } from "../../lib/api-url";
import { session } from "../../lib/session";
import { splitParts, uploadFraction } from "./logic";
import { call } from "../../lib/client";

/**
 * Reads the duration (seconds) from the file's metadata through a detached <video> element.
 * Recordings without a duration in their header (browser MediaRecorder WebM) report Infinity
 * until the element seeks to the end, so it does.
 */
export function readVideoDuration(file: Blob): Promise<number> {
  return new Promise((resolve, reject) => {
    const video = document.createElement("video");
    const url = URL.createObjectURL(file);
    const finish = (seconds: number | null) => {
      URL.revokeObjectURL(url);
      video.removeAttribute("src");
      if (seconds !== null && Number.isFinite(seconds) && seconds > 0) resolve(seconds);
      else reject(new ApiError("invalid-type", 400));
    };
    video.preload = "metadata";
    video.muted = true;
    video.onloadedmetadata = () => {
      if (Number.isFinite(video.duration)) return finish(video.duration);
      video.ondurationchange = () => {
        if (Number.isFinite(video.duration)) finish(video.duration);
      };
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.onerror = () => finish(null);
    video.src = url;
  });
}

/** PUT one raw part with XMLHttpRequest, for upload progress; the signal aborts it. */
function putPart(url: string, body: Blob, signal: AbortSignal, onProgress: (bytes: number) => void) {
  return new Promise<IntroVideoPart>((resolve, reject) => {
    const token = session.liveToken();
    if (token === null) return reject(new ApiError("unauthenticated", 401));
    const request = new XMLHttpRequest();
    request.open("PUT", url);
    request.setRequestHeader("Accept", "application/json");
    request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.setRequestHeader("Content-Type", "application/octet-stream");
    request.upload.addEventListener("progress", (event) => onProgress(event.loaded));
    request.addEventListener("load", () => {
      let parsed: unknown = undefined;
      try {
        parsed = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        parsed = undefined;
      }
      if (request.status >= 200 && request.status < 300 && parsed) resolve(parsed as IntroVideoPart);
      else reject(apiErrorFromBody(request.status, parsed));
    });
    request.addEventListener("error", () => reject(new ApiError("service-unavailable", 0)));
    request.addEventListener("abort", () => reject(new DOMException("Upload aborted", "AbortError")));
    if (signal.aborted) return reject(new DOMException("Upload aborted", "AbortError"));
    signal.addEventListener("abort", () => request.abort(), { once: true });
    request.send(body);
  });
}

/** The three calls around the parts of one R2 multipart upload, and where each part goes. */
export type MultipartRoutes<Done> = {
  start: (signal: AbortSignal) => Promise<IntroVideoUpload>;
  partUrl: (upload: IntroVideoUpload, partNumber: number) => string;
  complete: (upload: IntroVideoUpload, parts: IntroVideoPart[]) => Promise<Done>;
  abort: (upload: IntroVideoUpload) => Promise<unknown>;
};

/**
 * A large file through R2 multipart routes: start, PUT each part with progress, complete. On
 * abort or failure the started upload is aborted so its parts are discarded.
 */
export async function uploadInParts<Done>(
  file: Blob,
  routes: MultipartRoutes<Done>,
  signal: AbortSignal,
  onProgress: (fraction: number) => void,
): Promise<Done> {
  const upload = await routes.start(signal);
  const parts: IntroVideoPart[] = [];
  let doneBytes = 0;
  try {
    for (const range of splitParts(file.size, upload.partSize)) {
      const part = await putPart(
        routes.partUrl(upload, range.partNumber),
        file.slice(range.start, range.end),
        signal,
        (bytes) => onProgress(uploadFraction(file.size, doneBytes, bytes)),
      );
      parts.push(part);
      doneBytes += range.end - range.start;
      onProgress(uploadFraction(file.size, doneBytes, 0));
    }
    if (signal.aborted) throw new DOMException("Upload aborted", "AbortError");
    return await routes.complete(upload, parts);
  } catch (error) {
    await routes.abort(upload).catch(() => undefined);
    throw error;
  }
}

export type ChunkedUploadOptions = {
  file: File;
  contentType: IntroVideoType;
  duration: number;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
};

/** The tutor's own intro video through /intro-video/upload/*. */
export function uploadIntroVideo({
  file,
  contentType,
  duration,
  signal,
  onProgress,
}: ChunkedUploadOptions): Promise<IntroVideoView> {
  const seconds = Math.round(duration);
  return uploadInParts(
    file,
    {
      start: (startSignal) =>
        call(introVideoContracts.startUpload, {
          body: { duration: seconds, contentType, size: file.size },
          signal: startSignal,
        }),
      partUrl: (upload, partNumber) =>
        apiUrl("/intro-video/upload/part", { key: upload.key, uploadId: upload.uploadId, partNumber }),
      complete: (upload, parts) =>
        call(introVideoContracts.completeUpload, {
          body: { key: upload.key, uploadId: upload.uploadId, duration: seconds, parts },
        }),
      abort: (upload) =>
        call(introVideoContracts.abortUpload, { body: { key: upload.key, uploadId: upload.uploadId } }),
    },
    signal,
    onProgress,
  );
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";
