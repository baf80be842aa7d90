import { useId, useState, type FormEvent } from "react";
import { cefrLevels, type CefrLevel } from "@schema/learning";
import { bounds } from "@schema/rules";
import { errorMessage } from "../../../i18n/ar-EG";
import { arProgress } from "../../../i18n/ar-EG-learning-progress";
import { errorCodeOf } from "../../../lib/api-error";
import { formatNumber } from "../../../lib/format";
import { Button } from "../../../ui/button";
import { cx } from "../../../ui/class-names";
import { Dialog } from "../../../ui/dialog";
import { Notice } from "../../../ui/notice";
import { TextField } from "../../../ui/text-field";
import { toasts } from "../../../ui/toast-store";
import { useSetLevel } from "./use-level";

const t = arProgress.level;

type LevelDialogProps = {
  studentId: number;
  studentName: string;
  lessonId: number;
  current: CefrLevel | null;
  onClose: () => void;
};

/** The tutor sets the student's level after a lesson: one of the six levels, each with its meaning, and a one-line reason. */
export function LevelDialog({ studentId, studentName, lessonId, current, onClose }: LevelDialogProps) {
  const [level, setLevel] = useState<CefrLevel | "">(current ?? "");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ level?: string; reason?: string; form?: string }>({});
  const save = useSetLevel(studentId);
  const baseId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = reason.trim();
    const found = {
      level: level === "" ? t.pickLevel : undefined,
      reason:
        text.length < bounds.levelReason.min
          ? errorMessage("short-level-reason")
          : text.length > bounds.levelReason.max
            ? errorMessage("long-level-reason")
            : undefined,
    };
    setErrors(found);
    if (found.level || found.reason || level === "") {
      const first = found.level ? `${baseId}-${cefrLevels[0]}` : `${baseId}-reason`;
      document.getElementById(first)?.focus();
      return;
    }
    save.mutate(
      { level, reason: text, lessonId },
      {
        onSuccess: () => {
          toasts.show({ id: "level-saved", type: "success", title: t.saved });
          onClose();
        },
        onError: (error) => {
          const code = errorCodeOf(error);
          if (
            code === "short-level-reason" ||
            code === "long-level-reason" ||
            code === "invalid-level-reason"
          )
            setErrors({ reason: errorMessage(code) });
          else setErrors({ form: errorMessage(code) });
        },
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title={t.dialogTitle(studentName)} description={t.dialogNote}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-level-form="">
        <fieldset
          aria-invalid={errors.level ? true : undefined}
          aria-describedby={errors.level ? `${baseId}-level-error` : undefined}
          className="flex flex-col gap-2"
        >
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            {t.choose}
            <span className="ms-1 text-red-700" aria-hidden="true">
              *
            </span>
          </legend>
          {cefrLevels.map((code) => (
            <label
              key={code}
              className={cx(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-3",
                "has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600",
                level === code ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white",
              )}
            >
              <input
                id={`${baseId}-${code}`}
                type="radio"
                name="level"
                value={code}
                checked={level === code}
                onChange={() => setLevel(code)}
                className="mt-1"
              />
              <span className="flex flex-col gap-0.5">
                <span className="font-bold text-slate-900">
                  <bdi dir="ltr" lang="en">
                    {code}
                  </bdi>{" "}
                  — {t.names[code]}
                </span>
                <span className="text-sm text-slate-700">{t.meanings[code]}</span>
              </span>
            </label>
          ))}
          {errors.level && (
            <p id={`${baseId}-level-error`} className="text-sm font-medium text-red-700">
              {errors.level}
            </p>
          )}
        </fieldset>
        <TextField
          id={`${baseId}-reason`}
          label={t.reason}
          required
          value={reason}
          maxLength={bounds.levelReason.max}
          hint={t.reasonHint(formatNumber(bounds.levelReason.max))}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value.replace(/[\r\n]+/g, " "))}
        />
        {errors.form && <Notice tone="error">{errors.form}</Notice>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t.saving : t.save}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
