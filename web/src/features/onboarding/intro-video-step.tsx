import { useId, useRef, useState, type ChangeEvent } from "react";
import type { IntroVideoType } from "@schema/api/intro-video";
import type { OnboardingStep } from "@schema/api/onboarding";
import { ar, errorMessage } from "../../i18n/ar-EG";
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
import { isAbort, readVideoDuration, uploadIntroVideo } from "./upload";
import { useInvalidateOnboarding } from "./use-onboarding";

/** Step 2: the intro video's review state, or the uploader. */
export function IntroVideoStep({ step }: { step: OnboardingStep }) {
  if (step.state === "passed") return <Notice tone="success">{ar.onboarding.videoApproved}</Notice>;
  if (step.state === "pending") return <Notice tone="info">{ar.onboarding.videoPending}</Notice>;
  return (
    <div className="flex flex-col gap-3">
      {step.state === "rejected" && (
        <>
          <Notice tone="error">{ar.onboarding.videoRejected}</Notice>
          <StepFeedback feedback={step.feedback} />
          <p className="text-sm text-slate-700">{step.retryAt ? ar.onboarding.retryAt(formatDate(step.retryAt)) : ar.onboarding.retryNow}</p>
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
  return "\u2066" + ar.onboarding.duration(formatNumber(Math.floor(whole / 60)), String(whole % 60).padStart(2, "0").replace(/\d/g, (d) => formatNumber(Number(d)))) + "\u2069";
}

function VideoUploader() {
  const inputId = useId();
  const invalidate = useInvalidateOnboarding();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setFileName(file?.name ?? null);
    setChosen(null);
    setProblem(null);
    if (!file) return;
    const fileProblem = videoFileProblem(file);
    if (fileProblem) return setProblem(ar.onboarding.fileErrors[fileProblem]);
    setReading(true);
    try {
      const duration = await readVideoDuration(file);
      const tooLongOrShort = durationProblem(duration);
      if (tooLongOrShort) setProblem(errorMessage(tooLongOrShort));
      else setChosen({ file, duration });
    } catch {
      setProblem(ar.onboarding.fileErrors["video-unreadable"]);
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
        onProgress: setProgress,
      });
      toasts.show({ id: "intro-video", type: "success", title: ar.onboarding.uploaded });
      setChosen(null);
      setFileName(null);
      await invalidate();
    } catch (error) {
      if (isAbort(error)) toasts.show({ id: "intro-video", type: "info", title: ar.onboarding.uploadStopped });
      else setProblem(errorMessage(errorCodeOf(error)));
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  useLeaveWarning(uploading);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{ar.onboarding.videoBody}</p>
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
            {ar.onboarding.chooseVideo}
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
              ar.onboarding.noFile
            )}
          </span>
        </div>
        {reading && <p className="text-sm text-slate-600">{ar.onboarding.readingVideo}</p>}
        {problem && (
          <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </div>
      {chosen && (
        <p className="text-sm text-slate-700">
          {ar.onboarding.fileSummary(ar.onboarding.megabytes(formatNumber(Math.round((chosen.file.size / 1024 / 1024) * 10) / 10)), formatDuration(chosen.duration))}
        </p>
      )}
      {uploading ? (
        <div className="flex flex-col gap-2" aria-live="polite">
          <ProgressBar label={ar.onboarding.uploadingVideo} value={progress * 100} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm text-slate-700">{ar.onboarding.uploadProgress(formatPercent(progress))}</span>
            <Button variant="secondary" size="sm" onClick={() => controller.current?.abort()}>
              {ar.onboarding.stopUpload}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <Button disabled={!chosen} onClick={() => void upload()}>
            {ar.onboarding.uploadVideo}
          </Button>
        </div>
      )}
    </div>
  );
}
