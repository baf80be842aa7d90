import { useId } from "react";
import { arNotes } from "../../../i18n/ar-EG-notes";
import { buttonClasses } from "../../../ui/button";

const accepted = "image/png,image/jpeg,image/webp,image/gif,application/pdf";

/**
 * An image or PDF for the homework or a reply: the browser's own file input stays hidden (its
 * words are the browser's, in English), a button-looking label in Arabic opens it, and the chosen
 * file's name shows beside it.
 */
export function NoteFilePicker({
  label,
  hint,
  file,
  onFile,
}: {
  label: string;
  hint?: string;
  file: File | null;
  onFile: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          accept={accepted}
          aria-label={label}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="peer sr-only"
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
        <label
          htmlFor={id}
          className={buttonClasses(
            "secondary",
            "sm",
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
          )}
        >
          {arNotes.file.choose}
        </label>
        <span className="text-sm text-slate-700">
          {file ? <bdi dir="auto">{file.name}</bdi> : arNotes.file.none}
        </span>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
