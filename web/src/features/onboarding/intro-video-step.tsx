import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import type { IntroVideoType } from "@schema/api/intro-video";
import type { OnboardingStep } from "@schema/api/onboarding";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { formatDate, formatNumber, formatPercent } from "../../lib/format";
import { useLeaveWarning } from "../../lib/use-leave-warning";
import { Button, buttonClasses } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Notice } from "../../ui/notice";
import { ProgressBar } from "../../ui/progress-bar";
import { toasts } from "../../ui/toast-store";
import { durationProblem, videoFileProblem } from "./logic";
import { StepFeedback } from "./step-feedback";
import {
  RETRY_DELAYS_MS,
  dropUnfinishedUpload,
  introVideoRoutes,
  isAbort,
  readVideoDuration,
  uploadIntroVideo,
  type PartsProgress,
} from "./upload";
import { fingerprintOf, recallUpload, unfinishedUploads, type RememberedUpload } from "./resumable-store";
import { isApiError } from "../../lib/api-error";
import { useInvalidateOnboarding } from "./use-onboarding";

/** Step 2: the intro video's review state, or the uploader. */
export function IntroVideoStep({ step }: { step: OnboardingStep }) {
  if (step.state === "passed")
    return <Notice tone="success">{arTutorJourney.onboarding.videoApproved}</Notice>;
  if (step.state === "pending") return <Notice tone="info">{arTutorJourney.onboarding.videoPending}</Notice>;
  return (
    <div className="flex flex-col gap-3">
      {step.state === "rejected" && (
        <>
          <Notice tone="error">{arTutorJourney.onboarding.videoRejected}</Notice>
          <StepFeedback feedback={step.feedback} />
          <p className="text-sm text-slate-700">
            {step.retryAt
              ? arTutorJourney.onboarding.retryAt(formatDate(step.retryAt))
              : arTutorJourney.onboarding.retryNow}
          </p>
        </>
      )}
      {step.next === "upload" && <VideoUploader />}
    </div>
  );
}

type Chosen = { file: File; duration: number };

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  // Isolated left-to-right so minutes:seconds never swap around the colon in RTL.
  return (
    "\u2066" +
    arTutorJourney.onboarding.duration(
      formatNumber(Math.floor(whole / 60)),
      String(whole % 60)
        .padStart(2, "0")
        .replace(/\d/g, (d) => formatNumber(Number(d))),
    ) +
    "\u2069"
  );
}

