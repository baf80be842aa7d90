import { Link } from "react-router-dom";
import { ar } from "../i18n/ar-EG";
import { saveDebugLog } from "../lib/debug-log";
import { Button, buttonClasses } from "../ui/button";
import { cx } from "../ui/class-names";

/**
 * docs/product.md §2: a screen that fails to render shows this in its place; the root error view shows it
 * full-screen. Kept out of the lazy chunks so it works when a chunk fails to load.
 */
export function CrashScreen({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <div
      role="alert"
      className={cx(
        "flex flex-col items-center justify-center gap-4 px-4 py-16 text-center",
        fullScreen && "min-h-dvh bg-slate-50",
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-14 text-amber-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        aria-hidden="true"
      >
        <path
          d="M12 9v4m0 4h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h1 className="text-2xl font-bold text-slate-900">{ar.errors.crashTitle}</h1>
      <p className="max-w-md text-slate-700">{ar.errors.crashBody}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{ar.errors.reload}</Button>
        {fullScreen ? (
          <a href="/" className={buttonClasses("secondary")}>
            {ar.errors.goHome}
          </a>
        ) : (
          <Link to="/" className={buttonClasses("secondary")}>
            {ar.errors.goHome}
          </Link>
        )}
      </div>
      {/* docs/product.md §8: the debug log as a text file, to send to support with a problem report. */}
      <button
        type="button"
        onClick={() => saveDebugLog()}
        className="text-sm text-slate-700 underline focus-visible:outline-3 focus-visible:outline-brand-600"
      >
        {ar.errors.saveLog}
      </button>
    </div>
  );
}

export function RootCrashScreen() {
  return <CrashScreen fullScreen />;
}
