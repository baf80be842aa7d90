import {
  introVideoContracts,
  type IntroVideoPart,
  type IntroVideoUpload,
  type IntroVideoView,
  type IntroVideoType,
  type StoredUploadParts,
} from "@schema/api/intro-video";
import { ApiError, apiErrorFromBody } from "../../lib/api-error";
import { apiUrl } from "../../lib/api-url";
import { session } from "../../lib/session";
import { splitParts, uploadFraction } from "./logic";
import { call } from "../../lib/client";
import {
  fingerprintOf,
  forgetUpload,
  recallUpload,
  rememberUpload,
  type RememberedUpload,
} from "./resumable-store";

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

/** The calls around the parts of one R2 multipart upload, and where each part goes. */
export type MultipartRoutes<Done> = {
  /** What the upload is for; with the file's fingerprint it names the upload to resume. */
  purpose: string;
  start: (signal: AbortSignal) => Promise<IntroVideoUpload>;
  partUrl: (upload: IntroVideoUpload, partNumber: number) => string;
  /** The parts the Worker already stored (its ListParts), to resume after a reload. */
  storedParts: (upload: IntroVideoUpload) => Promise<StoredUploadParts>;
  complete: (upload: IntroVideoUpload, parts: IntroVideoPart[]) => Promise<Done>;
  abort: (upload: IntroVideoUpload) => Promise<unknown>;
};

/** Where an upload stands: the bytes sent, the parts stored, and whether a part is being retried. */
export type PartsProgress = { partsDone: number; partsTotal: number; retry: number; resumed: boolean };

/** Waits before each new try of a failed part: three tries, each after a longer wait. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

/** A failure worth trying again: no answer (a dropped connection), a timeout, too many, or a server error. */
function retryable(error: unknown): boolean {
  if (isAbort(error) || !(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException("Upload aborted", "AbortError"));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new DOMException("Upload aborted", "AbortError"));
      },
      { once: true },
    );
  });
}

/**
 * The upload to continue for this file: the one remembered for its fingerprint when the Worker
 * still has it open (with the parts already stored), else a new one, remembered at once.
 */
async function openUpload<Done>(
  fingerprint: string,
  routes: MultipartRoutes<Done>,
  signal: AbortSignal,
): Promise<{ upload: IntroVideoUpload; stored: Map<number, StoredUploadParts["parts"][number]> }> {
  const remembered = await recallUpload(fingerprint);
  if (remembered) {
    try {
      const { parts } = await routes.storedParts(remembered);
      return { upload: remembered, stored: new Map(parts.map((part) => [part.partNumber, part])) };
    } catch (error) {
      if (retryable(error)) throw error;
      // Finished, aborted by the daily clean-up, or not ours any more: start again.
      await forgetUpload(fingerprint);
    }
  }
  const upload = await routes.start(signal);
  await rememberUpload({
    ...upload,
    fingerprint,
    purpose: routes.purpose,
    savedAt: new Date().toISOString(),
  });
  return { upload, stored: new Map() };
}

/**
 * A large file through R2 multipart routes: start (or resume the upload remembered for the same
 * file), PUT each part not yet stored with progress, each failed part tried again three times with
 * a growing wait, then complete. Stopping (the signal) aborts the upload so its parts are
 * discarded; any other failure keeps it, so choosing the same file again resumes from the parts
 * already stored.
 */
export async function uploadInParts<Done>(
  file: Blob & { name?: string },
  routes: MultipartRoutes<Done>,
  signal: AbortSignal,
  onProgress: (fraction: number, parts: PartsProgress) => void,
): Promise<Done> {
  const fingerprint = await fingerprintOf(file, routes.purpose);
  const { upload, stored } = await openUpload(fingerprint, routes, signal);
  const ranges = splitParts(file.size, upload.partSize);
  const resumed = stored.size > 0;
  const parts: IntroVideoPart[] = [];
  let doneBytes = 0;
  const report = (current: number, retry = 0) =>
    onProgress(uploadFraction(file.size, doneBytes, current), {
      partsDone: parts.length,
      partsTotal: ranges.length,
      retry,
      resumed,
    });
  try {
    for (const range of ranges) {
      const kept = stored.get(range.partNumber);
      if (kept && kept.size === range.end - range.start) {
        parts.push({ partNumber: kept.partNumber, etag: kept.etag });
        doneBytes += kept.size;
        report(0);
        continue;
      }
      for (let attempt = 0; ; attempt++) {
        try {
          parts.push(
            await putPart(
              routes.partUrl(upload, range.partNumber),
              file.slice(range.start, range.end),
              signal,
              (bytes) => report(bytes, attempt),
            ),
          );
          break;
        } catch (error) {
          const delay = RETRY_DELAYS_MS[attempt];
          if (!retryable(error) || delay === undefined) throw error;
          report(0, attempt + 1);
          await sleep(delay, signal);
        }
      }
      doneBytes += range.end - range.start;
      report(0);
    }
    if (signal.aborted) throw new DOMException("Upload aborted", "AbortError");
    const done = await routes.complete(upload, parts);
    await forgetUpload(fingerprint);
    return done;
  } catch (error) {
    // Stopped by the person: drop the upload. A network failure keeps it to resume; a refusal
    // (a forged file, a closed upload) leaves nothing to resume.
    if (isAbort(error) || !retryable(error)) {
      await forgetUpload(fingerprint);
      await routes.abort(upload).catch(() => undefined);
    }
    throw error;
  }
}

/** Drops an unfinished upload remembered on this device: aborted at the Worker, then forgotten. */
export async function dropUnfinishedUpload<Done>(
  remembered: RememberedUpload,
  routes: Pick<MultipartRoutes<Done>, "abort">,
): Promise<void> {
  await routes.abort(remembered).catch(() => undefined);
  await forgetUpload(remembered.fingerprint);
}

export type ChunkedUploadOptions = {
  file: File;
  contentType: IntroVideoType;
  duration: number;
  signal: AbortSignal;
  onProgress: (fraction: number, parts: PartsProgress) => void;
};

/** The intro video's routes; `size` and `duration` are the chosen file's. */
export function introVideoRoutes(
  file: { size: number; contentType: IntroVideoType; duration: number } | null,
): MultipartRoutes<IntroVideoView> {
  const seconds = file ? Math.round(file.duration) : undefined;
  return {
    purpose: "intro-video",
    start: (startSignal) => {
      if (!file) throw new ApiError("bad-request", 400);
      return call(introVideoContracts.startUpload, {
        body: { duration: seconds, contentType: file.contentType, size: file.size },
        signal: startSignal,
      });
    },
    partUrl: (upload, partNumber) =>
      apiUrl("/intro-video/upload/part", { key: upload.key, uploadId: upload.uploadId, partNumber }),
    storedParts: (upload) =>
      call(introVideoContracts.uploadParts, { query: { key: upload.key, uploadId: upload.uploadId } }),
    complete: (upload, parts) =>
      call(introVideoContracts.completeUpload, {
        body: { key: upload.key, uploadId: upload.uploadId, duration: seconds, parts },
      }),
    abort: (upload) =>
      call(introVideoContracts.abortUpload, { body: { key: upload.key, uploadId: upload.uploadId } }),
  };
}

/** The tutor's own intro video through /intro-video/upload/*, resumable. */
export function uploadIntroVideo({
  file,
  contentType,
  duration,
  signal,
  onProgress,
}: ChunkedUploadOptions): Promise<IntroVideoView> {
  return uploadInParts(
    file,
    introVideoRoutes({ size: file.size, contentType, duration }),
    signal,
    onProgress,
  );
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";
