import { ar } from "../i18n/ar-EG";
import { cx } from "./class-names";

type SpinnerProps = { size?: "sm" | "md" | "lg"; label?: string; className?: string };

const sizes = { sm: "size-4", md: "size-6", lg: "size-12" } as const;

/** The loading animation (docs/product.md §9: 37 frames at 30 fps, i.e. one turn in 1233 ms). */
export function Spinner({ size = "md", label = ar.ui.loading, className }: SpinnerProps) {
  return (
    <span role="status" className={cx("inline-flex items-center", className)}>
      <svg
        className={cx(sizes[size], "animate-loading text-current")}
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A whole-area loading state, used while a lazy screen or its data loads. */
export function LoadingScreen({ label = ar.ui.loading }: { label?: string }) {
  return (
    <div className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 text-brand-700">
      <Spinner size="lg" label={label} />
      <p className="text-sm text-slate-600" aria-hidden="true">
        {label}
      </p>
    </div>
  );
}