function VideoUploader() {
  const inputId = useId();
  const invalidate = useInvalidateOnboarding();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [parts, setParts] = useState<PartsProgress | null>(null);
  // An upload of this device that did not finish (a reload, a dropped connection): offered to resume.
  const [unfinished, setUnfinished] = useState<RememberedUpload | null>(null);
  const [resumable, setResumable] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const o = arTutorJourney.onboarding;

  useEffect(() => {
    let live = true;
    void unfinishedUploads("intro-video").then((found) => live && setUnfinished(found[0] ?? null));
    return () => {
      live = false;
    };
  }, []);

  async function dropUnfinished() {
    if (!unfinished) return;
    await dropUnfinishedUpload(unfinished, introVideoRoutes(null));
    setUnfinished(null);
    setResumable(false);
  }

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setFileName(file?.name ?? null);
    setChosen(null);
    setProblem(null);
    if (!file) return;
    const fileProblem = videoFileProblem(file);
    if (fileProblem) return setProblem(arTutorJourney.onboarding.fileErrors[fileProblem]);
    setReading(true);
    try {
      const duration = await readVideoDuration(file);
      const tooLongOrShort = durationProblem(duration);
      if (tooLongOrShort) setProblem(errorMessage(tooLongOrShort));
      else {
        setChosen({ file, duration });
        setResumable((await recallUpload(await fingerprintOf(file, "intro-video"))) !== null);
      }
    } catch {
      setProblem(arTutorJourney.onboarding.fileErrors["video-unreadable"]);
    } finally {
      setReading(false);
    }
  }

  async function upload() {
    if (!chosen) return;
    const abort = new AbortController();
    controller.current = abort;
    setProblem(null);
    setProgress(0);
    try {
      await uploadIntroVideo({
        file: chosen.file,
        contentType: chosen.file.type as IntroVideoType,
        duration: chosen.duration,
        signal: abort.signal,
        onProgress: (fraction, stand) => {
          setProgress(fraction);
          setParts(stand);
        },
      });
      toasts.show({ id: "intro-video", type: "success", title: o.uploaded });
      setChosen(null);
      setFileName(null);
      setUnfinished(null);
      setResumable(false);
      await invalidate();
    } catch (error) {
      if (isAbort(error)) {
        toasts.show({ id: "intro-video", type: "info", title: o.uploadStopped });
        setResumable(false);
      } else if (isApiError(error) && (error.status === 0 || error.status >= 500)) {
        // The parts sent are kept at the Worker and the upload on this device: it resumes.
        setProblem(o.uploadBroke);
        setResumable(true);
      } else setProblem(errorMessage(errorCodeOf(error)));
    } finally {
      controller.current = null;
      setProgress(null);
      setParts(null);
    }
  }

  const uploading = progress !== null;
  useLeaveWarning(uploading);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{o.videoBody}</p>
      {unfinished && !chosen && !uploading && (
        <Notice tone="info">
          <span className="flex flex-wrap items-center gap-2">
            {o.unfinishedUpload}
            <Button variant="secondary" size="sm" onClick={() => void dropUnfinished()}>
              {o.dropUnfinished}
            </Button>
          </span>
        </Notice>
      )}
      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-3">
          <label
            htmlFor={inputId}
            className={cx(
              buttonClasses("secondary"),
              "cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
              uploading && "pointer-events-none opacity-60",
            )}
          >
            {arTutorJourney.onboarding.chooseVideo}
            <input
              id={inputId}
              type="file"
              accept="video/mp4,video/webm"
              disabled={uploading}
              onChange={(event) => void onChoose(event)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-error` : undefined}
              className="sr-only"
            />
          </label>
          <span className="min-w-0 text-sm text-slate-600">
            {fileName ? (
              <bdi dir="auto" className="break-all">
                {fileName}
              </bdi>
            ) : (
              arTutorJourney.onboarding.noFile
            )}
          </span>
        </div>
        {reading && <p className="text-sm text-slate-600">{arTutorJourney.onboarding.readingVideo}</p>}
        {problem && (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </div>
      {chosen && (
        <p className="text-sm text-slate-700">
          {arTutorJourney.onboarding.fileSummary(
            arTutorJourney.onboarding.megabytes(
              formatNumber(Math.round((chosen.file.size / 1024 / 1024) * 10) / 10),
            ),
            formatDuration(chosen.duration),
          )}
        </p>
      )}
      {uploading ? (
        <div className="flex flex-col gap-2" aria-live="polite">
          <ProgressBar label={o.uploadingVideo} value={progress * 100} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="flex flex-col text-sm text-slate-700">
              <span>{o.uploadProgress(formatPercent(progress))}</span>
              {parts && parts.partsTotal > 1 && (
                <span data-upload-parts={`${parts.partsDone}/${parts.partsTotal}`}>
                  {o.partsProgress(formatNumber(parts.partsDone), formatNumber(parts.partsTotal))}
                </span>
              )}
              {parts?.resumed && <span>{o.resuming}</span>}
              {parts && parts.retry > 0 && (
                <span role="status">
                  {o.retrying(formatNumber(parts.retry), formatNumber(RETRY_DELAYS_MS.length))}
                </span>
              )}
            </span>
            <Button variant="secondary" size="sm" onClick={() => controller.current?.abort()}>
              {arTutorJourney.onboarding.stopUpload}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button disabled={!chosen} onClick={() => void upload()}>
            {resumable && chosen ? o.resumeUpload : o.uploadVideo}
          </Button>
        </div>
      )}
    </div>
  );
}
