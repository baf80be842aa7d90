import { useId, useRef, useState, type ChangeEvent } from "react";
import type { UserView } from "@schema/api/user";
import { bounds } from "@schema/rules";
import { errorMessage } from "../../i18n/ar-EG";
// Shows catalogue codes it works out itself: their messages must be here (web/src/i18n/error-catalogue.ts).
import "../../i18n/error-catalogue";
import { arProfile } from "../../i18n/ar-EG-profile";
import { useLeaveWarning } from "../../lib/use-leave-warning";
import { errorCodeOf } from "../../lib/api-error";
import { formatPercent } from "../../lib/format";
import { Button, buttonClasses } from "../../ui/button";
import { Notice } from "../../ui/notice";
import { ProgressBar } from "../../ui/progress-bar";
import { toasts } from "../../ui/toast-store";
import { UserAvatar } from "./user-avatar";
import { useAvatarUpload } from "./use-update-user";

const imageTypes = new Set(["image/jpeg", "image/png", "image/gif"]);

/** The avatar: jpg, png or gif up to 8 MB, uploaded with progress and a stop button. */
export function AvatarUpload({ user }: { user: UserView }) {
  const inputId = useId();
  const hintId = useId();
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const upload = useAvatarUpload(user.id);
  useLeaveWarning(upload.isPending);

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (!imageTypes.has(file.type)) return setProblem("invalid-image-type");
    if (file.size > bounds.fileBytes.avatar) return setProblem("large-file-size");
    setProblem(null);
    setProgress(0);
    abort.current = new AbortController();
    upload.mutate(
      { file, onProgress: setProgress, signal: abort.current.signal },
      {
        onSuccess: () => toasts.show({ id: "avatar", type: "success", title: arProfile.profile.uploaded }),
        onError: (error) => {
          if (error instanceof DOMException && error.name === "AbortError")
            toasts.show({ id: "avatar", type: "info", title: arProfile.profile.uploadAborted });
          else setProblem(errorCodeOf(error));
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
      <UserAvatar user={user} size="lg" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="font-medium text-slate-900">{arProfile.profile.avatar}</p>
        <p id={hintId} className="text-sm text-slate-600">
          {arProfile.profile.avatarHint}
        </p>
        {upload.isPending ? (
          <div className="flex flex-col gap-2">
            <ProgressBar label={arProfile.profile.uploading} value={progress * 100} />
            <div className="flex items-center justify-between gap-2 text-sm text-slate-700">
              <span aria-live="polite">{arProfile.profile.uploadProgress(formatPercent(progress))}</span>
              <Button variant="secondary" size="sm" onClick={() => abort.current?.abort()}>
                {arProfile.profile.abortUpload}
              </Button>
            </div>
          </div>
        ) : (
          <div>
            <input
              id={inputId}
              type="file"
              accept="image/jpeg,image/png,image/gif"
              aria-describedby={hintId}
              className="peer sr-only"
              onChange={onFileChosen}
            />
            <label
              htmlFor={inputId}
              className={buttonClasses(
                "secondary",
                "sm",
                "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
              )}
            >
              {arProfile.profile.chooseAvatar}
            </label>
          </div>
        )}
        {problem && <Notice tone="error">{errorMessage(problem)}</Notice>}
      </div>
    </div>
  );
}
