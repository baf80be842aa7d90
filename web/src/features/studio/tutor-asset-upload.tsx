import { useId, useRef, useState, type ChangeEvent } from "react";
import { errorMessage } from "../../i18n/ar-EG";
import { arTutorJourney } from "../../i18n/ar-EG-tutor-journey";
import { errorCodeOf } from "../../lib/api-error";
import { formatPercent } from "../../lib/format";
import { useLeaveWarning } from "../../lib/use-leave-warning";
import { Button, buttonClasses } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Badge } from "../../ui/notice";
import { ProgressBar } from "../../ui/progress-bar";
import { toasts } from "../../ui/toast-store";
import { isAbort } from "../onboarding/upload";
import { acceptOf, assetProblem } from "./asset-rules";
import { useUploadTutorAsset, type TutorAssetKind } from "./use-studio";

const t = arTutorJourney.studio;

type TutorAssetUploadProps = {
  tutorId: number;
  kind: TutorAssetKind;
  current: string | null;
  disabled?: boolean;
};

/**
 * One of the tutor's three media (photo, video, thumbnail): what is there now, and a file chooser
 * that checks type and size in the browser, then uploads with progress and a stop button.
 */
export function TutorAssetUpload({ tutorId, kind, current, disabled = false }: TutorAssetUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const upload = useUploadTutorAsset();

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const local = assetProblem(kind, file);
    if (local) return setProblem(t.fileErrors[kind][local]);
    setProblem(null);
    setProgress(0);
    const abort = new AbortController();
    controller.current = abort;
    upload.mutate(
      { tutorId, kind, file, signal: abort.signal, onProgress: setProgress },
      {
        onSuccess: () => toasts.show({ id: `asset-${kind}`, type: "success", title: t.uploaded[kind] }),
        onError: (error) => {
          if (isAbort(error)) toasts.show({ id: `asset-${kind}`, type: "info", title: t.uploadStopped });
          else setProblem(errorMessage(errorCodeOf(error)));
        },
        onSettled: () => {
          controller.current = null;
          setProgress(null);
        },
      },
    );
  }

  const uploading = progress !== null;
  useLeaveWarning(uploading);
  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${inputId}-title`} className="font-bold text-slate-900">
          {t.assetTitles[kind]}
        </h3>
        <Badge tone={current ? "success" : "warning"}>{current ? t.assetUploaded : t.assetMissing}</Badge>
      </header>
      <Preview kind={kind} url={current} />
      <p id={hintId} className="text-sm text-slate-600">
        {t.assetHints[kind]}
      </p>
      {uploading ? (
        <div className="flex flex-col gap-2" aria-live="polite">
          <ProgressBar label={t.uploading[kind]} value={progress * 100} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm text-slate-700">{t.uploadProgress(formatPercent(progress))}</span>
            <Button variant="secondary" size="sm" onClick={() => controller.current?.abort()}>
              {t.stopUpload}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <label
            htmlFor={inputId}
            className={cx(
              buttonClasses("secondary", "sm"),
              "cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
              disabled && "pointer-events-none opacity-60",
            )}
          >
            {current ? t.replace[kind] : t.choose[kind]}
            <input
              id={inputId}
              type="file"
              accept={acceptOf(kind)}
              disabled={disabled}
              onChange={onChoose}
              aria-invalid={problem ? true : undefined}
              aria-describedby={[hintId, problem && errorId].filter(Boolean).join(" ")}
              className="sr-only"
            />
          </label>
        </div>
      )}
      {problem && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </section>
  );
}

function Preview({ kind, url }: { kind: TutorAssetKind; url: string | null }) {
  if (!url) return null;
  if (kind === "video")
    return (
      <video controls preload="metadata" src={url} className="aspect-video w-full rounded-lg bg-slate-900" />
    );
  return (
    <img
      src={url}
      alt={t.previewAlt[kind]}
      className={cx(
        "rounded-lg bg-slate-100 object-cover",
        kind === "image" ? "size-32" : "aspect-video w-full",
      )}
    />
  );
}
